package com.dipgnn.pretraining;

import ai.djl.MalformedModelException;
import ai.djl.ndarray.NDManager;
import com.dipgnn.finetuning.SettingsDifference;
import com.dipgnn.model.ChunkedArrays;
import com.dipgnn.model.GraphModule;
import com.dipgnn.optim.ParameterUpdater;
import com.dipgnn.sampling.WholeGraphBudget;
import com.dipgnn.store.CheckpointFiles;
import com.dipgnn.store.CheckpointRefusedException;
import com.dipgnn.store.ModelStore;
import com.dipgnn.store.NodeEmbeddingFiles;
import com.fasterxml.jackson.databind.ObjectMapper;
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
 * Atomic pre-training checkpoints in a directory, in the layout of {@link CheckpointFiles}: a crash
 * at any moment leaves {@code LATEST} naming a complete checkpoint. A checkpoint holds every network's
 * parameters, the optimizer's moments and step count, the log history and the current interval's
 * partial sums, so a resumed run continues exactly where the crashed one was. Networks with
 * per-node embeddings add their tables ({@code <network>.tables}) and the optimizer their moments
 * ({@code optimizer-tables.bin}).
 */
public final class PretrainCheckpoint {

    static final String LATEST = CheckpointFiles.LATEST;
    static final String STATE = "state.json";
    static final String OPTIMIZER = "optimizer.bin";
    static final String TABLE_OPTIMIZER = "optimizer-tables.bin";
    static final String TABLES = ".tables";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What a checkpoint restores besides the parameters. */
    record State(
            long step,
            String method,
            long seed,
            String config,
            List<PretrainLogEntry> history,
            Map<String, double[]> partial,
            Map<String, double[]> overall) {}

    private PretrainCheckpoint() {}

    /** Deletes a checkpoint directory (after its run finished and its model was saved). */
    public static void delete(Path dir) {
        ModelStore.deleteRecursively(dir);
    }

    /** Whether {@code dir} holds a checkpoint. */
    public static boolean exists(Path dir) {
        return CheckpointFiles.exists(dir);
    }

    static void save(Path dir, State state, Map<String, GraphModule> modules, ParameterUpdater updater)
            throws IOException {
        CheckpointFiles.commit(dir, state.step(), temp -> {
            JSON.writeValue(temp.resolve(STATE).toFile(), state);
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
                try (DataOutputStream out = new DataOutputStream(
                        new BufferedOutputStream(Files.newOutputStream(temp.resolve(TABLE_OPTIMIZER)), 1 << 20))) {
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
        State state = JSON.readValue(checkpoint.resolve(STATE).toFile(), State.class);
        if (!state.method().equals(config.method().cliName()) || state.seed() != config.seed()) {
            throw new CheckpointRefusedException(
                    "the checkpoint in " + dir + " was written by method '" + state.method()
                            + "' with seed " + state.seed() + ", not '"
                            + config.method().cliName() + "' with seed "
                            + config.seed() + "; use another checkpoint directory or the same settings");
        }
        String now = WholeGraphBudget.withoutDefaultMemoryBound(config.toString());
        String was = WholeGraphBudget.withoutDefaultMemoryBound(state.config());
        if (!now.equals(was)) {
            throw new CheckpointRefusedException("the checkpoint in " + dir + " was written with other settings ("
                    + SettingsDifference.describe(was, now) + "); resume with the same settings, or use another "
                    + "checkpoint directory");
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
            try (DataInputStream in = new DataInputStream(
                    new BufferedInputStream(Files.newInputStream(checkpoint.resolve(TABLE_OPTIMIZER)), 1 << 20))) {
                updater.readTableState(in, ChunkedArrays.DEFAULT_CHUNK_FLOATS);
            }
        }
        return state;
    }
}
