package com.dipgnn.store;

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
import java.util.Map;
import java.util.stream.Stream;

/**
 * The atomic checkpoint layout shared by pre-training, fine-tuning and the recommenders, and its
 * versioned arrays files ({@link CheckpointState} holds the rest of the format): each checkpoint is written
 * to a temporary sibling named for its writer ({@link WriteOwner}), renamed to {@code step-NNNNNNNN}, and only then named in the
 * {@code LATEST} file (itself replaced atomically); older checkpoints and leftovers of killed
 * saves are deleted afterwards. A crash at any moment leaves {@code LATEST} naming a complete
 * checkpoint.
 */
public final class CheckpointFiles {

    /** The file naming the newest complete checkpoint. */
    public static final String LATEST = "LATEST";
    /** How a checkpoint being written is named: this, the owner ({@link WriteOwner}) and a number. */
    public static final String PARTIAL = ".partial-";
    /** How a new {@link #LATEST} being written is named: this, the owner, a number and {@code .tmp}. */
    public static final String POINTER = ".latest-";
    /** The first int of a checkpoint arrays file since the format was versioned: "DGCK". */
    public static final int ARRAYS_MAGIC = 0x4447434B;

    /** Writes a checkpoint's files into a fresh directory. */
    @FunctionalInterface
    public interface Contents {
        void writeTo(Path directory) throws IOException;
    }

    private CheckpointFiles() {}

    /** Whether {@code dir} holds a checkpoint. */
    public static boolean exists(Path dir) {
        return dir != null && Files.isRegularFile(dir.resolve(LATEST));
    }

    /**
     * The directory of the newest complete checkpoint in {@code dir} (which must hold one), checked
     * with {@link AllowedRoots}: inside {@code dir}, no link in it leading out.
     */
    public static Path latest(Path dir) throws IOException {
        Path latest = dir.resolve(
                Files.readString(dir.resolve(LATEST), StandardCharsets.UTF_8).trim());
        try {
            return AllowedRoots.within(dir, "the checkpoint directory " + dir)
                    .directory(latest, "the latest checkpoint");
        } catch (PathRefusedException e) {
            throw new CheckpointRefusedException(e.getMessage() + "; delete the checkpoint directory to start afresh");
        }
    }

    /** Writes the checkpoint of {@code step} atomically and makes it the latest. */
    public static void commit(Path dir, long step, Contents contents) throws IOException {
        Files.createDirectories(dir);
        String name = String.format("step-%08d", step);
        Path temp = Files.createTempDirectory(dir, PARTIAL + WriteOwner.tag());
        try {
            contents.writeTo(temp);
            Path target = dir.resolve(name);
            ModelStore.deleteRecursively(target);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            ModelStore.deleteRecursively(temp);
            throw e;
        }
        Path pointer = Files.createTempFile(dir, POINTER + WriteOwner.tag(), ".tmp");
        Files.writeString(pointer, name, StandardCharsets.UTF_8);
        Files.move(pointer, dir.resolve(LATEST), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        try (Stream<Path> old = Files.list(dir)) {
            old.filter(p -> isStale(p.getFileName().toString(), name)).forEach(ModelStore::deleteRecursively);
        }
    }

    /**
     * Older checkpoints and what a kill during an earlier save of this process (or of a version
     * before owner tokens) left behind; another owner's temporary files are left to the service's
     * housekeeping, which knows whether that owner still lives.
     */
    private static boolean isStale(String file, String current) {
        return (file.startsWith("step-") && !file.equals(current))
                || ((file.startsWith(PARTIAL) || file.startsWith(POINTER)) && WriteOwner.ownedHereOrUnowned(file));
    }

    /**
     * Opens a checkpoint arrays file for writing, its header ({@link #ARRAYS_MAGIC}, then
     * {@link CheckpointState#FORMAT}) written.
     */
    public static DataOutputStream arraysOut(Path file) throws IOException {
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 20));
        out.writeInt(ARRAYS_MAGIC);
        out.writeInt(CheckpointState.FORMAT);
        return out;
    }

    /**
     * Opens a checkpoint arrays file for reading, past its header; a file of format 1, written
     * before the header existed, is read from its start (its first int, a count, is never the magic).
     *
     * @throws CheckpointRefusedException when a newer version wrote it
     */
    public static DataInputStream arraysIn(Path file) throws IOException {
        DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 20));
        try {
            in.mark(Integer.BYTES);
            if (in.readInt() != ARRAYS_MAGIC) {
                in.reset(); // format 1
                return in;
            }
            int format = in.readInt();
            if (format > CheckpointState.FORMAT) {
                throw new CheckpointRefusedException(file + " is of checkpoint format " + format
                        + ", newer than this version reads (" + CheckpointState.FORMAT + ")");
            }
            return in;
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /** Writes named float arrays (parameters, optimizer moments) in the checkpoint format. */
    public static void writeArrays(Path file, Map<String, float[]> arrays) throws IOException {
        try (DataOutputStream out = arraysOut(file)) {
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

    /** Reads arrays written by {@link #writeArrays} (this format or format 1), in their order. */
    public static Map<String, float[]> readArrays(Path file) throws IOException {
        Map<String, float[]> arrays = new LinkedHashMap<>();
        try (DataInputStream in = arraysIn(file)) {
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
