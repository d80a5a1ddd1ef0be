package com.dipgnn.recommend;

import com.dipgnn.optim.EarlyStopping;
import com.dipgnn.optim.ParameterUpdater;
import com.dipgnn.store.CheckpointFiles;
import com.dipgnn.store.CheckpointKind;
import com.dipgnn.store.CheckpointRefusedException;
import com.dipgnn.store.CheckpointState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Recommender checkpoints in the layout of {@link CheckpointFiles} and the format of
 * {@link CheckpointState}, one per epoch: the weights, the optimizer's moments, the best weights with
 * their epoch and score, and the curve, so an interrupted run (hours on large graphs) resumes at its
 * last epoch, also in a later session.
 */
final class RecommenderCheckpoint {

    private static final String WEIGHTS = "weights.bin";
    private static final String BEST = "best.bin";
    private static final String OPTIMIZER = "optimizer.bin";

    /** What a refused resume suggests. */
    static final String SAME_SETTINGS = "resume with the same settings (the number of epochs may differ at a "
            + "constant learning rate), use another checkpoint directory or delete this one";

    /**
     * What a checkpoint must have been written with to be resumed.
     *
     * @param data the data and its split
     * @param config the config, budget cleared ({@link RecommenderConfig#withoutBudget})
     * @param seed the run's seed
     */
    record Identity(RecommenderData data, RecommenderConfig config, long seed) {

        static Identity of(RecommenderData data, RecommenderConfig config, long seed) {
            return new Identity(data, config.withoutBudget(), seed);
        }
    }

    /**
     * Where the run was after its last epoch.
     *
     * @param steps optimizer steps made
     * @param stopping the early-stopping loop's state
     * @param seconds training time so far, over every session
     * @param curve the validations (or losses) so far
     */
    record Progress(long steps, EarlyStopping.Progress stopping, double seconds, List<EpochLog> curve) {}

    /** A restored checkpoint: its epoch, progress and best weights (null when none were kept). */
    record Restored(int epoch, Progress progress, Map<String, float[]> bestWeights) {}

    private RecommenderCheckpoint() {}

    static void save(
            Path dir,
            int epoch,
            Identity identity,
            Progress progress,
            Recommender model,
            Map<String, float[]> best,
            ParameterUpdater updater)
            throws IOException {
        CheckpointFiles.commit(dir, epoch, temp -> {
            CheckpointState.of(CheckpointKind.RECOMMENDER, epoch, identity, progress)
                    .write(temp);
            CheckpointFiles.writeArrays(temp.resolve(WEIGHTS), model.snapshot());
            if (best != null) {
                CheckpointFiles.writeArrays(temp.resolve(BEST), best);
            }
            CheckpointFiles.writeArrays(temp.resolve(OPTIMIZER), updater.exportState());
        });
    }

    /**
     * Restores the latest checkpoint of {@code dir} into the model and the updater; one of format 1
     * through {@link RecommenderCheckpointFormat1}.
     *
     * @throws CheckpointRefusedException when it was written with other settings
     */
    static Restored load(Path dir, Identity identity, Recommender model, ParameterUpdater updater) throws IOException {
        Path latest = CheckpointFiles.latest(dir);
        CheckpointState.Resumed<Progress> resumed = CheckpointState.resume(
                latest,
                dir,
                CheckpointKind.RECOMMENDER,
                identity,
                Progress.class,
                "recommender",
                SAME_SETTINGS,
                RecommenderCheckpointFormat1::read);
        int epoch = Math.toIntExact(resumed.step());
        Progress progress = resumed.progress();
        model.restore(CheckpointFiles.readArrays(latest.resolve(WEIGHTS)));
        updater.importState(CheckpointFiles.readArrays(latest.resolve(OPTIMIZER)), (int) progress.steps());
        Path best = latest.resolve(BEST);
        return new Restored(epoch, progress, Files.exists(best) ? CheckpointFiles.readArrays(best) : null);
    }
}
