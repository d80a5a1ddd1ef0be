package com.dipgnn.finetuning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import ai.djl.MalformedModelException;
import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.GraphBatch;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.Linear;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.sampling.FullGraphSampler;
import com.dipgnn.sampling.Subgraph;
import com.dipgnn.store.InputPreparation;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.store.ModelStore;
import com.dipgnn.store.ModelTask;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelStoreTest {

    private final HeteroGraph graph = FineTunerTest.communities(40, 2);
    private final ModelConfig config = new ModelConfig(Backbone.HGT, 2, 8, 2, 0.2, 0);

    private ModelManifest manifest() {
        return ModelManifest.of(
                config,
                GraphSchema.of(graph),
                new ModelTask.NodeClassification("node", 4, false, 10, 10, 10),
                graph.name(),
                graph.fingerprint(),
                7,
                InputPreparation.defaults(),
                Map.of("test", Map.of("micro_f1", 0.5)));
    }

    @Test
    void aModelWiderByTextColumnsFitsTheGraphAsLoadedOnlyWhereTheTypeHasText() {
        // the model read the node type with 2 text columns after its features: the graph as loaded is narrower
        HeteroGraph narrower = graph.withNodes(graph.nodes("node")
                .withFeatures(new com.dipgnn.graph.DenseFeatures(
                        graph.numNodes("node"),
                        graph.nodes("node").featureDim() - 2,
                        new float[graph.numNodes("node") * (graph.nodes("node").featureDim() - 2)])));
        GraphSchema loaded = GraphSchema.of(narrower);
        assertThatCode(() -> ModelStore.requireCompatible(manifest(), loaded, Set.of("node")))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> ModelStore.requireCompatible(manifest(), loaded))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("feature widths");
        // never narrower in the model than the graph's own features
        HeteroGraph wider = graph.withNodes(graph.nodes("node")
                .withFeatures(new com.dipgnn.graph.DenseFeatures(
                        graph.numNodes("node"),
                        graph.nodes("node").featureDim() + 1,
                        new float[graph.numNodes("node") * (graph.nodes("node").featureDim() + 1)])));
        assertThatThrownBy(() -> ModelStore.requireCompatible(manifest(), GraphSchema.of(wider), Set.of("node")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("before the text columns of [node]");
    }

    @Test
    void aSavedModelLoadsInAnotherManagerAndComputesTheSameEmbeddings(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("models/m1");
        Subgraph all = new FullGraphSampler().sample(graph, Map.of(), new Random(1));
        float[] before;
        try (NDManager m = NDManager.newBaseManager()) {
            GraphEncoder encoder = new GraphEncoder(GraphSchema.of(graph), config);
            GraphModule head = new Linear(8, 4, true);
            encoder.initialize(m);
            head.initialize(m);
            before = encoder.forward(new GraphBatch(m, graph, all), false)
                    .get("node")
                    .toFloatArray();
            ModelStore.save(dir, manifest(), encoder, head);
        }
        try (NDManager m = NDManager.newBaseManager()) {
            ModelStore.LoadedModel loaded = ModelStore.load(dir, m, mf -> new Linear(mf.hidden(), 4, true));
            float[] after = loaded.encoder()
                    .forward(new GraphBatch(m, graph, all), false)
                    .get("node")
                    .toFloatArray();
            assertThat(after).containsExactly(before, within(1e-6f));
            assertThat(loaded.manifest().datasetFingerprint()).isEqualTo(graph.fingerprint());
            assertThat(loaded.manifest().codeVersion()).isNotBlank();
        }
        try (Stream<Path> left = Files.list(dir.getParent())) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactly("m1");
        }
    }

    @Test
    void refusesToOverwriteAnExistingModel(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("m");
        Files.createDirectories(dir);
        try (NDManager m = NDManager.newBaseManager()) {
            GraphEncoder encoder = new GraphEncoder(GraphSchema.of(graph), config);
            encoder.initialize(m);
            Linear head = new Linear(8, 4, true);
            head.initialize(m);
            assertThatThrownBy(() -> ModelStore.save(dir, manifest(), encoder, head))
                    .isInstanceOf(FileAlreadyExistsException.class)
                    .hasMessageContaining("already exists");
        }
    }

    @Test
    void loadingParametersOfAnotherArchitectureFailsWithAClearMessage(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("m");
        try (NDManager m = NDManager.newBaseManager()) {
            GraphEncoder encoder = new GraphEncoder(GraphSchema.of(graph), config);
            encoder.initialize(m);
            Linear head = new Linear(8, 4, true);
            head.initialize(m);
            ModelStore.save(dir, manifest(), encoder, head);
            assertThatThrownBy(() -> ModelStore.load(dir, m, mf -> new Linear(mf.hidden(), 5, true)))
                    .isInstanceOf(MalformedModelException.class)
                    .hasMessageContaining("head.params")
                    .hasMessageContaining("do not match the architecture");
        }
    }

    @Test
    void aModelRejectsAGraphOfAnotherSchema() {
        HeteroGraph other = com.dipgnn.finetuning.FineTunerTest.communities(40, 2);
        ModelStore.requireCompatible(manifest(), GraphSchema.of(other));
        GraphSchema wider =
                new GraphSchema(Map.of("node", 5), GraphSchema.of(other).relations());
        assertThatThrownBy(() -> ModelStore.requireCompatible(manifest(), wider))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("feature widths");
    }

    private Path savedModel(Path tmp) throws Exception {
        Path dir = tmp.resolve("models/m1");
        try (NDManager m = NDManager.newBaseManager()) {
            GraphEncoder encoder = new GraphEncoder(GraphSchema.of(graph), config);
            GraphModule head = new Linear(8, 4, true);
            encoder.initialize(m);
            head.initialize(m);
            ModelStore.save(dir, manifest(), encoder, head);
        }
        return dir;
    }

    @Test
    void theManifestRecordsTheSha256OfEveryOtherFile(@TempDir Path tmp) throws Exception {
        Path dir = savedModel(tmp);
        Map<String, String> files = ModelStore.readManifest(dir).files();
        assertThat(files).containsOnlyKeys(ModelStore.ENCODER, ModelStore.HEAD);
        // independently: the JDK's SHA-256 of the file's bytes
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(dir.resolve(ModelStore.HEAD)));
        assertThat(files.get(ModelStore.HEAD))
                .isEqualTo("sha256:" + HexFormat.of().formatHex(digest));
    }

    /** Each kind of damage to a stored file: the load is refused and the message names the file. */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0} {1}")
    @org.junit.jupiter.params.provider.CsvSource({
        "encoder.params, flip", "encoder.params, truncate", "encoder.params, empty", "encoder.params, garble",
        "encoder.params, delete", "head.params, flip", "head.params, truncate", "head.params, empty"
    })
    void aDamagedModelFileIsRefusedByName(String name, String damage, @TempDir Path tmp) throws Exception {
        Path dir = savedModel(tmp);
        Path file = dir.resolve(name);
        byte[] bytes = Files.readAllBytes(file);
        switch (damage) {
            case "flip" -> { // a few bits of one weight: still a well-formed file
                bytes[bytes.length - 3] ^= 0x01;
                Files.write(file, bytes);
            }
            case "truncate" -> Files.write(file, Arrays.copyOf(bytes, bytes.length / 2));
            case "empty" -> Files.write(file, new byte[0]);
            case "garble" -> Files.writeString(file, "not parameters at all");
            case "delete" -> Files.delete(file);
            default -> throw new IllegalArgumentException(damage);
        }
        try (NDManager m = NDManager.newBaseManager()) {
            assertThatThrownBy(() -> ModelStore.load(dir, m, mf -> new Linear(mf.hidden(), 4, true)))
                    .isInstanceOf(MalformedModelException.class)
                    .hasMessageContaining(file.toString());
        }
        // fine-tuning from it (a pre-trained model) refuses it too, by name
        assertThatThrownBy(() -> ModelStore.readEncoderWeights(dir)).hasMessageContaining(file.toString());
    }

    /** The path rule (store.AllowedRoots): a model file linked from outside the directory is refused, even with the right bytes. */
    @Test
    void aLinkLeavingTheModelDirectoryIsRefused(@TempDir Path tmp) throws Exception {
        Path dir = savedModel(tmp);
        Path outside = Files.move(dir.resolve(ModelStore.HEAD), tmp.resolve("head-elsewhere.params"));
        Files.createSymbolicLink(dir.resolve(ModelStore.HEAD), outside);
        try (NDManager m = NDManager.newBaseManager()) {
            assertThatThrownBy(() -> ModelStore.load(dir, m, mf -> new Linear(mf.hidden(), 4, true)))
                    .isInstanceOf(MalformedModelException.class)
                    .hasMessageContaining("'" + ModelStore.HEAD + "' in model directory")
                    .hasMessageContaining("is a link to a place outside the model directory");
        }
    }

    @Test
    void aGarbledManifestIsRefusedByName(@TempDir Path tmp) throws Exception {
        Path dir = savedModel(tmp);
        Files.writeString(dir.resolve(ModelStore.MANIFEST), "{\"format\": 1, \"hidden\": ");
        assertThatThrownBy(() -> ModelStore.readManifest(dir))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(dir.resolve(ModelStore.MANIFEST).toString());
    }

    @Test
    void aModelSavedBeforeChecksumsStillLoads(@TempDir Path tmp) throws Exception {
        Path dir = savedModel(tmp);
        // what the previous version wrote: the same manifest without "files"
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode manifest = (com.fasterxml.jackson.databind.node.ObjectNode)
                json.readTree(dir.resolve(ModelStore.MANIFEST).toFile());
        manifest.remove("files");
        json.writeValue(dir.resolve(ModelStore.MANIFEST).toFile(), manifest);
        try (NDManager m = NDManager.newBaseManager()) {
            assertThat(ModelStore.load(dir, m, mf -> new Linear(mf.hidden(), 4, true))
                            .manifest()
                            .files())
                    .isNull();
        }
    }
}
