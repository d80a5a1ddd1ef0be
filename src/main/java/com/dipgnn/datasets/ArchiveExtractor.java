package com.dipgnn.datasets;

import com.dipgnn.errors.InvalidInputException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.commons.compress.archivers.ArchiveEntry;
import org.apache.commons.compress.archivers.ArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

/**
 * Extracts an uploaded data set archive ({@code .zip}, {@code .tar}, {@code .tar.gz} or
 * {@code .tgz}) into a folder. Every entry must stay inside that folder (no absolute paths, no
 * {@code ..}, no links), and the extracted bytes and entry count are capped, so a hostile
 * archive can neither escape nor fill the disk.
 */
public final class ArchiveExtractor {

    /** Expansion always allowed whatever the archive's size: a small graph may compress very well. */
    public static final long RATIO_FREE_BYTES = 64L << 20;
    /** Default most bytes extracted per byte of archive beyond {@link #RATIO_FREE_BYTES} (text compresses 3 to 10 times). */
    public static final int DEFAULT_MAX_RATIO = 100;

    private final long maxBytes;
    private final int maxEntries;
    private final String setting;
    private final int maxRatio;

    /**
     * @param maxBytes most bytes all extracted files may hold together
     * @param maxEntries most entries the archive may have
     */
    public ArchiveExtractor(long maxBytes, int maxEntries) {
        this(maxBytes, maxEntries, null);
    }

    /**
     * @param maxBytes most bytes all extracted files may hold together: extraction stops before
     *     writing more (at most one buffer of 64 KiB beyond what the files already hold)
     * @param maxEntries most entries the archive may have
     * @param setting the setting that raises {@code maxBytes}, named in the refusal; null when none
     */
    public ArchiveExtractor(long maxBytes, int maxEntries, String setting) {
        this(maxBytes, maxEntries, setting, DEFAULT_MAX_RATIO);
    }

    /**
     * An extractor that also refuses an archive expanding to more than {@code maxRatio} times its
     * own size (beyond {@link #RATIO_FREE_BYTES}): a compression bomb is stopped after writing
     * little, long before {@code maxBytes}.
     */
    public ArchiveExtractor(long maxBytes, int maxEntries, String setting, int maxRatio) {
        if (maxRatio < 1) {
            throw new IllegalArgumentException("the expansion ratio must be at least 1; got " + maxRatio);
        }
        this.maxBytes = maxBytes;
        this.maxEntries = maxEntries;
        this.setting = setting;
        this.maxRatio = maxRatio;
    }

    /** Whether {@code filename} names an archive format this extractor reads. */
    public static boolean isSupported(String filename) {
        String f = filename.toLowerCase(Locale.ROOT);
        return f.endsWith(".zip") || f.endsWith(".tar") || f.endsWith(".tar.gz") || f.endsWith(".tgz");
    }

    /**
     * Extracts {@code archive} (named {@code filename}, which tells the format) into the empty
     * folder {@code target}.
     *
     * @throws InvalidInputException naming the entry at fault when the archive breaks a rule
     */
    public void extract(Path archive, String filename, Path target) throws IOException {
        if (!isSupported(filename)) {
            throw new InvalidInputException(
                    "file",
                    "'" + filename + "' is not a supported archive; upload a .zip, "
                            + ".tar, .tar.gz or .tgz holding the graph's files");
        }
        Path root = target.toAbsolutePath().normalize();
        long byRatio = Math.max(RATIO_FREE_BYTES, Files.size(archive) * (long) Math.min(maxRatio, Integer.MAX_VALUE));
        long budget = Math.min(maxBytes, byRatio);
        long total = 0;
        int entries = 0;
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(archive));
                ArchiveInputStream<? extends ArchiveEntry> in = open(raw, filename.toLowerCase(Locale.ROOT))) {
            ArchiveEntry entry;
            while ((entry = in.getNextEntry()) != null) {
                if (++entries > maxEntries) {
                    throw new InvalidInputException("file", "the archive has more than " + maxEntries + " entries");
                }
                if (entry.isDirectory() && isRoot(entry.getName())) {
                    continue; // tar czf g.tar.gz -C graph . starts with the entry "./"
                }
                Path out = confined(root, entry.getName());
                if (entry.isDirectory()) {
                    Files.createDirectories(out);
                    continue;
                }
                requireRegularFile(entry);
                Files.createDirectories(out.getParent());
                total += copy(in, out, budget - total, entry.getName(), budget);
            }
        } catch (IOException e) {
            throw new InvalidInputException(
                    "file", "cannot read '" + filename + "' as an archive: " + e.getMessage(), e);
        }
        if (entries == 0) {
            throw new InvalidInputException("file", "the archive '" + filename + "' is empty");
        }
    }

    private static ArchiveInputStream<? extends ArchiveEntry> open(InputStream raw, String name) throws IOException {
        if (name.endsWith(".zip")) {
            return new ZipArchiveInputStream(raw);
        }
        return name.endsWith(".tar")
                ? new TarArchiveInputStream(raw)
                : new TarArchiveInputStream(new GzipCompressorInputStream(raw));
    }

    /** Whether an entry names the archive's folder itself ({@code ./}, {@code .}). */
    private static boolean isRoot(String name) {
        return name.equals(".") || name.equals("./");
    }

    private static Path confined(Path root, String name) {
        Path out = root.resolve(name).normalize();
        if (name.startsWith("/") || name.contains("\\") || !out.startsWith(root) || out.equals(root)) {
            throw new InvalidInputException(
                    "file",
                    "archive entry '" + name
                            + "' points outside the archive's folder; entries must be relative paths without '..'");
        }
        return out;
    }

    private static void requireRegularFile(ArchiveEntry entry) {
        boolean link = entry instanceof org.apache.commons.compress.archivers.tar.TarArchiveEntry tar
                && (tar.isSymbolicLink() || tar.isLink() || !tar.isFile());
        boolean zipLink =
                entry instanceof org.apache.commons.compress.archivers.zip.ZipArchiveEntry zip && zip.isUnixSymlink();
        if (link || zipLink) {
            throw new InvalidInputException(
                    "file",
                    "archive entry '" + entry.getName()
                            + "' is a link or special file; only regular files and folders are accepted");
        }
    }

    private long copy(InputStream in, Path out, long budget, String name, long limit) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        long written = 0;
        try (OutputStream os = Files.newOutputStream(out)) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                written += n;
                if (written > budget) {
                    if (limit < maxBytes) {
                        throw new InvalidInputException(
                                "file",
                                "the archive expands to more than " + maxRatio
                                        + " times its size (" + limit + " bytes, at entry "
                                        + com.dipgnn.graph.io.Excerpt.of(name)
                                        + "), as compression bombs do; compress the "
                                        + "graph less, or register it from a server directory");
                    }
                    throw new InvalidInputException(
                            "file",
                            "the archive expands to more than " + maxBytes
                                    + " bytes (at entry " + com.dipgnn.graph.io.Excerpt.of(name)
                                    + "); upload a smaller graph or register it from a server "
                                    + "directory" + (setting == null ? "" : ", or raise " + setting));
                }
                os.write(buffer, 0, n);
            }
        }
        return written;
    }
}
