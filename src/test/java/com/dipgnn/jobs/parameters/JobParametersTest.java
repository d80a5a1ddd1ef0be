package com.dipgnn.jobs.parameters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.FeatureStandardization;
import com.dipgnn.jobs.runner.JobKind;
import com.dipgnn.jobs.runner.JobParameterException;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.NodeInputConfig;
import com.dipgnn.model.TypeSelection;
import com.dipgnn.pretraining.FeatureReplacement;
import com.dipgnn.pretraining.GeneratedEdges;
import com.dipgnn.pretraining.ObjectiveVariant;
import com.dipgnn.pretraining.PretrainConfig;
import com.dipgnn.pretraining.PretrainMethod;
import com.dipgnn.ranking.PopularityPriorSetting;
import com.dipgnn.store.InputPreparation;
import com.dipgnn.store.ManifestMigration;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.store.ModelTask;
import com.dipgnn.text.TextInputScope;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** Absent fields take the paper's defaults; bean validation names each out-of-range field. */
class JobParametersTest {

    private static final ValidatorFactory FACTORY = jakarta.validation.Validation.buildDefaultValidatorFactory();
    private static final Validator VALIDATOR = FACTORY.getValidator();
    private static final ObjectMapper JSON = new ObjectMapper();

    @AfterAll
    static void close() {
        FACTORY.close();
    }

    @Test
    void pretrainingDrawsRealReplacementsAndSourcesByDefaultAndTakesThePapersPicks() throws Exception {
        ObjectiveVariant defaults =
                PretrainParameters.defaults().toPretrainConfig().variant();
        assertThat(defaults.featureReplacement()).isEqualTo(FeatureReplacement.SAMPLED);
        assertThat(defaults.generatedEdges()).isEqualTo(GeneratedEdges.SAMPLED);
        ObjectiveVariant paper = JSON.readValue(
                        "{\"featureReplacement\": \"regressed\", " + "\"generatedEdges\": \"most-likely\"}",
                        PretrainParameters.class)
                .toPretrainConfig()
                .variant();
        assertThat(paper.featureReplacement()).isEqualTo(FeatureReplacement.REGRESSED);
        assertThat(paper.generatedEdges()).isEqualTo(GeneratedEdges.MOST_LIKELY);

        PretrainParameters bad = JSON.readValue(
                "{\"featureReplacement\": \"random\", \"generatedEdges\": " + "\"argmax\"}", PretrainParameters.class);
        assertThat(VALIDATOR.validate(bad))
                .extracting(v -> v.getPropertyPath().toString())
                .containsExactlyInAnyOrder("featureReplacement", "generatedEdges");
        org.assertj.core.api.Assertions.assertThatThrownBy(bad::toPretrainConfig)
                .isInstanceOfSatisfying(
                        JobParameterException.class, e -> assertThat(e.field()).isEqualTo("featureReplacement"));
    }

    @Test
    void theNegativesDialAndTheDropoutReachThePreTraining() throws Exception {
        PretrainConfig defaults = PretrainParameters.defaults().toPretrainConfig();
        assertThat(defaults.variant().generatorShare()).isEqualTo(0.0);
        assertThat(defaults.dropout()).isEqualTo(0.2);
        PretrainConfig dial = JSON.readValue(
                        "{\"generatorShare\": 0.25, \"generatorTemperature\": 0.5, \"hardeningSteps\": 40, "
                                + "\"generatorWidth\": 0.5, \"dropout\": 0.1}",
                        PretrainParameters.class)
                .toPretrainConfig();
        assertThat(dial.variant())
                .isEqualTo(ObjectiveVariant.DEFAULT.withNegatives(0.25, 0.5, 40).withGeneratorWidth(0.5));
        assertThat(dial.dropout()).isEqualTo(0.1);
        PretrainParameters bad =
                JSON.readValue("{\"generatorShare\": 2, \"generatorWidth\": 0}", PretrainParameters.class);
        assertThat(VALIDATOR.validate(bad))
                .extracting(v -> v.getPropertyPath().toString())
                .containsExactlyInAnyOrder("generatorShare", "generatorWidth");
    }

