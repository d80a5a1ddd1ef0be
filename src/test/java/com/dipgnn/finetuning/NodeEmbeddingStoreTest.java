package com.dipgnn.finetuning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.MalformedModelException;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.training.GradientCollector;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.ChunkedArrays;
import com.dipgnn.model.CosineScorer;
import com.dipgnn.model.GraphBatch;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.NodeEmbeddingTable;
import com.dipgnn.model.NodeIdSpace;
import com.dipgnn.model.NodeInputConfig;
import com.dipgnn.optim.ModelInitialization;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.optim.ParameterUpdater;
import com.dipgnn.sampling.FullGraphSampler;
import com.dipgnn.sampling.Subgraph;
import com.dipgnn.store.InputPreparation;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.store.ModelStore;
import com.dipgnn.store.ModelTask;
import com.dipgnn.store.NodeEmbeddingFiles;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Per-node embeddings are stored with the model: rows, trained flags and id space survive a save
 * and load (in chunks smaller than a table), a table can be saved in a larger id space, and a
 * model saved before per-node inputs existed (no such manifest entry) still loads as it was.
 */
class NodeEmbeddingStoreTest {

    private static final HeteroGraph GRAPH = PlantedCommunities.graph(30, 24, 3, 4, 0.9, 0.0, 2);
    private static final ModelConfig CONFIG = new ModelConfig(Backbone.HGT, 2, 8, 2, 0.0, 0.0);

    @Test
    void aTrainedModelLoadsWithItsRowsFlagsAndEmbeddings(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("model");
        float[] before;
        float[] rowsBefore;
        try (NDManager m = NDManager.newBaseManager()) {
            GraphEncoder encoder = trainedEncoder(CONFIG, m);
            before = embeddings(encoder, m);
            rowsBefore = encoder.nodeTables().get("user").weights().toFloatArray();
            ModelStore.save(dir, manifest(CONFIG), encoder, head(m));
        }
        assertThat(dir.resolve(NodeEmbeddingFiles.FILE)).isRegularFile();
        try (NDManager m = NDManager.newBaseManager()) {
            ModelStore.LoadedModel loaded = ModelStore.load(dir, m, mf -> new CosineScorer(mf.hidden()));
            NodeEmbeddingTable users = loaded.encoder().nodeTables().get("user");
            assertThat(users.weights().toFloatArray()).containsExactly(rowsBefore);
            assertThat(users.trainedCount()).isEqualTo(10);
            assertThat(users.isTrained(9)).isTrue();
            assertThat(users.isTrained(10)).isFalse();
            assertThat(users.idSpace()).isEqualTo(NodeIdSpace.of(GRAPH.nodes("user")));
            assertThat(embeddings(loaded.encoder(), m)).containsExactly(before);
            assertThat(loaded.manifest().modelConfig().nodeInputs()).isEqualTo(NodeInputConfig.DEFAULT);
            assertThat(loaded.manifest().schema().structuralDims())
                    .containsEntry("user", 1)
                    .containsEntry("item", 1);
        }
    }

    @Test
    void tablesLargerThanOneChunkRoundTripWhateverTheChunkSize(@TempDir Path tmp) throws Exception {
        try (NDManager m = NDManager.newBaseManager()) {
            GraphEncoder encoder = trainedEncoder(CONFIG, m);
            Path small = tmp.resolve("small.bin");
            Path large = tmp.resolve("large.bin");
            NodeEmbeddingFiles.write(small, encoder, 3 * 8 + 1); // 3 rows of width 8 per chunk, 30 rows
            NodeEmbeddingFiles.write(large, encoder, ChunkedArrays.DEFAULT_CHUNK_FLOATS);
            assertThat(Files.mismatch(small, large))
                    .as("the chunk size does not change the bytes")
                    .isEqualTo(-1L);
            Map<String, NodeEmbeddingTable> read = NodeEmbeddingFiles.read(small, m, 5);
            assertThat(read).containsOnlyKeys(encoder.tables().keySet());
            encoder.tables().forEach((path, table) -> {
                NodeEmbeddingTable back = read.get(path);
                assertThat(back.idSpace()).isEqualTo(table.idSpace());
                assertThat(back.weights().toFloatArray())
                        .containsExactly(table.weights().toFloatArray());
                for (int row = 0; row < table.rows(); row++) {
                    assertThat(back.isTrained(row)).isEqualTo(table.isTrained(row));
                }
            });
        }
    }

