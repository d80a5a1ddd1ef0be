package com.dipgnn.recommend;

import com.dipgnn.graph.split.EdgeSplitKind;
import com.dipgnn.optim.EarlyStopping;
import com.dipgnn.optim.LearningRateSchedule;
import com.dipgnn.store.CheckpointState;
import com.dipgnn.store.UnversionedCheckpoints;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.nio.file.Path;
import java.util.List;

/**
 * The migration of recommender checkpoints of format 1 (before the checkpoint format was
 * versioned), the only place that reads their settings string: it is compared with the string the
 * old version built for the same run ({@code data …, split … seed … | } the config's trajectory
 * identity {@code | seed …}), whose trajectory identity left the budget out of the config's
 * {@code toString()}: patience, and under a constant rate the epochs and the schedule.
 */
final class RecommenderCheckpointFormat1 {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** The JSON of a format-1 checkpoint; {@code best} is negative before the first validation. */
    record Saved(
            int epoch,
            long steps,
            String settings,
            double best,
            int bestEpoch,
            int sinceBest,
            double seconds,
            List<EpochLog> curve) {}

    private RecommenderCheckpointFormat1() {}

    /**
     * The epoch and progress of a format-1 checkpoint written for the run of {@code identity}.
     *
     * @throws com.dipgnn.store.CheckpointRefusedException when it was written with other settings
     */
    static CheckpointState.Resumed<RecommenderCheckpoint.Progress> read(
            JsonNode tree, RecommenderCheckpoint.Identity identity, Path dir) throws JsonProcessingException {
        Saved saved = JSON.treeToValue(tree, Saved.class);
        UnversionedCheckpoints.requireSettings(
                saved.settings(), settings(identity), dir, "recommender", RecommenderCheckpoint.SAME_SETTINGS);
        return new CheckpointState.Resumed<>(
                saved.epoch(),
                new RecommenderCheckpoint.Progress(
                        saved.steps(),
                        new EarlyStopping.Progress(
                                saved.best() < 0 ? null : saved.best(), saved.bestEpoch(), saved.sinceBest()),
                        saved.seconds(),
                        saved.curve()));
    }

    /** The settings string format 1 wrote for the run. */
    static String settings(RecommenderCheckpoint.Identity identity) {
        RecommenderData d = identity.data();
        String carve = d.validationFraction() == EdgeSplitKind.DEFAULT_VALIDATION_FRACTION
                ? ""
                : " validation " + d.validationFraction();
        String data = "data " + d.fingerprint() + ", split " + d.split() + " seed " + d.splitSeed() + carve;
        return data + " | " + trajectoryIdentity(identity.config()) + " | seed " + identity.seed();
    }

    /** The config's string as format 1 wrote it, from a config whose budget is cleared. */
    private static String trajectoryIdentity(RecommenderConfig cleared) {
        // format 1 predates the row-update setting: its runs were dense (AUTO below the lazy size)
        String identity = cleared.toString().replace(", patience=0", "").replace(", rowUpdates=" + RowUpdates.AUTO, "");
        // a constant rate's identity was the one written before schedules existed
        return cleared.schedule() == LearningRateSchedule.CONSTANT
                ? identity.replace("epochs=0, ", "").replace(", schedule=CONSTANT", "")
                : identity;
    }
}
