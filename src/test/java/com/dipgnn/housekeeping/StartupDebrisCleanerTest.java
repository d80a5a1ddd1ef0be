package com.dipgnn.housekeeping;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.config.ProcessRole;
import com.dipgnn.config.ServiceProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.util.unit.DataSize;

/**
 * What a process killed mid-write leaves is removed at the next start, and nothing else: not
 * data sets, models or checkpoints, and not a partial write begun after the process started.
 */
class StartupDebrisCleanerTest {

    private static final Instant START = Instant.parse("2026-11-25T12:00:00Z");
    private static final Instant BEFORE = START.minus(Duration.ofHours(1));
    private static final Instant AFTER = START.plusSeconds(5);

    @TempDir
    Path data;

    @Test
    void removesEveryKindOfPartialArtefactOlderThanTheProcessAndNothingElse() throws IOException {
        List<Path> debris = List.of(
                file("datasets/.upload-7f3a", 1000, BEFORE),
                file("datasets/.partial-7f3a/shop/nodes/item.csv", 300, BEFORE),
                file("models/.shop-links-2.partial-123/encoder.params", 200, BEFORE),
                file("checkpoints/job-1/.partial-55/state.bin", 50, BEFORE),
                file("checkpoints/job-1/.latest-9.tmp", 10, BEFORE),
                file("cache/text-inputs/shop.bin123.tmp", 20, BEFORE),
                file(".admin-token456.tmp", 5, BEFORE),
                file("tmp/multipart/upload_1a2b_00000001.tmp", 400, BEFORE));
        List<Path> kept = List.of(
                file("datasets/shop/nodes/item.csv", 100, BEFORE),
                file("models/shop-links-1/encoder.params", 100, BEFORE),
                file("checkpoints/job-1/step-00000004/state.bin", 100, BEFORE),
                file("cache/text-inputs/shop.bin", 100, BEFORE),
                file("admin-token", 10, BEFORE),
                // partial writes begun after this process started (another live process's)
                file("datasets/.upload-9c9c", 100, AFTER),
                file("models/.shop-links-3.partial-456/encoder.params", 100, AFTER),
                file("tmp/multipart/upload_3c4d_00000002.tmp", 100, AFTER));
        // a partial directory created before the start but still being written to is kept too
        Path live = file("datasets/.partial-live/shop/nodes/item.csv", 100, AFTER);
        Files.setLastModifiedTime(data.resolve("datasets/.partial-live"), FileTime.from(BEFORE));

        StartupDebrisCleaner.Result result = StartupDebrisCleaner.clean(properties(data), START);

        for (Path p : debris) {
            assertThat(p).as("debris").doesNotExist();
        }
        for (Path p : kept) {
            assertThat(p).as("kept").exists();
        }
        assertThat(live).exists();
        assertThat(result.entries()).isEqualTo(8);
        assertThat(result.bytes()).isEqualTo(1000 + 300 + 200 + 50 + 10 + 20 + 5 + 400);
        assertThat(data.resolve("datasets/.partial-7f3a")).doesNotExist();
        assertThat(data.resolve(StartupDebrisCleaner.MULTIPART_DIR)).isDirectory();
    }

    @Test
    void removesAnEmbeddingJobsPartialOutputButNotItsFinishedOnes() throws IOException {
        Path partial = file("embeddings/.4b39b773.partial-812/part-00000.snappy.parquet", 700, BEFORE);
        Path finished = file("embeddings/4b39b773/part-00000.snappy.parquet", 700, BEFORE);
        Path live = file("embeddings/.9c2e.partial-913/part-00000.snappy.parquet", 70, AFTER);

        StartupDebrisCleaner.Result result = StartupDebrisCleaner.clean(properties(data), START);

        assertThat(partial.getParent()).doesNotExist();
        assertThat(finished).exists();
        assertThat(live).as("another live process's export").exists();
        assertThat(result.entries()).isEqualTo(1);
        assertThat(result.bytes()).isEqualTo(700);
    }

    @Test
    void anEmptyDataDirectoryIsFine() {
        StartupDebrisCleaner.Result result = StartupDebrisCleaner.clean(properties(data.resolve("new")), START);
        assertThat(result.entries()).isZero();
        assertThat(data.resolve("new").resolve(StartupDebrisCleaner.MULTIPART_DIR)).isDirectory();
    }

    /** A file of {@code bytes} bytes at {@code relative}, it and its new parent folders last modified at {@code time}. */
    private Path file(String relative, int bytes, Instant time) throws IOException {
        Path file = data.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.write(file, new byte[bytes]);
        for (Path p = file; !p.equals(data); p = p.getParent()) {
            if (Files.getLastModifiedTime(p).toInstant().isAfter(START) || p.equals(file)) {
                Files.setLastModifiedTime(p, FileTime.from(time));
            }
        }
        return file;
    }

    private static ServiceProperties properties(Path data) {
        return com.dipgnn.testing.TestProperties.of(data);
    }
}
