package com.dipgnn.datasets;

import com.dipgnn.errors.InvalidInputException;
import com.dipgnn.graph.io.Excerpt;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
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
        String format = filename.toLowerCase(Locale.ROOT);
        requireFormat(archive, filename, format);
        Path root = target.toAbsolutePath().normalize();
        long byRatio = Math.max(RATIO_FREE_BYTES, Files.size(archive) * (long) Math.min(maxRatio, Integer.MAX_VALUE));
        long budget = Math.min(maxBytes, byRatio);
        long total = 0;
        int entries = 0;
        String current = null;
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(archive));
                ArchiveInputStream<? extends ArchiveEntry> in = open(raw, format)) {
            ArchiveEntry entry;
            while ((entry = in.getNextEntry()) != null) {
                current = entry.getName();
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
                    "file",
                    "'" + filename + "' is truncated or damaged: reading it failed "
                            + (current == null ? "before its first entry" : "in entry " + Excerpt.of(current))
                            + " (" + e.getMessage() + "); upload the whole file again",
                    e);
        }
        if (entries == 0) {
            throw new InvalidInputException("file", "the archive '" + filename + "' holds no files");
        }
    }

    /**
     * Refuses, before anything is extracted, a file that is not the archive its name says, by its
     * first bytes (a zip's local header or the end record of an empty zip, a tar header's
     * {@code ustar} magic, gzip's 1f 8b), and a zip whose end record is missing: one cut short.
     */
    private static void requireFormat(Path archive, String filename, String format) throws IOException {
        byte[] head = new byte[512];
        int n;
        try (InputStream in = Files.newInputStream(archive)) {
            n = in.readNBytes(head, 0, head.length);
        }
        if (n == 0) {
            throw new InvalidInputException("file", "'" + filename + "' is an empty file (0 bytes); upload it again");
        }
        String kind;
        boolean matches;
        if (format.endsWith(".zip")) {
            kind = "a zip archive";
            matches = ZipArchiveInputStream.matches(head, n);
        } else if (format.endsWith(".tar")) {
            kind = "a tar archive";
            matches = TarArchiveInputStream.matches(head, n);
        } else {
            kind = "a gzip-compressed tar archive";
            matches = n >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b;
        }
        if (!matches) {
            throw new InvalidInputException(
                    "file",
                    "'" + filename + "' is not " + kind + ": it starts with " + opening(head, n)
                            + "; upload the graph's files packed as " + kind + ", or name the file after its format "
                            + "(.zip, .tar, .tar.gz or .tgz)");
        }
        if (format.endsWith(".zip") && !hasZipEnd(archive)) {
            throw new InvalidInputException(
                    "file",
                    "'" + filename + "' is truncated: it ends before the zip's closing directory; upload the whole "
                            + "file again");
        }
    }

    /** How a file starts, for people: its first characters when they are text, else its first bytes in hex. */
    static String opening(byte[] head, int n) {
        int shown = Math.min(n, 16);
        boolean text = true;
        for (int i = 0; i < shown; i++) {
            int b = head[i] & 0xff;
            text &= (b >= 0x20 && b < 0x7f) || b == '\t' || b == '\n' || b == '\r';
        }
        if (text) {
            return "the text " + Excerpt.of(new String(head, 0, shown, StandardCharsets.US_ASCII));
        }
        StringBuilder hex = new StringBuilder("the bytes");
        for (int i = 0; i < Math.min(n, 4); i++) {
            hex.append(String.format(Locale.ROOT, " %02x", head[i] & 0xff));
        }
        return hex.toString();
    }

    /** Whether a zip's end-of-central-directory record (PK 05 06) is in its last 65,557 bytes, where it must be. */
    private static boolean hasZipEnd(Path archive) throws IOException {
        long size = Files.size(archive);
        int tail = (int) Math.min(size, 22 + 65_535);
        byte[] bytes = new byte[tail];
        try (java.nio.channels.SeekableByteChannel channel = Files.newByteChannel(archive)) {
            channel.position(size - tail);
            java.nio.ByteBuffer buffer = java.nio.ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining() && channel.read(buffer) >= 0) {
                // read the whole tail
            }
        }
        for (int i = tail - 22; i >= 0; i--) {
            if (bytes[i] == 'P' && bytes[i + 1] == 'K' && bytes[i + 2] == 5 && bytes[i + 3] == 6) {
                return true;
            }
        }
        return false;
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
                                        + Excerpt.of(name)
                                        + "), as compression bombs do; compress the "
                                        + "graph less, or register it from a server directory");
                    }
                    throw new InvalidInputException(
                            "file",
                            "the archive expands to more than " + maxBytes
                                    + " bytes (at entry " + Excerpt.of(name)
                                    + "); upload a smaller graph or register it from a server "
                                    + "directory" + (setting == null ? "" : ", or raise " + setting));
                }
                os.write(buffer, 0, n);
            }
        }
        return written;
    }
}
