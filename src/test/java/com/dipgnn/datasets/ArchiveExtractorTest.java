package com.dipgnn.datasets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.errors.InvalidInputException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hostile and oversized archives are refused, naming the entry; good ones extract in place. */
class ArchiveExtractorTest {

    @TempDir
    Path dir;

    @Test
    void extractsATarGzWithFolders() throws IOException {
        Path archive =
                tarGz(entry("g/nodes/item.csv", "id\na\n"), entry("g/edges/item__link__item.csv", "src,dst\na,a\n"));
        Path out = Files.createDirectory(dir.resolve("out"));
        new ArchiveExtractor(1 << 20, 100).extract(archive, "g.tar.gz", out);
        assertThat(Files.readString(out.resolve("g/nodes/item.csv"))).isEqualTo("id\na\n");
        assertThat(out.resolve("g/edges/item__link__item.csv")).exists();
    }

    @Test
    void entriesEscapingTheFolderAreRefused() throws IOException {
        for (String name : new String[] {"../evil.csv", "g/../../evil.csv", "/etc/evil.csv"}) {
            Path out = Files.createTempDirectory(dir, "out");
            Path archive = tarGz(entry(name, "x"));
            assertThatThrownBy(() -> new ArchiveExtractor(1 << 20, 100).extract(archive, "a.tgz", out))
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessageContaining("points outside");
            assertThat(dir.resolve("evil.csv")).doesNotExist();
        }
    }

    @Test
    void entriesUnderDotSlashAsTarWritesThemAreAccepted() throws IOException {
        // what `tar czf g.tar.gz -C graph .` writes: the folder itself as "./", then "./..." entries
        Path archive = tarGz(
                directory("./"),
                directory("./nodes/"),
                entry("./nodes/item.csv", "id\na\n"),
                entry("./edges.csv", "src,dst\na,a\n"));
        Path out = Files.createDirectory(dir.resolve("out"));
        new ArchiveExtractor(1 << 20, 100).extract(archive, "g.tar.gz", out);
        assertThat(Files.readString(out.resolve("nodes/item.csv"))).isEqualTo("id\na\n");
        assertThat(out.resolve("edges.csv")).exists();
        // while a real escape behind "./" is still refused
        Path escape = tarGz(directory("./"), entry("./../evil.csv", "x"));
        Path out2 = Files.createDirectory(dir.resolve("out2"));
        assertThatThrownBy(() -> new ArchiveExtractor(1 << 20, 100).extract(escape, "g.tar.gz", out2))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("points outside");
        assertThat(dir.resolve("evil.csv")).doesNotExist();
    }

    @Test
    void linksAreRefused() throws IOException {
        TarArchiveEntry link = new TarArchiveEntry("g/nodes/item.csv", TarArchiveEntry.LF_SYMLINK);
        link.setLinkName("/etc/passwd");
        Path archive = tarGz(new Entry(link, null));
        Path out = Files.createDirectory(dir.resolve("out"));
        assertThatThrownBy(() -> new ArchiveExtractor(1 << 20, 100).extract(archive, "a.tar.gz", out))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("is a link");
    }

    @Test
    void expansionAndEntryCountAreCapped() throws IOException {
        Path big = tarGz(entry("g/big.csv", "x".repeat(10_000)));
        Path out = Files.createDirectory(dir.resolve("out"));
        assertThatThrownBy(() -> new ArchiveExtractor(1_000, 100).extract(big, "a.tar.gz", out))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("more than 1000 bytes");
        Path many = tarGz(entry("a", "1"), entry("b", "2"), entry("c", "3"));
        Path out2 = Files.createDirectory(dir.resolve("out2"));
        assertThatThrownBy(() -> new ArchiveExtractor(1 << 20, 2).extract(many, "a.tar.gz", out2))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("more than 2 entries");
    }

    @Test
    void aCompressionBombStopsAfterAHundredTimesItsSize() throws IOException {
        // 80 MiB of one byte repeated: a gzip of well under 1 MiB
        int size = 80 << 20;
        TarArchiveEntry header = new TarArchiveEntry("g/nodes/item.csv", true);
        header.setSize(size);
        Path bomb = tarGz(new Entry(header, new byte[size]));
        long archiveBytes = Files.size(bomb);
        assertThat(archiveBytes).isLessThan(1 << 20);
        Path out = Files.createDirectory(dir.resolve("out"));
        assertThatThrownBy(() -> new ArchiveExtractor(1L << 30, 100).extract(bomb, "g.tar.gz", out))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("100 times its size");
        // it wrote no more than the ratio-free allowance (64 MiB, as 100 x the archive is less)
        assertThat(Files.size(out.resolve("g/nodes/item.csv"))).isLessThanOrEqualTo(ArchiveExtractor.RATIO_FREE_BYTES);
    }

    @Test
    void unsupportedNamesAndCorruptArchivesAreRefused() throws IOException {
        Path text = Files.writeString(dir.resolve("x.txt"), "hello");
        assertThatThrownBy(() -> new ArchiveExtractor(1 << 20, 100).extract(text, "x.rar", dir))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining(".zip");
        assertThatThrownBy(() -> new ArchiveExtractor(1 << 20, 100).extract(text, "x.tar.gz", dir))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("cannot read 'x.tar.gz'");
    }

    private record Entry(TarArchiveEntry header, byte[] data) {}

    private static Entry entry(String name, String content) {
        byte[] data = content.getBytes(StandardCharsets.UTF_8);
        TarArchiveEntry e = new TarArchiveEntry(name, true);
        e.setSize(data.length);
        return new Entry(e, data);
    }

    private static Entry directory(String name) {
        return new Entry(new TarArchiveEntry(name, TarArchiveEntry.LF_DIR, true), null);
    }

    private Path tarGz(Entry... entries) throws IOException {
        Path file = Files.createTempFile(dir, "a", ".tar.gz");
        try (OutputStream os = Files.newOutputStream(file);
                TarArchiveOutputStream tar = new TarArchiveOutputStream(new GzipCompressorOutputStream(os))) {
            for (Entry e : entries) {
                tar.putArchiveEntry(e.header());
                if (e.data() != null) {
                    tar.write(e.data());
                }
                tar.closeArchiveEntry();
            }
        }
        return file;
    }
}
