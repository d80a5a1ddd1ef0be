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
 * The atomic checkpoint layout shared by pre-training and fine-tuning: each checkpoint is written
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

    /** Writes named float arrays (parameters, optimizer moments). */
    public static void writeArrays(Path file, Map<String, float[]> arrays) throws IOException {
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

    /** Reads arrays written by {@link #writeArrays}, in their order. */
    public static Map<String, float[]> readArrays(Path file) throws IOException {
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
