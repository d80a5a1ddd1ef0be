package com.dipgnn.recommend;

import com.dipgnn.finetuning.SettingsDifference;
import com.dipgnn.optim.ParameterUpdater;
import com.dipgnn.store.CheckpointFiles;
import com.dipgnn.store.CheckpointRefusedException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Recommender checkpoints in the layout of {@link CheckpointFiles}, one per epoch: the weights,
 * the optimizer's moments, the best weights with their epoch and score, and the curve, so an
 * interrupted run (hours on large graphs) resumes at its last epoch, also in a later session.
 */
final class RecommenderCheckpoint {

    private static final String STATE = "state.json";
    private static final String WEIGHTS = "weights.bin";
    private static final String BEST = "best.bin";
    private static final String OPTIMIZER = "optimizer.bin";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** The JSON part; {@code best} is negative before the first validation. */
    record Saved(
            int epoch,
            long steps,
            String settings,
            double best,
            int bestEpoch,
            int sinceBest,
            double seconds,
            List<EpochLog> curve) {}

    /** A restored checkpoint. */
    record Restored(Saved state, Map<String, float[]> bestWeights) {}

    private RecommenderCheckpoint() {}

    static void save(Path dir, Saved state, Recommender model, Map<String, float[]> best, ParameterUpdater updater)
            throws IOException {
        CheckpointFiles.commit(dir, state.epoch(), temp -> {
            JSON.writeValue(temp.resolve(STATE).toFile(), state);
            CheckpointFiles.writeArrays(temp.resolve(WEIGHTS), model.snapshot());
            if (best != null) {
                CheckpointFiles.writeArrays(temp.resolve(BEST), best);
            }
            CheckpointFiles.writeArrays(temp.resolve(OPTIMIZER), updater.exportState());
        });
    }

    /**
     * Restores the latest checkpoint of {@code dir} into the model and the updater.
     *
     * @throws CheckpointRefusedException when it was written with other settings
     */
    static Restored load(Path dir, String settings, Recommender model, ParameterUpdater updater) throws IOException {
        Path latest = CheckpointFiles.latest(dir);
        Saved state = JSON.readValue(latest.resolve(STATE).toFile(), Saved.class);
        if (!state.settings().equals(settings)) {
            throw new CheckpointRefusedException("the checkpoint in " + dir + " was written with other settings ("
                    + SettingsDifference.describe(state.settings(), settings) + "): resume with the same settings (the "
                    + "number of epochs may differ at a constant learning rate), use another checkpoint directory "
                    + "or delete this one");
        }
        model.restore(CheckpointFiles.readArrays(latest.resolve(WEIGHTS)));
        updater.importState(CheckpointFiles.readArrays(latest.resolve(OPTIMIZER)), (int) state.steps());
        Path best = latest.resolve(BEST);
        return new Restored(state, Files.exists(best) ? CheckpointFiles.readArrays(best) : null);
    }
}