    @Test
    void aNarrowGeneratorToKeepIsRefusedWhenTheJobIsSubmitted() throws Exception {
        PretrainParameters keptNarrow =
                JSON.readValue("{\"generatorWidth\": 0.5, \"keep\": \"generator\"}", PretrainParameters.class);
        assertThatThrownBy(
                        () -> keptNarrow.validateAgainst(com.dipgnn.graph.synthetic.SyntheticGraphs.community(1), null))
                .isInstanceOfSatisfying(JobParameterException.class, e -> {
                    assertThat(e.field()).isEqualTo("generatorWidth");
                    assertThat(e.getMessage()).contains("cannot be kept");
                });
    }

    @Test
    void thePapersObjectiveIsOneFieldAndSingleSettingsOverrideIt() throws Exception {
        assertThat(JSON.readValue("{\"objective\": \"paper\"}", PretrainParameters.class)
                        .toPretrainConfig()
                        .variant())
                .isEqualTo(ObjectiveVariant.PAPER);
        ObjectiveVariant mixed = JSON.readValue(
                        "{\"objective\": \"paper\", \"generatedEdges\": \"sampled\"}", PretrainParameters.class)
                .toPretrainConfig()
                .variant();
        assertThat(mixed.generatedEdges()).isEqualTo(GeneratedEdges.SAMPLED);
        assertThat(mixed.featureReplacement()).isEqualTo(ObjectiveVariant.PAPER.featureReplacement());
        assertThat(mixed.reduction()).isEqualTo(ObjectiveVariant.PAPER.reduction());
        PretrainParameters bad = JSON.readValue("{\"objective\": \"electra\"}", PretrainParameters.class);
        assertThat(VALIDATOR.validate(bad))
                .extracting(v -> v.getPropertyPath().toString())
                .containsExactly("objective");
    }

    @Test
    void textInputsDefaultToEveryTypeWithTextAndTakeFeatureless() throws Exception {
        assertThat(FinetuneParameters.defaults().toSpec(null).textInputs()).isEqualTo(TextInputScope.ALL);
        assertThat(JSON.readValue("{\"textInputs\": \"featureless\"}", FinetuneParameters.class)
                        .toSpec(null)
                        .textInputs())
                .isEqualTo(TextInputScope.FEATURELESS);
        assertThat(PretrainParameters.defaults().textInputScope()).isEqualTo(TextInputScope.ALL);
        assertThat(JSON.readValue("{\"textInputs\": \"featureless\"}", PretrainParameters.class)
                        .textInputScope())
                .isEqualTo(TextInputScope.FEATURELESS);
        PretrainParameters bad = JSON.readValue("{\"textInputs\": \"some\"}", PretrainParameters.class);
        assertThat(VALIDATOR.validate(bad))
                .extracting(v -> v.getPropertyPath().toString())
                .containsExactly("textInputs");
        org.assertj.core.api.Assertions.assertThatThrownBy(bad::textInputScope)
                .isInstanceOfSatisfying(
                        JobParameterException.class, e -> assertThat(e.field()).isEqualTo("textInputs"));
    }

    @Test
    void theLinkTemperatureDefaultsByTheSplitReachesTheSpecAndMustBePositive() throws Exception {
        assertThat(FinetuneParameters.forTask("link").linkTemperature()).isEqualTo(0.1);
        FinetuneParameters edgeSplit =
                JSON.readValue("{\"task\": \"link\", \"split\": \"dataset\"}", FinetuneParameters.class);
        assertThat(edgeSplit.linkTemperature()).isEqualTo(0.025);
        FinetuneParameters given = JSON.readValue(
                "{\"task\": \"link\", \"split\": \"dataset\", " + "\"linkTemperature\": 0.2}",
                FinetuneParameters.class);
        assertThat(given.toSpec(null).temperature()).isEqualTo(0.2);
        for (String bad : new String[] {"0", "-0.1", "1000"}) {
            FinetuneParameters p = JSON.readValue("{\"linkTemperature\": " + bad + "}", FinetuneParameters.class);
            assertThat(VALIDATOR.validate(p))
                    .as(bad)
                    .extracting(v -> v.getPropertyPath().toString())
                    .containsExactly("linkTemperature");
        }
    }

