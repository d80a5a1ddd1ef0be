package com.dipgnn.pretraining;

import com.dipgnn.sampling.WholeGraphBudget;
import com.dipgnn.store.UnversionedCheckpoints;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The migration of pre-training checkpoints of format 1 (before the checkpoint format was versioned),
 * the only place that reads their settings string: the method and seed are compared as they were,
 * then the string with the {@link PretrainConfig}'s {@code toString()} now, both with a default
 * whole-graph memory bound left out as the old version left it out.
 */
final class PretrainCheckpointFormat1 {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The JSON of a format-1 checkpoint. */
    record Saved(
            long step,
            String method,
            long seed,
            String config,
            List<PretrainLogEntry> history,
            Map<String, double[]> partial,
            Map<String, double[]> overall) {}

    private PretrainCheckpointFormat1() {}

    /**
     * The state of a format-1 checkpoint written for {@code config}.
     *
     * @throws com.dipgnn.store.CheckpointRefusedException when another method, seed or settings wrote it
     */
    static PretrainCheckpoint.State state(JsonNode tree, PretrainConfig config, Path dir)
            throws JsonProcessingException {
        Saved saved = JSON.treeToValue(tree, Saved.class);
        PretrainCheckpoint.requireMethodAndSeed(saved.method(), saved.seed(), config, dir);
        UnversionedCheckpoints.requireSettings(
                withoutDefaultBound(saved.config()),
                withoutDefaultBound(config.toString()),
                dir,
                "pre-training",
                PretrainCheckpoint.SAME_SETTINGS);
        return new PretrainCheckpoint.State(saved.step(), saved.history(), saved.partial(), saved.overall());
    }

    /** The settings string without the defaults of settings added since format 1. */
    private static String withoutDefaultBound(String settings) {
        String s = UnversionedCheckpoints.withoutDefault(
                settings, "fullGraphMaxBytes", WholeGraphBudget.DEFAULT_MAX_EDGE_BYTES);
        s = UnversionedCheckpoints.withoutDefault(s, "generatorShare", 1.0);
        s = UnversionedCheckpoints.withoutDefault(s, "generatorTemperature", 0.0);
        s = UnversionedCheckpoints.withoutDefault(s, "hardeningSteps", 0);
        s = s.replace(", generatorWidth=1.0]", "]");
        // the last three components, in turn: once textWarmupSteps is gone, warmupSteps is last, then dropout
        s = UnversionedCheckpoints.withoutTrailingDefault(s, "textWarmupSteps", 0);
        s = UnversionedCheckpoints.withoutTrailingDefault(s, "warmupSteps", 0);
        return UnversionedCheckpoints.withoutTrailingDefault(s, "dropout", PretrainConfig.DEFAULT_DROPOUT);
    }
}
