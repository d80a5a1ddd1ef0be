package com.dipgnn.pretraining;

import ai.djl.MalformedModelException;
import ai.djl.ndarray.NDManager;
import com.dipgnn.model.ChunkedArrays;
import com.dipgnn.model.GraphModule;
import com.dipgnn.optim.ParameterUpdater;
import com.dipgnn.store.CheckpointFiles;
import com.dipgnn.store.CheckpointKind;
import com.dipgnn.store.CheckpointRefusedException;
import com.dipgnn.store.CheckpointState;
import com.dipgnn.store.ModelStore;
import com.dipgnn.store.NodeEmbeddingFiles;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Atomic pre-training checkpoints in a directory, in the layout of {@link CheckpointFiles} and the
 * format of {@link CheckpointState} (the identity: the run's {@link PretrainConfig}): a crash
 * at any moment leaves {@code LATEST} naming a complete checkpoint. A checkpoint holds every network's
 * parameters, the optimizer's moments and step count, the log history and the current interval's
 * partial sums, so a resumed run continues exactly where the crashed one was. Networks with
 * per-node embeddings add their tables ({@code <network>.tables}) and the optimizer their moments
 * ({@code optimizer-tables.bin}).
 */
public final class PretrainCheckpoint {

    static final String LATEST = CheckpointFiles.LATEST;
    static final String STATE = CheckpointState.FILE;
    static final String OPTIMIZER = "optimizer.bin";
    static final String TABLE_OPTIMIZER = "optimizer-tables.bin";
    static final String TABLES = ".tables";

    /**
     * What a checkpoint restores besides the parameters; its identity is the run's {@link PretrainConfig}.
     *
     * @param step the steps made
     * @param history the log so far
     * @param partial the current log interval's sums ({@link MetricAverager#export})
     * @param overall the run's sums so far; null in checkpoints written before they were kept
     */
    record State(
            long step, List<PretrainLogEntry> history, Map<String, double[]> partial, Map<String, double[]> overall) {}

    /** The part of {@link State} that state.json holds as the progress (the step is the format's). */
    record Progress(List<PretrainLogEntry> history, Map<String, double[]> partial, Map<String, double[]> overall) {}

    /** What a refused resume suggests. */
    static final String SAME_SETTINGS = "resume with the same settings, or use another checkpoint directory";

    private PretrainCheckpoint() {}

    /** Deletes a checkpoint directory (after its run finished and its model was saved). */
    public static void delete(Path dir) {
        ModelStore.deleteRecursively(dir);
    }

    /** Whether {@code dir} holds a checkpoint. */
    public static boolean exists(Path dir) {
        return CheckpointFiles.exists(dir);
    }

    static void save(
            Path dir, PretrainConfig config, State state, Map<String, GraphModule> modules, ParameterUpdater updater)
            throws IOException {
        Progress progress = new Progress(state.history(), state.partial(), state.overall());
        CheckpointFiles.commit(dir, state.step(), temp -> {
            CheckpointState.of(CheckpointKind.PRE_TRAINING, state.step(), config, progress)
                    .write(temp);
            for (Map.Entry<String, GraphModule> e : modules.entrySet()) {
                try (DataOutputStream out = new DataOutputStream(
                        new BufferedOutputStream(Files.newOutputStream(temp.resolve(e.getKey() + ".params"))))) {
                    e.getValue().save(out);
                }
                if (!e.getValue().tables().isEmpty()) {
                    NodeEmbeddingFiles.write(
                            temp.resolve(e.getKey() + TABLES), e.getValue(), ChunkedArrays.DEFAULT_CHUNK_FLOATS);
                }
            }
            CheckpointFiles.writeArrays(temp.resolve(OPTIMIZER), updater.exportState());
            if (updater.hasTables()) {
                try (DataOutputStream out = CheckpointFiles.arraysOut(temp.resolve(TABLE_OPTIMIZER))) {
                    updater.writeTableState(out, ChunkedArrays.DEFAULT_CHUNK_FLOATS);
                }
            }
        });
    }

    /**
     * Loads the latest checkpoint into already-initialised modules and the updater.
     *
     * @throws CheckpointRefusedException when the checkpoint was written by another method, seed or settings
     */
    static State load(
            Path dir,
            Map<String, GraphModule> modules,
            ParameterUpdater updater,
            NDManager manager,
            PretrainConfig config)
            throws IOException {
        Path checkpoint = CheckpointFiles.latest(dir);
        JsonNode tree = CheckpointState.tree(checkpoint);
        State state;
        if (CheckpointState.format(tree, dir) == CheckpointState.UNVERSIONED) {
            state = PretrainCheckpointFormat1.state(tree, config, dir);
        } else {
            CheckpointState<PretrainConfig, Progress> saved =
                    CheckpointState.typed(tree, CheckpointKind.PRE_TRAINING, PretrainConfig.class, Progress.class, dir);
            requireMethodAndSeed(
                    saved.identity().method().cliName(), saved.identity().seed(), config, dir);
            saved.requireIdentity(config, dir, "pre-training", SAME_SETTINGS);
            Progress p = saved.progress();
            state = new State(saved.step(), p.history(), p.partial(), p.overall());
        }
        for (Map.Entry<String, GraphModule> e : modules.entrySet()) {
            Path file = checkpoint.resolve(e.getKey() + ".params");
            try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
                e.getValue().load(manager, in);
            } catch (MalformedModelException ex) {
                throw new CheckpointRefusedException(
                        file + " does not match this model: " + ex.getMessage()
                                + "; resume with the architecture the checkpoint was written with",
                        ex);
            }
            if (!e.getValue().tables().isEmpty()) {
                NodeEmbeddingFiles.assign(
                        e.getValue(),
                        NodeEmbeddingFiles.read(
                                checkpoint.resolve(e.getKey() + TABLES), manager, ChunkedArrays.DEFAULT_CHUNK_FLOATS));
            }
        }
        updater.importState(CheckpointFiles.readArrays(checkpoint.resolve(OPTIMIZER)), (int) state.step());
        if (updater.hasTables()) {
            try (DataInputStream in = CheckpointFiles.arraysIn(checkpoint.resolve(TABLE_OPTIMIZER))) {
                updater.readTableState(in, ChunkedArrays.DEFAULT_CHUNK_FLOATS);
            }
        }
        return state;
    }

    /** Refuses a checkpoint of another method or seed, naming both. */
    static void requireMethodAndSeed(String method, long seed, PretrainConfig config, Path dir) {
        if (!method.equals(config.method().cliName()) || seed != config.seed()) {
            throw new CheckpointRefusedException("the checkpoint in " + dir + " was written by method '" + method
                    + "' with seed " + seed + ", not '" + config.method().cliName() + "' with seed " + config.seed()
                    + "; use another checkpoint directory or the same settings");
        }
    }
}