    @Test
    void thePopularityPriorDefaultsToAutoAndTakesOffOrAWeight() throws Exception {
        assertThat(FinetuneParameters.defaults().popularityPrior()).isEqualTo("auto");
        assertThat(FinetuneParameters.defaults().popularityPriorSetting()).isEqualTo(PopularityPriorSetting.AUTO);
        assertThat(JSON.readValue("{\"popularityPrior\": \"off\"}", FinetuneParameters.class)
                        .popularityPriorSetting())
                .isEqualTo(PopularityPriorSetting.OFF);
        assertThat(JSON.readValue("{\"popularityPrior\": \"0.02\"}", FinetuneParameters.class)
                        .popularityPriorSetting())
                .isEqualTo(new PopularityPriorSetting(false, 0.02));
        for (String bad : new String[] {"lots", "-0.1", "0.02.1"}) {
            FinetuneParameters p = JSON.readValue("{\"popularityPrior\": \"" + bad + "\"}", FinetuneParameters.class);
            assertThat(VALIDATOR.validate(p))
                    .as(bad)
                    .extracting(v -> v.getPropertyPath().toString())
                    .containsExactly("popularityPrior");
            assertThatThrownBy(p::popularityPriorSetting).as(bad).isInstanceOf(JobParameterException.class);
        }
    }

    @Test
    void featureStandardisationDefaultsToAutoAndTakesNone() throws Exception {
        assertThat(FinetuneParameters.defaults().standardizeFeatures()).isEqualTo("auto");
        assertThat(FinetuneParameters.defaults().toSpec(null).standardizeFeatures())
                .isEqualTo(FeatureStandardization.AUTO);
        assertThat(JSON.readValue("{\"standardizeFeatures\": \"none\"}", FinetuneParameters.class)
                        .toSpec(null)
                        .standardizeFeatures())
                .isEqualTo(FeatureStandardization.NONE);
        assertThat(PretrainParameters.defaults().featureStandardization()).isEqualTo(FeatureStandardization.AUTO);
        assertThat(JSON.readValue("{\"standardizeFeatures\": \"none\"}", PretrainParameters.class)
                        .featureStandardization())
                .isEqualTo(FeatureStandardization.NONE);

        FinetuneParameters bad = JSON.readValue("{\"standardizeFeatures\": \"zscore\"}", FinetuneParameters.class);
        assertThat(VALIDATOR.validate(bad))
                .extracting(v -> v.getPropertyPath().toString())
                .containsExactly("standardizeFeatures");
        org.assertj.core.api.Assertions.assertThatThrownBy(bad::featureStandardization)
                .isInstanceOfSatisfying(
                        JobParameterException.class, e -> assertThat(e.field()).isEqualTo("standardizeFeatures"));
        PretrainParameters badPretrain =
                JSON.readValue("{\"standardizeFeatures\": \"zscore\"}", PretrainParameters.class);
        assertThat(VALIDATOR.validate(badPretrain))
                .extracting(v -> v.getPropertyPath().toString())
                .containsExactly("standardizeFeatures");
    }

    @Test
    void pretrainDefaultsAreThePapers() {
        PretrainParameters p = PretrainParameters.defaults();

        assertThat(p.kind()).isEqualTo(JobKind.PRETRAIN);
        assertThat(p.method()).isEqualTo("dipgnn");
        assertThat(p.backbone()).isEqualTo("hgt");
        assertThat(List.of(p.layers(), p.hidden(), p.heads())).containsExactly(3, 400, 8);
        assertThat(p.dropout()).isEqualTo(0.2);
        assertThat(p.learningRate()).isEqualTo(1e-3);
        assertThat(p.weightDecay()).isEqualTo(0.01);
        assertThat(p.clipNorm()).isEqualTo(0.5);
        assertThat(p.edgeMaskRatio()).isEqualTo(0.2);
        assertThat(p.featureMaskRatio()).isEqualTo(0.2);
        assertThat(p.negatives()).isEqualTo(255);
        assertThat(p.alpha()).isEqualTo(1.0);
        assertThat(p.lambda()).isEqualTo(20.0);
        assertThat(p.temperature()).isEqualTo(PretrainConfig.DEFAULT_TEMPERATURE);
        assertThat(p.samplingDepth()).isEqualTo(6);
        assertThat(p.samplingWidth()).isEqualTo(128);
        assertThat(p.splitNodeType()).isNull();
        assertThat(p.keep()).as("DiP-GNN keeps the discriminator").isEqualTo("discriminator");
        // but the text pair's warmup: the default objective's 100 steps (the engine's default is none)
        assertThat(p.textWarmupSteps()).isEqualTo(100);
        assertThat(p.toPretrainConfig())
                .isEqualTo(PretrainConfig.PAPER_DEFAULT.toBuilder()
                        .textWarmupSteps(100)
                        .build());
        assertThat(p.modelConfig()).isEqualTo(ModelConfig.PAPER_DEFAULT);
        assertThat(p.keptNetwork()).isEqualTo(PretrainMethod.Kept.DISCRIMINATOR);
        assertThat(VALIDATOR.validate(p)).isEmpty();
    }

