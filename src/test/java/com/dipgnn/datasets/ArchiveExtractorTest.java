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
                .hasMessageContaining(
                        "'x.tar.gz' is not a gzip-compressed tar archive: it starts with the text " + "'hello'");
    }

    @Test
    void aFileThatIsNotTheArchiveItsNameSaysIsNamedAsSuchNotAsEmpty() throws IOException {
        Path csv = Files.writeString(dir.resolve("nodes.csv"), "id,name\n1,a\n");
        assertThatThrownBy(() -> new ArchiveExtractor(1 << 20, 100).extract(csv, "graph.zip", dir))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("'graph.zip' is not a zip archive: it starts with the text 'id,name");
        // a gzip of one file, not of a tar: the tar inside is what is missing (bytes 1f 8b are gzip's)
        Path png = Files.write(dir.resolve("x.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a});
        assertThatThrownBy(() -> new ArchiveExtractor(1 << 20, 100).extract(png, "graph.tar", dir))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("'graph.tar' is not a tar archive: it starts with the bytes 89 50 4e 47");
        Path nothing = Files.write(dir.resolve("empty.zip"), new byte[0]);
        assertThatThrownBy(() -> new ArchiveExtractor(1 << 20, 100).extract(nothing, "empty.zip", dir))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("is an empty file (0 bytes)");
    }

    @Test
    void aTruncatedZipIsNamedTruncated() throws IOException {
        Path whole = zip("g/nodes/item.csv", "id\n" + "a\n".repeat(2_000), "g/edges.csv", "src,dst\na,a\n");
        byte[] bytes = Files.readAllBytes(whole);
        for (int cut : new int[] {bytes.length - 10, bytes.length / 2, 40}) {
            Path truncated = Files.write(dir.resolve("cut" + cut + ".zip"), java.util.Arrays.copyOf(bytes, cut));
            Path out = Files.createTempDirectory(dir, "out");
            assertThatThrownBy(() -> new ArchiveExtractor(1 << 20, 100).extract(truncated, "graph.zip", out))
                    .as("cut at byte %d of %d", cut, bytes.length)
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessageContaining("'graph.zip' is truncated");
        }
        Path out = Files.createDirectory(dir.resolve("whole"));
        new ArchiveExtractor(1 << 20, 100).extract(whole, "graph.zip", out);
        assertThat(out.resolve("g/edges.csv")).hasContent("src,dst\na,a\n");
    }

    @Test
    void aTruncatedTarGzIsNamedTruncatedWithTheEntryItEndsIn() throws IOException {
        TarArchiveEntry header = new TarArchiveEntry("g/nodes/item.csv", true);
        byte[] data = new byte[200_000];
        new java.util.Random(1).nextBytes(data); // incompressible, so the cut falls inside this entry
        header.setSize(data.length);
        byte[] bytes = Files.readAllBytes(tarGz(new Entry(header, data)));
        Path truncated = Files.write(dir.resolve("cut.tar.gz"), java.util.Arrays.copyOf(bytes, bytes.length / 2));
        Path out = Files.createDirectory(dir.resolve("out"));
        assertThatThrownBy(() -> new ArchiveExtractor(1 << 20, 100).extract(truncated, "graph.tgz", out))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("'graph.tgz' is truncated or damaged")
                .hasMessageContaining("in entry 'g/nodes/item.csv'");
    }

    private Path zip(String... namesAndContents) throws IOException {
        Path file = Files.createTempFile(dir, "a", ".zip");
        try (java.util.zip.ZipOutputStream zip = new java.util.zip.ZipOutputStream(Files.newOutputStream(file))) {
            for (int i = 0; i < namesAndContents.length; i += 2) {
                zip.putNextEntry(new java.util.zip.ZipEntry(namesAndContents[i]));
                zip.write(namesAndContents[i + 1].getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
        return file;
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
