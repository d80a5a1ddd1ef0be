package com.dipgnn.finetuning;

import ai.djl.ndarray.NDManager;
import com.dipgnn.model.ChunkedArrays;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.NodeEmbeddingTable;
import com.dipgnn.optim.EarlyStopping;
import com.dipgnn.optim.ParameterUpdater;
import com.dipgnn.store.CheckpointFiles;
import com.dipgnn.store.CheckpointKind;
import com.dipgnn.store.CheckpointRefusedException;
import com.dipgnn.store.CheckpointState;
import com.dipgnn.store.NodeEmbeddingFiles;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Fine-tuning checkpoints in the layout of {@link CheckpointFiles} and the format of
 * {@link CheckpointState}: the run's identity, the step, the encoder's and head's parameters, the optimizer's moments, the best weights so far with their score and step,
 * the early-stopping counter and the validation history; for an encoder with per-node embeddings
 * also its tables (rows and trained flags), their moments and the best tables.
 */
final class FineTuneCheckpoint {

    static final String ENCODER = "encoder.bin";
    static final String HEAD = "head.bin";
    static final String BEST_ENCODER = "best-encoder.bin";
    static final String BEST_HEAD = "best-head.bin";
    static final String OPTIMIZER = "optimizer.bin";
    static final String TABLES = "tables.bin";
    static final String BEST_TABLES = "best-tables.bin";
    static final String TABLE_OPTIMIZER = "optimizer-tables.bin";

    /**
     * What a checkpoint must have been written with to be resumed: the run's training config and
     * settings, budget cleared ({@link FineTuneConfig#withoutBudget}).
     *
     * @param training the training config
     * @param settings data, experiment and starting weights
     */
    record Identity(FineTuneConfig training, FineTuneSettings settings) {

        static Identity of(FineTuneConfig training, FineTuneSettings settings) {
            return new Identity(training.withoutBudget(), settings.withoutBudget());
        }
    }

    /**
     * Where the run was, besides its step and weights.
     *
     * @param stopping the early-stopping loop's state
     * @param lastLoss the last step's loss
     * @param intervalLoss the loss summed since the last validation
     * @param intervalSteps the steps since the last validation
     * @param history the validations so far
     */
    record Progress(
            EarlyStopping.Progress stopping,
            double lastLoss,
            double intervalLoss,
            int intervalSteps,
            List<FineTuneLogEntry> history) {}

    /** What a refused resume suggests. */
    static final String SAME_SETTINGS =
            "resume with the same settings (the number of steps may differ), or use another checkpoint directory";

    private FineTuneCheckpoint() {}

    static void save(
            Path dir,
            Identity identity,
            FineTuneState state,
            GraphModule encoder,
            GraphModule head,
            ParameterUpdater updater)
            throws IOException {
        Progress progress = new Progress(
                state.stopping.progress(), state.lastLoss, state.intervalLoss, state.intervalSteps, state.history);
        Optional<FineTuneState.BestWeights> best = state.stopping.bestWeights();
        CheckpointFiles.commit(dir, state.step, temp -> {
            CheckpointState.of(CheckpointKind.FINE_TUNING, state.step, identity, progress)
                    .write(temp);
            CheckpointFiles.writeArrays(temp.resolve(ENCODER), encoder.snapshot());
            CheckpointFiles.writeArrays(temp.resolve(HEAD), head.snapshot());
            if (best.isPresent()) {
                CheckpointFiles.writeArrays(
                        temp.resolve(BEST_ENCODER), best.get().encoder());
                CheckpointFiles.writeArrays(temp.resolve(BEST_HEAD), best.get().head());
            }
            CheckpointFiles.writeArrays(temp.resolve(OPTIMIZER), updater.exportState());
            if (!encoder.tables().isEmpty()) {
                saveTables(temp, best, encoder, updater);
            }
        });
    }

    private static void saveTables(
            Path temp, Optional<FineTuneState.BestWeights> best, GraphModule encoder, ParameterUpdater updater)
            throws IOException {
        NodeEmbeddingFiles.write(temp.resolve(TABLES), encoder, ChunkedArrays.DEFAULT_CHUNK_FLOATS);
        if (best.isPresent()) {
            NodeEmbeddingFiles.write(
                    temp.resolve(BEST_TABLES), best.get().tables(), Map.of(), ChunkedArrays.DEFAULT_CHUNK_FLOATS);
        }
        try (DataOutputStream out = CheckpointFiles.arraysOut(temp.resolve(TABLE_OPTIMIZER))) {
            updater.writeTableState(out, ChunkedArrays.DEFAULT_CHUNK_FLOATS);
        }
    }

