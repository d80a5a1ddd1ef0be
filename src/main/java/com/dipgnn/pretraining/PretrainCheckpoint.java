package com.dipgnn.pretraining;

import ai.djl.MalformedModelException;
import ai.djl.ndarray.NDManager;
import com.dipgnn.model.GraphModule;
import com.dipgnn.training.ModelStore;
import com.dipgnn.training.ParameterUpdater;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Atomic pre-training checkpoints in a directory: each checkpoint is written to a temporary
 * sibling, renamed to {@code step-NNNNNNNN}, and only then named in the {@code LATEST} file
 * (itself replaced atomically); older checkpoints are deleted afterwards. A crash at any moment
 * leaves {@code LATEST} naming a complete checkpoint. A checkpoint holds every network's
 * parameters, the optimizer's moments and step count, the log history and the current interval's
 * partial sums, so a resumed run continues exactly where the crashed one was.
 */
public final class PretrainCheckpoint {

    static final String LATEST = "LATEST";
    static final String STATE = "state.json";
    static final String OPTIMIZER = "optimizer.bin";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What a checkpoint restores besides the parameters. */
    record State(long step, String method, long seed, String config, List<PretrainLogEntry> history,
                 Map<String, double[]> partial) {
    }

    private PretrainCheckpoint() {
    }

    /** Deletes a checkpoint directory (after its run finished and its model was saved). */
    public static void delete(Path dir) {
        ModelStore.deleteRecursively(dir);
    }

    /** Whether {@code dir} holds a checkpoint. */
    public static boolean exists(Path dir) {
        return dir != null && Files.isRegularFile(dir.resolve(LATEST));
    }

    static void save(Path dir, State state, Map<String, GraphModule> modules, ParameterUpdater updater)
            throws IOException {
        Files.createDirectories(dir);
        String name = String.format("step-%08d", state.step());
        Path temp = Files.createTempDirectory(dir, ".partial-");
        try {
            JSON.writeValue(temp.resolve(STATE).toFile(), state);
            for (Map.Entry<String, GraphModule> e : modules.entrySet()) {
                try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(
                        Files.newOutputStream(temp.resolve(e.getKey() + ".params"))))) {
                    e.getValue().save(out);
                }
            }
            writeArrays(temp.resolve(OPTIMIZER), updater.exportState());
            Path target = dir.resolve(name);
            ModelStore.deleteRecursively(target);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            ModelStore.deleteRecursively(temp);
            throw e;
        }
        Path pointer = Files.createTempFile(dir, ".latest-", ".tmp");
        Files.writeString(pointer, name, StandardCharsets.UTF_8);
        Files.move(pointer, dir.resolve(LATEST), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        try (Stream<Path> old = Files.list(dir)) {
            old.filter(p -> isStale(p.getFileName().toString(), name)).forEach(ModelStore::deleteRecursively);
        }
    }

    /** Older checkpoints and what a kill during an earlier save left behind. */
    private static boolean isStale(String file, String current) {
        return (file.startsWith("step-") && !file.equals(current)) || file.startsWith(".partial-")
                || file.startsWith(".latest-");
    }

    /**
     * Loads the latest checkpoint into already-initialised modules and the updater.
     *
     * @throws IllegalArgumentException when the checkpoint was written by another method or seed
     */
    static State load(Path dir, Map<String, GraphModule> modules, ParameterUpdater updater, NDManager manager,
                      PretrainConfig config) throws IOException {
        String name = Files.readString(dir.resolve(LATEST), StandardCharsets.UTF_8).trim();
        Path checkpoint = dir.resolve(name);
        State state = JSON.readValue(checkpoint.resolve(STATE).toFile(), State.class);
        if (!state.method().equals(config.method().cliName()) || state.seed() != config.seed()) {
            throw new IllegalArgumentException("the checkpoint in " + dir + " was written by method '" + state.method()
                    + "' with seed " + state.seed() + ", not '" + config.method().cliName() + "' with seed "
                    + config.seed() + "; use another checkpoint directory or the same settings");
        }
        if (!config.toString().equals(state.config())) {
            throw new IllegalArgumentException("the checkpoint in " + dir + " was written with other settings ("
                    + state.config() + "); resume with the same settings, or use another checkpoint directory");
        }
        for (Map.Entry<String, GraphModule> e : modules.entrySet()) {
            Path file = checkpoint.resolve(e.getKey() + ".params");
            try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
                e.getValue().load(manager, in);
            } catch (MalformedModelException ex) {
                throw new IllegalArgumentException(file + " does not match this model: " + ex.getMessage()
                        + "; resume with the architecture the checkpoint was written with", ex);
            }
        }
        updater.importState(readArrays(checkpoint.resolve(OPTIMIZER)), (int) state.step());
        return state;
    }

    private static void writeArrays(Path file, Map<String, float[]> arrays) throws IOException {
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)))) {
            out.writeInt(arrays.size());
            for (Map.Entry<String, float[]> e : arrays.entrySet()) {
                out.writeUTF(e.getKey());
                out.writeInt(e.getValue().length);
                for (float v : e.getValue()) {
                    out.writeFloat(v);
                }
            }
        }
    }

    private static Map<String, float[]> readArrays(Path file) throws IOException {
        Map<String, float[]> arrays = new LinkedHashMap<>();
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            int count = in.readInt();
            for (int i = 0; i < count; i++) {
                String name = in.readUTF();
                float[] values = new float[in.readInt()];
                for (int k = 0; k < values.length; k++) {
                    values[k] = in.readFloat();
                }
                arrays.put(name, values);
            }
        }
        return arrays;
    }
}