    @Test
    void aTableSavedInALargerIdSpaceGetsUntrainedZeroRowsForTheOtherNodes(@TempDir Path tmp) throws Exception {
        try (NDManager m = NDManager.newBaseManager()) {
            GraphEncoder encoder = trainedEncoder(CONFIG, m);
            NodeEmbeddingTable users = encoder.nodeTables().get("user");
            float[] rows = users.weights().toFloatArray();
            int[] source = new int[40];
            Arrays.fill(source, -1);
            source[35] = 0; // trained
            source[2] = 12; // untrained
            NodeIdSpace larger = new NodeIdSpace(40, NodeIdSpace.NO_KEYS);
            Path file = tmp.resolve("remapped.bin");
            NodeEmbeddingFiles.write(
                    file, Map.of("rows", users), Map.of("user", new NodeEmbeddingFiles.Remap(larger, source)), 7);
            NodeEmbeddingTable back = NodeEmbeddingFiles.read(file, m, 7).get("rows");
            float[] stored = back.weights().toFloatArray();
            assertThat(back.idSpace()).isEqualTo(larger);
            assertThat(Arrays.copyOfRange(stored, 35 * 8, 36 * 8)).containsExactly(Arrays.copyOfRange(rows, 0, 8));
            assertThat(Arrays.copyOfRange(stored, 2 * 8, 3 * 8))
                    .containsExactly(Arrays.copyOfRange(rows, 12 * 8, 13 * 8));
            assertThat(Arrays.copyOfRange(stored, 0, 8)).containsOnly(0f);
            assertThat(back.trainedCount()).isEqualTo(1);
            assertThat(back.isTrained(35)).isTrue();
        }
    }

    @Test
    void aModelSavedWithoutNodeInputsInItsManifestLoadsAndBehavesAsBefore(@TempDir Path tmp) throws Exception {
        ModelConfig legacy = CONFIG.withNodeInputs(NodeInputConfig.LEGACY);
        Path dir = tmp.resolve("old");
        float[] before;
        try (NDManager m = NDManager.newBaseManager()) {
            GraphEncoder encoder = new GraphEncoder(GraphSchema.of(GRAPH, legacy.nodeInputs()), legacy);
            ModelInitialization.initialize(3, m, encoder);
            before = embeddings(encoder, m);
            ModelStore.save(dir, manifest(legacy), encoder, head(m));
        }
        // what the manifest of a model saved before per-node inputs looked like
        ObjectMapper json = new ObjectMapper();
        ObjectNode manifest =
                (ObjectNode) json.readTree(dir.resolve(ModelStore.MANIFEST).toFile());
        manifest.remove("nodeInputs");
        manifest.remove("structuralDims");
        json.writeValue(dir.resolve(ModelStore.MANIFEST).toFile(), manifest);
        assertThat(dir.resolve(NodeEmbeddingFiles.FILE)).doesNotExist();
        try (NDManager m = NDManager.newBaseManager()) {
            ModelStore.LoadedModel loaded = ModelStore.load(dir, m, mf -> new CosineScorer(mf.hidden()));
            assertThat(loaded.manifest().nodeInputs()).isNull();
            assertThat(loaded.manifest().modelConfig().nodeInputs()).isEqualTo(NodeInputConfig.LEGACY);
            assertThat(loaded.encoder().parameters()).containsKeys("input.emb_user", "input.emb_item");
            assertThat(loaded.encoder().tables()).isEmpty();
            assertThat(embeddings(loaded.encoder(), m)).containsExactly(before);
        }
    }

