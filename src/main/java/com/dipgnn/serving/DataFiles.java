package com.dipgnn.serving;

import com.dipgnn.store.ModelFileChecksums;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The Parquet data files of an embeddings directory, checked against its manifest's list
 * ({@link EmbeddingsManifest#files()}) before a row is read: the same names, sizes and SHA-256
 * sums as when the producer wrote them. Also says in plain words why a file cannot be read.
 */
final class DataFiles {

    /** How to fix files that are not what the producer wrote. */
    static final String FIX =
            "run the embed job (or the Spark batch job) again into a new directory and deploy from it";

    private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

    private DataFiles() {}

    /**
     * The data files to read, in name order, each with the rows the manifest records for it (null
     * when the manifest lists no files: one from before checksums, whose files are all read unchecked).
     *
     * @throws InvalidEmbeddingsException naming the first file not listed, missing, or differing
     */
    static Map<Path, Long> verified(Path directory, EmbeddingsManifest manifest) {
        List<Path> present = present(directory);
        Path manifestFile = directory.resolve(EmbeddingsManifest.FILE_NAME);
        Map<Path, Long> files = new LinkedHashMap<>();
        if (manifest.files() == null) {
            present.forEach(p -> files.put(p, null));
            return files;
        }
        TreeSet<String> unlisted = new TreeSet<>();
        present.forEach(p -> unlisted.add(p.getFileName().toString()));
        unlisted.removeAll(manifest.files().keySet());
        if (!unlisted.isEmpty()) {
            throw new InvalidEmbeddingsException("the embeddings directory " + directory + " holds " + unlisted
                    + ", which its manifest " + EmbeddingsManifest.FILE_NAME + " does not list (it lists "
                    + new TreeSet<>(manifest.files().keySet()) + "): files were added after the job wrote them; remove "
                    + "them, or " + FIX);
        }
        for (Map.Entry<String, EmbeddingsManifest.DataFile> e : manifest.files().entrySet()) {
            String name = e.getKey();
            EmbeddingsManifest.DataFile recorded = e.getValue();
            Path file = directory.resolve(name).normalize();
            if (recorded == null
                    || recorded.sha256() == null
                    || !isDataFileName(name)
                    || !directory.equals(file.getParent())) {
                throw new InvalidEmbeddingsException("the manifest " + manifestFile + " lists '" + name + "' without a "
                        + "size and SHA-256, or not as a .parquet file of the directory; it was not written by the "
                        + "job: " + FIX);
            }
            if (!Files.isRegularFile(file)) {
                throw new InvalidEmbeddingsException(
                        "the embeddings file " + name + " that the manifest lists is missing" + " from " + directory
                                + "; a part file was lost in copying: " + FIX);
            }
            check(directory, name, file, recorded);
            files.put(file, recorded.rows());
        }
        return files;
    }

    private static void check(Path directory, String name, Path file, EmbeddingsManifest.DataFile recorded) {
        String differs;
        try {
            long size = Files.size(file);
            String sum = size == recorded.bytes() ? ModelFileChecksums.sha256(file) : null;
            differs = size != recorded.bytes()
                    ? "it has " + size + " bytes, the manifest records " + recorded.bytes()
                    : !sum.equals(recorded.sha256())
                            ? "its SHA-256 is " + sum + ", the manifest records " + recorded.sha256()
                            : null;
        } catch (IOException e) {
            throw new InvalidEmbeddingsException(
                    "the embeddings file " + name + " in " + directory + " cannot be read (" + plain(e)
                            + "); give the service read access to it",
                    e);
        }
        if (differs != null) {
            throw new InvalidEmbeddingsException(
                    "the embeddings file " + name + " in " + directory + " is not the file " + "the job wrote: "
                            + differs + " (it was changed, damaged or replaced since); " + FIX);
        }
    }

    /** The Parquet files in the directory (names ending {@code .parquet}, not hidden), in name order. */
    private static List<Path> present(Path directory) {
        List<Path> files;
        try (Stream<Path> list = Files.list(directory)) {
            files = list.filter(p -> Files.isRegularFile(p)
                            && isDataFileName(p.getFileName().toString()))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new InvalidEmbeddingsException(
                    "cannot list the embeddings directory " + directory + " (" + plain(e)
                            + "); give the service read access to it",
                    e);
        }
        if (files.isEmpty()) {
            throw new InvalidEmbeddingsException(
                    directory + " holds no .parquet files; give the output directory " + "of the batch embedding job");
        }
        return new ArrayList<>(files);
    }

    private static boolean isDataFileName(String name) {
        return name.endsWith(".parquet")
                && !name.startsWith("_")
                && !name.startsWith(".")
                && !name.contains("/")
                && !name.contains("\\");
    }

    /**
     * Why {@code file} could not be read as Parquet, in plain words: no Parquet markers (truncated
     * or not Parquet), a page this service cannot decode (said by {@link ParquetCodecs}), or
     * contents that do not decode. Never the library's own message, which names its classes.
     */
    static String unreadable(Path file, Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ParquetCodecs.UnreadablePage page) {
                return page.getMessage();
            }
        }
        try {
            long size = Files.size(file);
            if (size < 2L * MAGIC.length + 4) {
                return "it has only " + size + " bytes, too few for a Parquet file (it was truncated)";
            }
            if (!hasMagic(file, 0) || !hasMagic(file, size - MAGIC.length)) {
                return "it does not begin and end with the Parquet marker 'PAR1', so it is truncated or not Parquet";
            }
        } catch (IOException io) {
            return "it cannot be read (" + plain(io) + ")";
        }
        return "its metadata or pages do not decode (the file is damaged)";
    }

    private static boolean hasMagic(Path file, long at) throws IOException {
        try (SeekableByteChannel channel = Files.newByteChannel(file)) {
            ByteBuffer buffer = ByteBuffer.allocate(MAGIC.length);
            channel.position(at);
            while (buffer.hasRemaining() && channel.read(buffer) > 0) {
                // fill
            }
            return Arrays.equals(buffer.array(), MAGIC);
        }
    }

    /** An I/O failure in plain words. */
    static String plain(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "it does not exist";
        }
        return "an input/output error";
    }
}
