package com.dipgnn.store;

import ai.djl.MalformedModelException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * SHA-256 checksums of a model directory's files, written into its manifest when the model is
 * saved and checked before anything is read from it, so that a changed or damaged file (a flipped
 * byte, a truncated copy) is refused by name instead of being served. The digest itself
 * ({@link #sha256(Path)}) is also what the precomputed embeddings' manifest records.
 */
public final class ModelFileChecksums {

    private static final String PREFIX = "sha256:";

    private ModelFileChecksums() {}

    /** Every regular file under {@code dir} except {@code excluded}, by path relative to it ('/'-separated), in path order. */
    public static Map<String, String> of(Path dir, String excluded) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = walk.filter(Files::isRegularFile)
                    .filter(p -> !dir.relativize(p).toString().equals(excluded))
                    .sorted(Comparator.comparing(p -> relative(dir, p)))
                    .toList();
        }
        Map<String, String> sums = new LinkedHashMap<>();
        for (Path file : files) {
            sums.put(relative(dir, file), sha256(file));
        }
        return sums;
    }

    /**
     * Checks every file {@code manifestFiles} lists against its checksum, after refusing any link in
     * the directory that leads out of it ({@link AllowedRoots}).
     *
     * @param manifestFiles the manifest's files; null (a model saved before checksums) checks nothing
     * @throws MalformedModelException naming the first file that is missing or differs
     */
    public static void verify(Path dir, Map<String, String> manifestFiles) throws IOException, MalformedModelException {
        try {
            AllowedRoots.within(dir, "the model directory").requireNoLinksLeaving(dir.toRealPath(), "model directory");
        } catch (PathRefusedException e) {
            throw new MalformedModelException(e.getMessage());
        }
        if (manifestFiles == null) {
            return;
        }
        Path root = dir.toAbsolutePath().normalize();
        for (Map.Entry<String, String> e : manifestFiles.entrySet()) {
            Path file = root.resolve(e.getKey()).normalize();
            if (!file.startsWith(root) || file.equals(root)) {
                throw new MalformedModelException("the manifest of model " + dir + " lists '" + e.getKey()
                        + "', which is not a file inside the model directory");
            }
            if (!Files.isRegularFile(file)) {
                throw new MalformedModelException("model file " + file + " is missing; the model directory is "
                        + "incomplete: copy the whole directory again or train the model again");
            }
            String actual = sha256(file);
            if (!actual.equals(e.getValue())) {
                throw new MalformedModelException("model file " + file + " does not match the SHA-256 its manifest "
                        + "records (" + e.getValue() + ", the file now has " + actual + "): it was changed or damaged "
                        + "after the model was saved; restore the directory from a copy or train the model again");
            }
        }
    }

    private static String relative(Path dir, Path file) {
        return dir.relativize(file).toString().replace('\\', '/');
    }

    /** The SHA-256 of a file, as manifests record it ({@code sha256:<hex>}). */
    public static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return sha256(in);
        }
    }

    /** The SHA-256 of everything {@code in} holds, as manifests record it ({@code sha256:<hex>}); leaves it open. */
    public static String sha256(InputStream in) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        byte[] buffer = new byte[1 << 16];
        int n;
        while ((n = in.read(buffer)) > 0) {
            digest.update(buffer, 0, n);
        }
        return PREFIX + HexFormat.of().formatHex(digest.digest());
    }
}
