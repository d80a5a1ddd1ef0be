package com.dipgnn.finetuning;

import com.dipgnn.model.PropagationConfig;
import com.dipgnn.optim.EarlyStopping;
import com.dipgnn.sampling.WholeGraphBudget;
import com.dipgnn.store.CheckpointState;
import com.dipgnn.store.UnversionedCheckpoints;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The migration of fine-tuning checkpoints of format 1 (before the checkpoint format was versioned),
 * the only place that reads their settings string: it is compared with the string the old version
 * built for the same run ({@code config + " | data …, " + spec + ", encoder from …"}), both with the
 * step budget and a default whole-graph memory bound left out as the old version left them out.
 */
final class FineTuneCheckpointFormat1 {

    /** The step budget, as {@link FineTuneConfig}'s record string opens it (the settings hold it twice). */
    private static final Pattern STEP_BUDGET =
            Pattern.compile("(" + FineTuneConfig.class.getSimpleName() + "\\[)steps=\\d+, ");

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .build();

    /** The JSON of a format-1 checkpoint; {@code best} is null before the first validation. */
    record Saved(
            long step,
            String settings,
            Double best,
            long bestStep,
            int sinceBest,
            double lastLoss,
            double intervalLoss,
            int intervalSteps,
            List<FineTuneLogEntry> history) {}

    private FineTuneCheckpointFormat1() {}

    /**
     * The step and progress of a format-1 checkpoint written for the run of {@code identity}.
     *
     * @throws com.dipgnn.store.CheckpointRefusedException when it was written with other settings
     */
    static CheckpointState.Resumed<FineTuneCheckpoint.Progress> read(
            JsonNode tree, FineTuneCheckpoint.Identity identity, Path dir) throws JsonProcessingException {
        Saved saved = JSON.treeToValue(tree, Saved.class);
        UnversionedCheckpoints.requireSettings(
                withoutBudget(saved.settings()),
                withoutBudget(settings(identity)),
                dir,
                "fine-tuning",
                FineTuneCheckpoint.SAME_SETTINGS);
        return new CheckpointState.Resumed<>(
                saved.step(),
                new FineTuneCheckpoint.Progress(
                        new EarlyStopping.Progress(saved.best(), saved.bestStep(), saved.sinceBest()),
                        saved.lastLoss(),
                        saved.intervalLoss(),
                        saved.intervalSteps(),
                        saved.history()));
    }

    /** The settings string format 1 wrote for the run. */
    static String settings(FineTuneCheckpoint.Identity identity) {
        FineTuneSettings s = identity.settings();
        String start = s.pretrained() == null
                ? "random"
                : s.pretrained().datasetFingerprint() + "@" + s.pretrained().createdAt();
        return identity.training() + " | " + "data " + s.data() + ", " + s.spec() + ", encoder from " + start;
    }

    /**
     * {@code settings} without the step budget, a default memory bound, and the components recorded
     * since format 2 at their defaults: the spec's link sampling and the architecture's propagation
     * options.
     */
    static String withoutBudget(String settings) {
        return STEP_BUDGET
                .matcher(UnversionedCheckpoints.withoutDefault(
                                settings, "fullGraphMaxBytes", WholeGraphBudget.DEFAULT_MAX_EDGE_BYTES)
                        .replace(", linkSampling=" + LinkSampling.DEFAULT, "")
                        .replace(", propagation=" + PropagationConfig.DEFAULT, ""))
                .replaceAll("$1");
    }
}
