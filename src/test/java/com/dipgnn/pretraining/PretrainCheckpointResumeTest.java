package com.dipgnn.pretraining;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.split.PretrainSplit;
import com.dipgnn.graph.synthetic.QueryProductConfig;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.sampling.SamplingConfig;
import com.dipgnn.store.CheckpointFiles;
import com.dipgnn.text.TextInputConfig;
import com.dipgnn.text.TextInputs;
import com.dipgnn.text.VocabularyConfig;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run killed after a checkpoint and resumed by a fresh {@link Pretrainer} in a fresh
 * {@link NDManager} ends bit-identical to an uninterrupted run (parameters of every network, log
 * history), with dropout active; {@code LATEST} only ever names a complete checkpoint; a
 * checkpoint of another method or seed is refused clearly.
 */
class PretrainCheckpointResumeTest {

    private static final HeteroGraph GRAPH = SyntheticGraphs.queryProduct(QueryProductConfig.defaults()
            .withSize(300, 400, 2400)
            .withFeatures(8, 0.5)
            .withSeed(2));
    private static final ModelConfig MODEL = new ModelConfig(Backbone.HGT, 2, 16, 2, 0.2, 0.0);
    private static final List<String> FILES_PER_MODULE = List.of(
            PretrainNetworks.GENERATOR,
            PretrainNetworks.GENERATOR_EDGES,
            PretrainNetworks.GENERATOR_FEATURES,
            PretrainNetworks.DISCRIMINATOR,
            PretrainNetworks.DISCRIMINATOR_EDGES,
            PretrainNetworks.DISCRIMINATOR_FEATURES);

    /** 7 steps, a log entry every 3, a checkpoint every 2 (so a checkpoint falls inside a log interval). */
    private static PretrainConfig config() {
        return PretrainConfig.PAPER_DEFAULT
                .withMethod(PretrainMethod.DIPGNN)
                .withSteps(7)
                .withSampling(new SamplingConfig(2, 32), 16, 0)
                .withObjectiveWeights(15, 1.0, 20.0, 1.0)
                .withLogEvery(3)
                .withCheckpointEvery(2)
                .withSeed(3);
    }

    /** Thrown by the listener to stand for the process being killed. */
    private static final class SimulatedKill extends RuntimeException {
        SimulatedKill(long step) {
            super("killed at step " + step);
        }
    }

    /** Checks every checkpoint as it is announced; optionally kills the run after a step. */
    private static class Watcher implements PretrainListener {
        private final long killAfterStep;
        private final List<String> modules;
        private final List<Long> checkpoints = new ArrayList<>();

        Watcher(long killAfterStep) {
            this(killAfterStep, FILES_PER_MODULE);
        }

        Watcher(long killAfterStep, List<String> modules) {
            this.killAfterStep = killAfterStep;
            this.modules = modules;
        }

        @Override
        public void onStep(long step, long totalSteps, Map<String, Double> stats) {
            if (step == killAfterStep) {
                throw new SimulatedKill(step);
            }
        }

        @Override
        public void onCheckpoint(long step, Path directory) {
            checkpoints.add(step);
            assertLatestIsComplete(directory, step, modules);
        }
    }

    @Test
    void aRunResumedAfterAKillEndsExactlyLikeAnUninterruptedOne(@TempDir Path tmp) throws IOException {
        PretrainConfig config = config();
        Map<String, Map<String, float[]>> straight;
        List<PretrainLogEntry> straightHistory;
        Map<String, Double> straightMeans;
        Watcher straightWatcher = new Watcher(-1);
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            PretrainResult result =
                    new Pretrainer(config, straightWatcher).run(GRAPH, MODEL, manager, tmp.resolve("straight"));
            straight = snapshot(result.networks());
            straightHistory = result.history();
            straightMeans = result.overall();
            assertThat(result.resumedFrom()).isZero();
        }
        assertThat(straightWatcher.checkpoints).containsExactly(2L, 4L, 6L);
        assertThat(straightHistory).extracting(PretrainLogEntry::step).containsExactly(3L, 6L, 7L);