    @Test
    void anEncoderWithoutTheTablesItsManifestNamesIsNotSaved(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("unloadable");
        try (NDManager m = NDManager.newBaseManager()) {
            // built without id spaces: no tables, while the manifest's config gives the featureless types rows
            GraphEncoder encoder = new GraphEncoder(GraphSchema.of(GRAPH, CONFIG.nodeInputs()), CONFIG);
            ModelInitialization.initialize(3, m, encoder);
            assertThatThrownBy(() -> ModelStore.save(dir, manifest(CONFIG), encoder, head(m)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("per-node embeddings");
        }
        assertThat(dir).doesNotExist();
        assertThat(tmp).isEmptyDirectory();
    }

    @Test
    void aModelWhoseEmbeddingsFileIsMissingIsRefused(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("model");
        try (NDManager m = NDManager.newBaseManager()) {
            ModelStore.save(dir, manifest(CONFIG), trainedEncoder(CONFIG, m), head(m));
        }
        Files.delete(dir.resolve(NodeEmbeddingFiles.FILE));
        try (NDManager m = NDManager.newBaseManager()) {
            assertThatThrownBy(() -> ModelStore.load(dir, m, mf -> new CosineScorer(mf.hidden())))
                    .isInstanceOf(MalformedModelException.class)
                    .hasMessageContaining(NodeEmbeddingFiles.FILE)
                    .hasMessageContaining("[user, item]");
        }
    }

    private static GraphModule head(NDManager manager) {
        GraphModule head = new CosineScorer(8);
        head.initialize(manager);
        return head;
    }

    @Test
    void aModelWhoseEmbeddingsFileHoldsOtherTypesThanItsManifestNamesIsRefused(@TempDir Path tmp) throws Exception {
        ModelConfig usersOnly = CONFIG.withNodeInputs(
                NodeInputConfig.DEFAULT.withEmbeddings(com.dipgnn.model.TypeSelection.parse("user")));
        Path dir = tmp.resolve("model");
        try (NDManager m = NDManager.newBaseManager()) {
            ModelStore.save(dir, manifest(usersOnly), trainedEncoder(usersOnly, m), head(m));
        }
        ObjectMapper json = new ObjectMapper();
        ObjectNode manifest =
                (ObjectNode) json.readTree(dir.resolve(ModelStore.MANIFEST).toFile());
        ((ObjectNode) manifest.get("nodeInputs")).put("embeddings", "auto");
        json.writeValue(dir.resolve(ModelStore.MANIFEST).toFile(), manifest);
        try (NDManager m = NDManager.newBaseManager()) {
            assertThatThrownBy(() -> ModelStore.load(dir, m, mf -> new CosineScorer(mf.hidden())))
                    .isInstanceOf(MalformedModelException.class)
                    .hasMessageContaining("of [user]")
                    .hasMessageContaining("names [user, item]");
        }
    }

    /** An encoder whose users 0..9 and items 0..5 had two optimizer steps (users 0..9 count as trained). */
    private static GraphEncoder trainedEncoder(ModelConfig config, NDManager manager) {
        GraphEncoder encoder =
                new GraphEncoder(GraphSchema.of(GRAPH, config.nodeInputs()), config, NodeIdSpace.of(GRAPH));
        ModelInitialization.initialize(3, manager, encoder);
        ParameterUpdater updater = new ParameterUpdater(OptimizerConfig.FINE_TUNING, encoder);
        int[] touched = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
        for (int step = 0; step < 2; step++) {
            try (NDManager scope = manager.newSubManager()) {
                Subgraph sub = Subgraph.induced(GRAPH, Map.of("user", touched, "item", new int[] {0, 1, 2, 3, 4, 5}));
                try (GradientCollector collector = Engine.getInstance().newGradientCollector()) {
                    Map<String, NDArray> out = encoder.forward(new GraphBatch(scope, GRAPH, sub), true);
                    collector.backward(
                            out.get("user").square().sum().add(out.get("item").sum()));
                }
                updater.step();
            }
        }
        // row dropout may have kept a row from being updated: fix which rows count as trained
        NodeEmbeddingTable users = encoder.nodeTables().get("user");
        users.forgetRows();
        users.markTrained(new long[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
        return encoder;
    }

    /** Every node's embedding over the whole graph, in inference mode. */
    private static float[] embeddings(GraphEncoder encoder, NDManager manager) {
        try (NDManager scope = manager.newSubManager()) {
            Subgraph all = new FullGraphSampler().sample(GRAPH, Map.of(), new Random(1));
            Map<String, NDArray> out = encoder.forward(new GraphBatch(scope, GRAPH, all), false);
            float[] users = out.get("user").toFloatArray();
            float[] items = out.get("item").toFloatArray();
            float[] both = Arrays.copyOf(users, users.length + items.length);
            System.arraycopy(items, 0, both, users.length, items.length);
            return both;
        }
    }

    private static ModelManifest manifest(ModelConfig config) {
        return ModelManifest.of(
                config,
                GraphSchema.of(GRAPH, config.nodeInputs()),
                ModelTask.LinkPrediction.untrained(PlantedCommunities.CLICKS, 0.1),
                GRAPH.name(),
                GRAPH.fingerprint(),
                0,
                InputPreparation.defaults(),
                Map.of());
    }
}