    @Test
    void pretrainKeepDefaultsToTheMethodsOwnChoice() {
        PretrainParameters gae = new PretrainParameters(
                "gae", null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null, null, null, null);

        assertThat(gae.keep()).isEqualTo("generator");
        assertThat(gae.toPretrainConfig().method()).isEqualTo(PretrainMethod.GAE);
    }

    @Test
    void finetuneDefaultsAreThePapersTable7PerTask() {
        FinetuneParameters node = FinetuneParameters.defaults();
        ExperimentSpec spec = node.toSpec(null);

        assertThat(node.kind()).isEqualTo(JobKind.FINETUNE);
        assertThat(node.task()).isEqualTo("node");
        assertThat(node.split()).isEqualTo("transfer");
        assertThat(node.pretrainedModelId()).isNull();
        assertThat(List.of(node.steps(), node.batchSize(), node.evalEvery(), node.patience()))
                .containsExactly(2400, 256, 20, 20);
        assertThat(node.learningRate()).isEqualTo(0.0015);
        assertThat(node.dropout()).isEqualTo(0.3);
        assertThat(node.weightDecay()).isZero();
        assertThat(node.clipNorm()).isEqualTo(0.5);
        assertThat(node.labelFraction()).isEqualTo(1.0);
        assertThat(node.checkpointEvery()).as("a checkpoint per validation").isEqualTo(20);
        assertThat(spec.task()).isEqualTo(TaskKind.NODE_CLASSIFICATION);
        assertThat(spec.split()).isEqualTo(SplitMode.TRANSFER);
        assertThat(spec.model()).isEqualTo(ModelConfig.PAPER_DEFAULT.withDropout(0.3));
        assertThat(spec.sampling().depth()).isEqualTo(6);
        assertThat(spec.sampling().width()).isEqualTo(128);
        assertThat(VALIDATOR.validate(node)).isEmpty();

        FinetuneParameters link = FinetuneParameters.forTask("link");
        assertThat(link.steps()).isEqualTo(1600);
        assertThat(link.learningRate()).isEqualTo(0.001);
        assertThat(link.dropout()).isEqualTo(0.1);
        assertThat(link.toSpec(null).task()).isEqualTo(TaskKind.LINK_PREDICTION);
        assertThat(link.toSpec(null).evalNegatives()).isEqualTo(255);
    }

    @Test
    void finetuneArchitectureComesFromThePretrainedModelWhenAbsent() {
        ModelManifest pretrained = ModelManifest.of(
                new ModelConfig(Backbone.GAT, 2, 64, 4, 0.2, 0.0),
                new com.dipgnn.model.GraphSchema(new LinkedHashMap<>(Map.of("node", 8)), List.of()),
                new ModelTask.Pretraining("dipgnn", "discriminator", "d-pretrain"),
                "d",
                "f",
                0,
                InputPreparation.defaults(),
                Map.of());

        FinetuneParameters resolved = FinetuneParameters.defaults().withDefaults(pretrained);

        assertThat(resolved.backbone()).isEqualTo("gat");
        assertThat(List.of(resolved.layers(), resolved.hidden(), resolved.heads()))
                .containsExactly(2, 64, 4);
        assertThat(resolved.dropout())
                .as("fine-tuning dropout stays the task's")
                .isEqualTo(0.3);
        assertThat(FinetuneParameters.defaults().toSpec(pretrained).model().backbone())
                .isEqualTo(Backbone.GAT);
    }

