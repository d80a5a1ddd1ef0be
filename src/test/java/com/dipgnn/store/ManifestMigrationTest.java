package com.dipgnn.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import com.dipgnn.finetuning.FineTuneProvenance;
import com.dipgnn.graph.FeatureScaling;
import com.dipgnn.graph.FeatureStandardization;
import com.dipgnn.jobs.parameters.FinetuneParameters;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.Linear;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.optim.ModelInitialization;
import com.dipgnn.pretraining.PretrainConfig;
import com.dipgnn.pretraining.PretrainMethod;
import com.dipgnn.pretraining.PretrainProvenance;
import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.ranking.RankingLoss;
import com.dipgnn.runtime.Devices;
import com.dipgnn.sampling.SamplingConfig;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Manifests of every format load as typed records; a newer format is refused. */
class ManifestMigrationTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Saved by the format-1 code (see the README beside it). */
    private static final Path FORMAT1_MODEL = Path.of("src/test/resources/store/format1-model");

    @Test
    void aModelTheFormat1CodeSavedStillLoadsWithItsSettingsTyped(@TempDir Path tmp) throws Exception {
        Path dir = copy(FORMAT1_MODEL, tmp.resolve("model"));
        withParameters(dir);

        ModelManifest manifest = ModelStore.readManifest(dir);

        assertThat(manifest.format()).isEqualTo(ModelManifest.FORMAT);
        // from its hyperParameters: "sampling_depth": 2, "sampling_width": 128, "standardize_features": "auto"
        assertThat(manifest.preparation())
                .isEqualTo(new InputPreparation(
                        new SamplingConfig(2, 128), false, FeatureStandardization.AUTO, List.of("node")));
        assertThat(manifest.legacyHyperParameters())
                .containsEntry("best_step", 4)
                .containsEntry("split", "transfer");
        assertThat(manifest.runtime()).as("format 1 recorded none").isNull();
        assertThat(FineTuneProvenance.of(manifest)).isEmpty();
        assertThat(manifest.modelConfig().hidden()).isEqualTo(8);
        assertThat(FeatureScaling.loadIfPresent(dir)).isPresent();
        Devices.engine();
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            // the checksums format 1 recorded are verified as before
            ModelStore.LoadedModel loaded = ModelStore.load(dir, manager, m -> new Linear(m.hidden(), 5, true));
            assertThat(loaded.encoder().parameterCount()).isPositive();
        }
    }

    @Test
    void aFormat1ManifestWithoutSettingsReadsAsThatCodeTrained() throws IOException {
        ModelManifest manifest = ManifestMigration.read(JSON, JSON.readTree(format1("{}")));

        assertThat(manifest.preparation())
                .isEqualTo(new InputPreparation(
                        new SamplingConfig(6, 128), false, FeatureStandardization.NONE, List.of()));
        assertThat(manifest.provenance()).isEmpty();
    }

    @Test
    void aPretrainedFormat1ModelRecordedOnlyItsStandardisedTypes() throws IOException {
        ModelManifest manifest = ManifestMigration.read(
                JSON, JSON.readTree(format1("{\"standardized_feature_types\": [\"paper\"], \"sampling_depth\": 4}")));

        assertThat(manifest.preparation())
                .isEqualTo(new InputPreparation(
                        new SamplingConfig(4, 128), false, FeatureStandardization.AUTO, List.of("paper")));
    }

    /** Read by hand from the fixtures' task maps. */
    private static final ModelTask NODE = new ModelTask.NodeClassification("node", 5, false, 200, 200, 200);

    private static final ModelTask LINK = new ModelTask.LinkPrediction(
            "query__clicked__product", 255, 255, RankingLoss.SOFTMAX, NegativeSampling.UNIFORM, 0.1, 918, 262, 206);

    private static final ModelTask PRETRAIN =
            new ModelTask.Pretraining("dipgnn", "discriminator", "community-pretrain");

    @ParameterizedTest
    @CsvSource({
        "format1-model/manifest.json, node",
        "format2/node.json,           node",
        "format1/link.json,           link",
        "format2/link.json,           link",
        "format1/pretrain.json,       pretrain",
        "format2/pretrain.json,       pretrain"
    })
    void theTaskMapOfFormats1And2ReadsAsTheTypedTask(String fixture, String kind) throws IOException {
        JsonNode json = JSON.readTree(
                Path.of("src/test/resources/store").resolve(fixture).toFile());
        ModelTask expected =
                Map.of("node", NODE, "link", LINK, "pretrain", PRETRAIN).get(kind);

        ModelManifest manifest = ManifestMigration.read(JSON, json);

        assertThat(manifest.format()).isEqualTo(3);
        assertThat(manifest.task()).isEqualTo(expected);
        assertThat(manifest.task().kind()).isEqualTo(kind);
        ModelManifest again = ManifestMigration.read(JSON, JSON.readTree(JSON.writeValueAsString(manifest)));
        assertThat(again.task()).as("format 3 reads back as written").isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({"format2/node.json", "format2/link.json", "format2/pretrain.json"})
    void formatThreeWritesTheTaskAsFormatTwoDidSoTheModelApiReturnsTheSameJson(String fixture) throws IOException {
        JsonNode format2 = JSON.readTree(
                Path.of("src/test/resources/store").resolve(fixture).toFile());

        JsonNode written = JSON.readTree(JSON.writeValueAsString(ManifestMigration.read(JSON, format2)));

        assertThat(written.get("task")).isEqualTo(format2.get("task"));
    }

    @Test
    void theLossIsWrittenInLowerCaseAndTheNegativesWithHyphensAsFormatTwoWroteThem() throws IOException {
        ModelTask task = new ModelTask.LinkPrediction(
                "a__to__b", 3, 0, RankingLoss.DOT_SOFTMAX, NegativeSampling.UNIFORM_LOGQ, 0.5, 1, 1, 1);

        JsonNode written = JSON.valueToTree(task);

        assertThat(written.get("loss").asText()).isEqualTo("dot_softmax");
        assertThat(written.get("negative_sampling").asText()).isEqualTo("uniform-logq");
        assertThat(JSON.treeToValue(written, ModelTask.class)).isEqualTo(task);
    }

    @Test
    void aLinkModelFromBeforeTheChoiceOfLossTrainedWithTheSoftmaxOverUniformNegatives() throws IOException {
        ObjectNode json = (ObjectNode) JSON.readTree(
                Path.of("src/test/resources/store/format1/link.json").toFile());
        ((ObjectNode) json.get("task")).remove(List.of("loss", "negative_sampling"));
        ((ObjectNode) json.get("task")).put("temperature", 0.2);

        ModelTask.LinkPrediction task =
                (ModelTask.LinkPrediction) ManifestMigration.read(JSON, json).task();

        assertThat(task.loss()).isEqualTo(RankingLoss.SOFTMAX);
        assertThat(task.negativeSampling()).isEqualTo(NegativeSampling.UNIFORM);
        assertThat(task.temperature()).isEqualTo(0.2);
    }

    @Test
    void theStoredNamesOfLossAndNegativesReadAsTheirConstants() throws IOException {
        ObjectNode json = (ObjectNode) JSON.readTree(
                Path.of("src/test/resources/store/format2/link.json").toFile());
        ((ObjectNode) json.get("task")).put("loss", "dot_softmax").put("negative_sampling", "uniform-logq");

        ModelTask.LinkPrediction task =
                (ModelTask.LinkPrediction) ManifestMigration.read(JSON, json).task();

        assertThat(task.loss()).isEqualTo(RankingLoss.DOT_SOFTMAX);
        assertThat(task.negativeSampling()).isEqualTo(NegativeSampling.UNIFORM_LOGQ);
    }

    @Test
    void aTaskMapWithoutAKeyItAlwaysHadIsReportedAsDamage() throws IOException {
        ObjectNode json = (ObjectNode) JSON.readTree(
                Path.of("src/test/resources/store/format2/node.json").toFile());
        ((ObjectNode) json.get("task")).remove("num_classes");

        assertThatThrownBy(() -> ManifestMigration.read(JSON, json))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no 'num_classes'")
                .hasMessageContaining("damaged");
    }

    @Test
    void aTaskThisVersionDoesNotKnowReadsAsUnknownInEveryFormat() throws IOException {
        ObjectNode format2 = (ObjectNode) JSON.readTree(
                Path.of("src/test/resources/store/format2/node.json").toFile());
        ((ObjectNode) format2.get("task")).put("task", "regression");
        ModelManifest migrated = ManifestMigration.read(JSON, format2);
        ModelManifest format3 = ManifestMigration.read(JSON, JSON.readTree(JSON.writeValueAsString(migrated)));

        assertThat(migrated.task()).isEqualTo(new ModelTask.UnknownTask("regression"));
        assertThat(format3.task()).isEqualTo(new ModelTask.UnknownTask("regression"));
    }

    @Test
    void aNewerFormatIsRefusedWithTheFix() {
        assertThatThrownBy(() -> ManifestMigration.read(JSON, JSON.readTree("{\"format\": 4}")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("format 4")
                .hasMessageContaining("upgrade DiP-GNN");
    }

    @Test
    void theStagesConfigurationRecordsComeBackEqual() throws IOException {
        PretrainConfig pretrain =
                PretrainConfig.PAPER_DEFAULT.withMethod(PretrainMethod.GPT_GNN).withSeed(3);
        FineTuneProvenance finetune = new FineTuneProvenance(
                FinetuneParameters.forTask("link").toSpec(null),
                5,
                40,
                Map.of("user", 12),
                Map.of("user", "pre-trained rows"));
        ModelManifest written = withStages(pretrain, finetune);

        ModelManifest read = ManifestMigration.read(JSON, JSON.readTree(JSON.writeValueAsString(written)));

        assertThat(JSON.writeValueAsString(read)).isEqualTo(JSON.writeValueAsString(written));
        assertThat(PretrainProvenance.of(read).orElseThrow().config()).isEqualTo(pretrain);
        assertThat(FineTuneProvenance.of(read).orElseThrow()).isEqualTo(finetune);
    }

    /** Sections written before the whole-graph memory bound could be set lack it: they read with the 8 GiB then fixed. */
    @Test
    void stagesWrittenBeforeTheMemoryBoundExistedReadWithTheBoundThatThenApplied() throws IOException {
        PretrainConfig pretrain = PretrainConfig.PAPER_DEFAULT;
        FineTuneProvenance finetune =
                new FineTuneProvenance(FinetuneParameters.forTask("link").toSpec(null), 5, 40, Map.of(), Map.of());
        ModelManifest written = withStages(pretrain, finetune);
        ObjectNode json = (ObjectNode) JSON.readTree(JSON.writeValueAsString(written));
        ((ObjectNode) json.path("provenance").path("pretrain").path("config")).remove("fullGraphMaxBytes");
        ((ObjectNode) json.path("provenance").path("finetune").path("spec")).remove("fullGraphMaxBytes");
        assertThat(json.toString()).doesNotContain("fullGraphMaxBytes");

        ModelManifest read = ManifestMigration.read(JSON, json);

        assertThat(PretrainProvenance.of(read).orElseThrow().config().fullGraphMaxBytes())
                .isEqualTo(8L << 30);
        assertThat(FineTuneProvenance.of(read).orElseThrow().spec().fullGraphMaxBytes())
                .isEqualTo(8L << 30);
        assertThat(FineTuneProvenance.of(read).orElseThrow()).isEqualTo(finetune);
    }

    /** Sections written before the learning-rate warmups could be set lack them: they read as none (0). */
    @Test
    void aPretrainingWrittenBeforeTheWarmupExistedReadsWithoutOne() throws IOException {
        PretrainConfig pretrain = PretrainConfig.PAPER_DEFAULT;
        FineTuneProvenance finetune =
                new FineTuneProvenance(FinetuneParameters.forTask("link").toSpec(null), 5, 40, Map.of(), Map.of());
        ObjectNode json = (ObjectNode) JSON.readTree(JSON.writeValueAsString(withStages(pretrain, finetune)));
        ObjectNode config =
                (ObjectNode) json.path("provenance").path("pretrain").path("config");
        config.remove("warmupSteps");
        config.remove("textWarmupSteps");
        assertThat(json.toString()).doesNotContain("warmupSteps").doesNotContain("WarmupSteps");

        PretrainConfig read = PretrainProvenance.of(ManifestMigration.read(JSON, json))
                .orElseThrow()
                .config();

        assertThat(read.warmupSteps()).isZero();
        assertThat(read.textWarmupSteps()).isZero();
        assertThat(read).isEqualTo(pretrain);
    }

    /** A manifest of a model pre-trained by {@code pretrain} (keeping the generator) and fine-tuned as {@code finetune}. */
    private static ModelManifest withStages(PretrainConfig pretrain, FineTuneProvenance finetune) {
        return ModelManifest.of(
                        ModelConfig.PAPER_DEFAULT,
                        new GraphSchema(new LinkedHashMap<>(Map.of("user", 0)), List.of()),
                        LINK,
                        "d",
                        "f",
                        1,
                        InputPreparation.defaults(),
                        Map.of())
                .withSection(
                        PretrainProvenance.SECTION,
                        new PretrainProvenance(pretrain, PretrainMethod.Kept.GENERATOR, 30, 1.5))
                .withSection(FineTuneProvenance.SECTION, finetune);
    }

    @Test
    void aSectionOfAnotherShapeIsReportedAsDamage() throws IOException {
        ModelManifest manifest = ManifestMigration.read(JSON, JSON.readTree(format1("{}")))
                .withSection(PretrainProvenance.SECTION, InputPreparation.defaults());

        assertThatThrownBy(() -> PretrainProvenance.of(manifest))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'pretrain' section")
                .hasMessageContaining("damaged");
    }

    private static String format1(String hyperParameters) {
        return "{\"format\": 1, \"createdAt\": \"t\", \"codeVersion\": \"v\", \"backbone\": \"HGT\", \"layers\": 2, "
                + "\"hidden\": 16, \"heads\": 2, \"dropout\": 0.2, \"attentionDropout\": 0.0, "
                + "\"featureDims\": {\"node\": 4}, \"relations\": [], \"task\": {\"task\": \"node\", \"target_type\": \"node\", "
                + "\"num_classes\": 5, \"multi_label\": false, \"train\": 200, \"val\": 200, \"test\": 200}, "
                + "\"dataset\": \"d\", \"datasetFingerprint\": \"f\", \"splitSeed\": 0, "
                + "\"hyperParameters\": " + hyperParameters + ", \"metrics\": {}}";
    }

    /**
     * Writes parameters of the format-1 manifest's architecture (git keeps no binary files) and
     * puts their checksums into its file list, where the format-1 code wrote those of its own.
     */
    private static void withParameters(Path dir) throws Exception {
        com.fasterxml.jackson.databind.node.ObjectNode raw =
                (ObjectNode) JSON.readTree(dir.resolve("manifest.json").toFile());
        ModelManifest manifest = ManifestMigration.read(JSON, raw);
        Devices.engine();
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            com.dipgnn.model.GraphEncoder encoder =
                    new com.dipgnn.model.GraphEncoder(manifest.schema(), manifest.modelConfig());
            Linear head = new Linear(manifest.hidden(), 5, true);
            ModelInitialization.initialize(4, manager, encoder, head);
            for (var entry : Map.of("encoder.params", (com.dipgnn.model.GraphModule) encoder, "head.params", head)
                    .entrySet()) {
                try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(dir.resolve(entry.getKey())))) {
                    entry.getValue().save(out);
                }
            }
        }
        raw.set("files", JSON.valueToTree(ModelFileChecksums.of(dir, "manifest.json")));
        JSON.writeValue(dir.resolve("manifest.json").toFile(), raw);
    }

    private static Path copy(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : files.filter(f -> !f.getFileName().toString().endsWith(".md"))
                    .toList()) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
        return to;
    }
}