        Path dir = tmp.resolve("killed");
        Watcher killed = new Watcher(5);
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            assertThatThrownBy(() -> new Pretrainer(config, killed).run(GRAPH, MODEL, manager, dir))
                    .isInstanceOf(SimulatedKill.class);
        }
        assertThat(killed.checkpoints).containsExactly(2L, 4L);
        assertThat(names(dir)).containsExactlyInAnyOrder(PretrainCheckpoint.LATEST, "step-00000004");
        assertLatestIsComplete(dir, 4);
        // what a kill in the middle of writing the next checkpoint could leave behind
        Files.createDirectories(dir.resolve(".partial-123"));
        Files.createDirectories(dir.resolve("step-00000006"));
        Files.writeString(dir.resolve("step-00000006").resolve(PretrainCheckpoint.STATE), "{\"step\": 6, trunc");

        Watcher resumedWatcher = new Watcher(-1);
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            PretrainResult resumed = new Pretrainer(config, resumedWatcher).run(GRAPH, MODEL, manager, dir);
            assertThat(resumed.resumedFrom()).isEqualTo(4);
            assertThat(resumed.steps()).isEqualTo(7);
            assertThat(resumed.history()).isEqualTo(straightHistory);
            assertThat(resumed.overall())
                    .as("the run's means include the steps before the resume")
                    .isEqualTo(straightMeans);
            assertSameParameters(snapshot(resumed.networks()), straight);
        }
        assertThat(resumedWatcher.checkpoints).containsExactly(6L);
        assertLatestIsComplete(dir, 6);
        assertThat(names(dir))
                .as("older checkpoints and a killed save's leftovers are cleaned up")
                .containsExactlyInAnyOrder(PretrainCheckpoint.LATEST, "step-00000006");
    }

    @Test
    void resumingWithAnotherSeedOrMethodIsRefused(@TempDir Path tmp) throws IOException {
        PretrainConfig config = config().withSteps(3);
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            new Pretrainer(config, PretrainListener.NONE).run(GRAPH, MODEL, manager, tmp);
        }
        assertLatestIsComplete(tmp, 2);
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            assertThatThrownBy(() ->
                            new Pretrainer(config.withSeed(4), PretrainListener.NONE).run(GRAPH, MODEL, manager, tmp))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("seed 3")
                    .hasMessageContaining("seed 4")
                    .hasMessageContaining(tmp.toString());
            assertThatThrownBy(() -> new Pretrainer(config.withMethod(PretrainMethod.GPT_GNN), PretrainListener.NONE)
                            .run(GRAPH, MODEL, manager, tmp))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'dipgnn'")
                    .hasMessageContaining("'gpt-gnn'");
        }
        assertLatestIsComplete(tmp, 2);
    }

    @Test
    void aRunWithTheTextPairResumesExactlyToo(@TempDir Path tmp) throws IOException {
        HeteroGraph raw = TextPairPretrainingTest.graph();
        TextInputs text = TextInputs.learnForSplit(
                        raw, PretrainSplit.NONE, new TextInputConfig(new VocabularyConfig(500, 1, 16, 50), 64))
                .orElseThrow();
        HeteroGraph graph = text.apply(raw, null);
        PretrainConfig config = config().withSteps(5)
                .withTextPair(new TextPairConfig(new com.dipgnn.model.TransformerConfig(16, 1, 2, 32, 0.1), 0.2, 96));
        List<String> modules = new ArrayList<>(FILES_PER_MODULE);
        modules.addAll(List.of(
                PretrainNetworks.GENERATOR_TEXT,
                PretrainNetworks.GENERATOR_TEXT_INPUTS,
                PretrainNetworks.DISCRIMINATOR_TEXT));
        Map<String, Map<String, float[]>> straight;
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            straight = snapshot(new Pretrainer(config, PretrainListener.NONE)
                    .run(graph, text, MODEL, manager, tmp.resolve("straight"))
                    .networks());
        }
        Path dir = tmp.resolve("killed");
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            assertThatThrownBy(
                            () -> new Pretrainer(config, new Watcher(3, modules)).run(graph, text, MODEL, manager, dir))
                    .isInstanceOf(SimulatedKill.class);
        }
        assertLatestIsComplete(dir, 2, modules);
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            PretrainResult resumed =
                    new Pretrainer(config, PretrainListener.NONE).run(graph, text, MODEL, manager, dir);
            assertThat(resumed.resumedFrom()).isEqualTo(2);
            assertSameParameters(snapshot(resumed.networks()), straight, modules);
        }
    }

    @Test
    void aRunWithPerNodeEmbeddingsResumesExactlyToo(@TempDir Path tmp) throws IOException {
        HeteroGraph idOnly = GRAPH.withNodes(NodeTable.ofCount("query", GRAPH.numNodes("query")))
                .withNodes(NodeTable.ofCount("product", GRAPH.numNodes("product")));
        PretrainConfig config = config().withSteps(5);
        Map<String, Map<String, float[]>> straight;
        List<String> modules;
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            PretrainResult result =
                    new Pretrainer(config, PretrainListener.NONE).run(idOnly, MODEL, manager, tmp.resolve("straight"));
            straight = snapshot(result.networks());
            modules = List.copyOf(result.networks().modules().keySet());
            assertThat(result.networks().discriminator().nodeTables()).containsOnlyKeys("query", "product");
        }
        assertThat(straight.get(PretrainNetworks.DISCRIMINATOR))
                .containsKeys("rows:input.node_query.rows", "trained:input.node_product.rows");
        Path dir = tmp.resolve("killed");
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            assertThatThrownBy(() -> new Pretrainer(config, new Watcher(3, modules) {
                                @Override
                                public void onCheckpoint(long step, Path directory) {}
                            })
                            .run(idOnly, MODEL, manager, dir))
                    .isInstanceOf(SimulatedKill.class);
        }
        Path checkpoint = CheckpointFiles.latest(dir);
        assertThat(names(checkpoint))
                .contains(
                        PretrainNetworks.GENERATOR + PretrainCheckpoint.TABLES,
                        PretrainNetworks.DISCRIMINATOR + PretrainCheckpoint.TABLES,
                        PretrainCheckpoint.TABLE_OPTIMIZER);
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            PretrainResult resumed = new Pretrainer(config, PretrainListener.NONE).run(idOnly, MODEL, manager, dir);
            assertThat(resumed.resumedFrom()).isEqualTo(2);
            assertSameParameters(snapshot(resumed.networks()), straight, modules);
        }
    }

    /** LATEST names {@code step-NNNNNNNN} of {@code step}, holding every file a resume reads. */
    static void assertLatestIsComplete(Path dir, long step) {
        assertLatestIsComplete(dir, step, FILES_PER_MODULE);
    }

    static void assertLatestIsComplete(Path dir, long step, List<String> modules) {
        try {
            String name = Files.readString(dir.resolve(PretrainCheckpoint.LATEST), StandardCharsets.UTF_8)
                    .trim();
            assertThat(name).isEqualTo(String.format("step-%08d", step));
            Path checkpoint = dir.resolve(name);
            List<String> expected = new ArrayList<>();
            expected.add(PretrainCheckpoint.STATE);
            expected.add(PretrainCheckpoint.OPTIMIZER);
            modules.forEach(module -> expected.add(module + ".params"));
            assertThat(names(checkpoint)).containsExactlyInAnyOrderElementsOf(expected);
            for (String file : expected) {
                assertThat(Files.size(checkpoint.resolve(file))).as(file).isPositive();
            }
            long saved = new ObjectMapper()
                    .readTree(checkpoint.resolve(PretrainCheckpoint.STATE).toFile())
                    .get("step")
                    .asLong();
            assertThat(saved).isEqualTo(step);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).toList();
        }
    }

    /** Every network's parameters, and the rows and trained flags of its per-node embedding tables. */
    private static Map<String, Map<String, float[]>> snapshot(PretrainNetworks networks) {
        Map<String, Map<String, float[]>> all = new LinkedHashMap<>();
        for (Map.Entry<String, GraphModule> e : networks.modules().entrySet()) {
            Map<String, float[]> values = new LinkedHashMap<>(e.getValue().snapshot());
            e.getValue().tables().forEach((path, table) -> {
                values.put("rows:" + path, table.weights().toFloatArray());
                float[] flags = new float[table.rows()];
                for (int row = 0; row < flags.length; row++) {
                    flags[row] = table.isTrained(row) ? 1 : 0;
                }
                values.put("trained:" + path, flags);
            });
            all.put(e.getKey(), values);
        }
        return all;
    }

    private static void assertSameParameters(
            Map<String, Map<String, float[]>> actual, Map<String, Map<String, float[]>> expected) {
        assertSameParameters(actual, expected, FILES_PER_MODULE);
    }

    private static void assertSameParameters(
            Map<String, Map<String, float[]>> actual,
            Map<String, Map<String, float[]>> expected,
            List<String> modules) {
        assertThat(actual.keySet()).containsExactlyElementsOf(modules);
        assertThat(actual.keySet()).containsExactlyElementsOf(expected.keySet());
        int parameters = 0;
        for (String module : expected.keySet()) {
            assertThat(actual.get(module).keySet())
                    .containsExactlyElementsOf(expected.get(module).keySet());
            for (Map.Entry<String, float[]> p : expected.get(module).entrySet()) {
                assertThat(actual.get(module).get(p.getKey()))
                        .as(module + "." + p.getKey())
                        .containsExactly(p.getValue());
                parameters++;
            }
        }
        assertThat(parameters).isGreaterThan(20);
    }
}