    /** Restores the encoder's tables and their moments; returns the best tables (none when not kept). */
    private static Map<String, NodeEmbeddingTable> loadTables(
            Path checkpoint, boolean best, GraphModule encoder, ParameterUpdater updater, Path dir) throws IOException {
        if (encoder.tables().isEmpty()) {
            return Map.of();
        }
        if (!Files.isRegularFile(checkpoint.resolve(TABLES))) {
            throw new CheckpointRefusedException("the fine-tuning checkpoint in " + dir + " holds no node embeddings; "
                    + "resume with the architecture it was written with, or use another checkpoint directory");
        }
        NDManager manager =
                encoder.tables().values().iterator().next().weights().getManager();
        NodeEmbeddingFiles.assign(
                encoder,
                NodeEmbeddingFiles.read(checkpoint.resolve(TABLES), manager, ChunkedArrays.DEFAULT_CHUNK_FLOATS));
        try (DataInputStream in = CheckpointFiles.arraysIn(checkpoint.resolve(TABLE_OPTIMIZER))) {
            updater.readTableState(in, ChunkedArrays.DEFAULT_CHUNK_FLOATS);
        }
        return best
                ? NodeEmbeddingFiles.read(checkpoint.resolve(BEST_TABLES), manager, ChunkedArrays.DEFAULT_CHUNK_FLOATS)
                : Map.of();
    }

    /**
     * Restores the latest checkpoint of {@code dir} into the modules and the updater; one of format 1
     * through {@link FineTuneCheckpointFormat1}.
     *
     * @throws CheckpointRefusedException when it was written with other settings or for another model
     */
    static FineTuneState load(
            Path dir,
            FineTuneConfig config,
            Identity identity,
            GraphModule encoder,
            GraphModule head,
            ParameterUpdater updater)
            throws IOException {
        Path checkpoint = CheckpointFiles.latest(dir);
        CheckpointState.Resumed<Progress> resumed = CheckpointState.resume(
                checkpoint,
                dir,
                CheckpointKind.FINE_TUNING,
                identity,
                Progress.class,
                "fine-tuning",
                SAME_SETTINGS,
                FineTuneCheckpointFormat1::read);
        long step = resumed.step();
        Progress progress = resumed.progress();
        encoder.restore(matching(CheckpointFiles.readArrays(checkpoint.resolve(ENCODER)), encoder, dir));
        head.restore(matching(CheckpointFiles.readArrays(checkpoint.resolve(HEAD)), head, dir));
        updater.importState(CheckpointFiles.readArrays(checkpoint.resolve(OPTIMIZER)), (int) step);
        FineTuneState state = new FineTuneState(config);
        state.step = step;
        boolean best = progress.stopping().best() != null && Files.isRegularFile(checkpoint.resolve(BEST_ENCODER));
        Map<String, float[]> bestEncoder =
                best ? matching(CheckpointFiles.readArrays(checkpoint.resolve(BEST_ENCODER)), encoder, dir) : null;
        Map<String, float[]> bestHead =
                best ? matching(CheckpointFiles.readArrays(checkpoint.resolve(BEST_HEAD)), head, dir) : null;
        Map<String, NodeEmbeddingTable> bestTables = loadTables(checkpoint, best, encoder, updater, dir);
        state.stopping.resume(
                progress.stopping(), best ? new FineTuneState.BestWeights(bestEncoder, bestHead, bestTables) : null);
        state.lastLoss = progress.lastLoss();
        state.intervalLoss = progress.intervalLoss();
        state.intervalSteps = progress.intervalSteps();
        state.history.addAll(progress.history());
        return state;
    }

    private static Map<String, float[]> matching(Map<String, float[]> values, GraphModule module, Path dir) {
        boolean same = values.keySet().equals(module.parameters().keySet());
        if (same) {
            for (Map.Entry<String, float[]> e : values.entrySet()) {
                same &= e.getValue().length
                        == module.parameters().get(e.getKey()).getArray().size();
            }
        }
        if (!same) {
            throw new CheckpointRefusedException(
                    "the fine-tuning checkpoint in " + dir + " holds parameters of another "
                            + "model; resume with the architecture it was written with, or use another checkpoint directory");
        }
        return values;
    }
}