    @Test
    void withDefaultsPinsTheNodeInputsAJobWouldResolveSoALaterDefaultCannotChangeAStoredJob() {
        FinetuneParameters scratch = FinetuneParameters.forTask("link").withDefaults(null);
        assertThat(List.of(scratch.nodeEmbeddings(), scratch.structuralInputs()))
                .containsExactly("auto", "auto");
        assertThat(scratch.embeddingRowDropout()).isEqualTo(0.1);
        assertThat(scratch.embeddingWidth()).as("follows the hidden width").isNull();

        NodeInputConfig parentInputs =
                new NodeInputConfig(TypeSelection.parse("user,item"), 32, TypeSelection.NONE, 0.25);
        ModelManifest pretrained = ModelManifest.of(
                new ModelConfig(Backbone.GAT, 2, 64, 4, 0.2, 0.0, parentInputs),
                new com.dipgnn.model.GraphSchema(new LinkedHashMap<>(Map.of("user", 0, "item", 0)), List.of()),
                new ModelTask.Pretraining("dipgnn", "discriminator", "d-pretrain"),
                "d",
                "f",
                0,
                InputPreparation.defaults(),
                Map.of());
        FinetuneParameters fromParent = FinetuneParameters.forTask("link").withDefaults(pretrained);
        assertThat(List.of(fromParent.nodeEmbeddings(), fromParent.structuralInputs()))
                .containsExactly("user,item", "none");
        assertThat(fromParent.embeddingWidth()).isEqualTo(32);
        assertThat(fromParent.embeddingRowDropout()).isEqualTo(0.25);
        assertThat(fromParent.toSpec(null).model().nodeInputs())
                .as("pinned, they need the parent no more")
                .isEqualTo(parentInputs);
        assertThat(fromParent.withDefaults(pretrained))
                .as("filling twice changes nothing")
                .isEqualTo(fromParent);
    }

    @Test
    void pretrainingStoresItsNodeInputsFilledAndTakesStructuralInputsAndRowDropout() throws Exception {
        PretrainParameters defaults = PretrainParameters.defaults();
        assertThat(List.of(defaults.nodeEmbeddings(), defaults.structuralInputs()))
                .containsExactly("auto", "auto");
        assertThat(defaults.embeddingRowDropout()).isEqualTo(0.1);
        assertThat(defaults.modelConfig().nodeInputs()).isEqualTo(NodeInputConfig.DEFAULT);

        PretrainParameters chosen = JSON.readValue(
                "{\"structuralInputs\": \"none\", \"embeddingRowDropout\": 0.0, " + "\"nodeEmbeddings\": \"user\"}",
                PretrainParameters.class);
        assertThat(chosen.modelConfig().nodeInputs())
                .isEqualTo(new NodeInputConfig(TypeSelection.parse("user"), 0, TypeSelection.NONE, 0.0));
        assertThat(JSON.readValue(JSON.writeValueAsString(chosen), PretrainParameters.class))
                .isEqualTo(chosen);
        assertThat(violatedFields(JSON.readValue("{\"embeddingRowDropout\": 1.0}", PretrainParameters.class)))
                .containsExactly("embeddingRowDropout");
    }

    @Test
    void absentJsonFieldsTakeTheDefaults() throws Exception {
        PretrainParameters pretrain =
                JSON.readValue("{\"steps\": 50, \"method\": \"gpt-gnn\"}", PretrainParameters.class);
        FinetuneParameters finetune =
                JSON.readValue("{\"task\": \"link\", \"learningRate\": 0.01}", FinetuneParameters.class);

        assertThat(pretrain.steps()).isEqualTo(50);
        assertThat(pretrain.keep()).isEqualTo("generator");
        assertThat(pretrain.negatives()).isEqualTo(255);
        assertThat(finetune.learningRate()).isEqualTo(0.01);
        assertThat(finetune.steps()).isEqualTo(1600);
        assertThat(JSON.readValue(JSON.writeValueAsString(finetune), FinetuneParameters.class))
                .isEqualTo(finetune);
        assertThat(JSON.readValue(JSON.writeValueAsString(pretrain), PretrainParameters.class))
                .isEqualTo(pretrain);
    }

    @Test
    void nodeEmbeddingFieldsOverrideTheDefaultsOrThePretrainedModelsNodeInputs() throws Exception {
        FinetuneParameters finetune = JSON.readValue(
                "{\"task\": \"link\", \"nodeEmbeddings\": \"none\", " + "\"embeddingWidth\": 64}",
                FinetuneParameters.class);
        assertThat(finetune.toSpec(null).model().nodeInputs())
                .isEqualTo(NodeInputConfig.DEFAULT
                        .withEmbeddings(TypeSelection.NONE)
                        .withEmbeddingWidth(64));
        assertThat(FinetuneParameters.forTask("link").toSpec(null).model().nodeInputs())
                .isEqualTo(NodeInputConfig.DEFAULT);

        // a format-1 manifest written before node inputs existed
        ModelManifest legacy = ManifestMigration.read(
                JSON,
                JSON.readTree("{\"format\": 1, \"createdAt\": \"t\", "
                        + "\"codeVersion\": \"v\", \"backbone\": \"HGT\", \"layers\": 2, \"hidden\": 16, \"heads\": 2, "
                        + "\"dropout\": 0.2, \"attentionDropout\": 0.0, \"featureDims\": {\"node\": 0}, \"relations\": [], "
                        + "\"task\": {\"task\": \"pretrain\", \"method\": \"dipgnn\", \"kept\": \"discriminator\", "
                        + "\"pretrain_graph\": \"d-pretrain\"}, \"dataset\": \"d\", \"datasetFingerprint\": \"f\", "
                        + "\"splitSeed\": 0, \"hyperParameters\": {}, \"metrics\": {}}"));
        assertThat(FinetuneParameters.forTask("link").toSpec(legacy).model().nodeInputs())
                .as("a model pre-trained before node inputs keeps its shared type vectors")
                .isEqualTo(NodeInputConfig.LEGACY);

        PretrainParameters pretrain = JSON.readValue("{\"nodeEmbeddings\": \"user,item\"}", PretrainParameters.class);
        assertThat(pretrain.modelConfig().nodeInputs().embeddings()).isEqualTo(TypeSelection.parse("user,item"));
        assertThat(JSON.readValue(JSON.writeValueAsString(finetune), FinetuneParameters.class))
                .isEqualTo(finetune);
        assertThat(violatedFields(JSON.readValue("{\"embeddingWidth\": 0}", FinetuneParameters.class)))
                .containsExactly("embeddingWidth");
    }

    @Test
    void beanValidationNamesEachOutOfRangePretrainField() {
        PretrainParameters bad = new PretrainParameters(
                "bert", "gcn", 0, 5000, 0, 1.0, 0, 0, 0.0, -0.1, -1.0, 1.0, 0.0, 0, 0.0, -1.0, 0.0, 65, 0, null, null,
                null, -1, 0, "both");

        assertThat(violatedFields(bad))
                .containsExactlyInAnyOrder(
                        "method",
                        "backbone",
                        "layers",
                        "hidden",
                        "heads",
                        "dropout",
                        "steps",
                        "seedNodes",
                        "learningRate",
                        "weightDecay",
                        "clipNorm",
                        "edgeMaskRatio",
                        "featureMaskRatio",
                        "negatives",
                        "alpha",
                        "lambda",
                        "temperature",
                        "samplingDepth",
                        "samplingWidth",
                        "checkpointEvery",
                        "logEvery",
                        "keep");
    }

    @Test
    void beanValidationNamesEachOutOfRangeFinetuneField() {
        FinetuneParameters bad = new FinetuneParameters(
                "graph", null, null, null, "gcn", 9, 0, 65, 1.0, 0, 0, 0, -1, 2.0, -1.0, -0.5, 0.0, "random", null,
                null, -1, 0, -1);

        assertThat(violatedFields(bad))
                .containsExactlyInAnyOrder(
                        "task",
                        "backbone",
                        "layers",
                        "hidden",
                        "heads",
                        "dropout",
                        "steps",
                        "batchSize",
                        "evalEvery",
                        "patience",
                        "learningRate",
                        "weightDecay",
                        "clipNorm",
                        "labelFraction",
                        "split",
                        "samplingDepth",
                        "samplingWidth",
                        "checkpointEvery");
    }

    @Test
    void aViolationMessageGivesTheAllowedRange() {
        FinetuneParameters bad = new FinetuneParameters(
                null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, 1.5,
                null, null, null, null, null, null);

        Set<ConstraintViolation<FinetuneParameters>> violations = VALIDATOR.validate(bad);
        assertThat(violations).hasSize(1);
        ConstraintViolation<FinetuneParameters> v = violations.iterator().next();
        assertThat(v.getPropertyPath().toString()).isEqualTo("labelFraction");
        assertThat(v.getMessage()).contains("1.0");
    }

    private static <T> Set<String> violatedFields(T bean) {
        return VALIDATOR.validate(bean).stream()
                .map(v -> v.getPropertyPath().toString())
                .collect(Collectors.toSet());
    }
}
