package com.dipgnn.housekeeping;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.config.ServiceProperties;
import com.dipgnn.store.WriteOwner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a dead process left mid-write is removed, and nothing else: not data sets, models or
 * checkpoints, not a live process's write however old, and not a dead one's touched within the
 * grace period. Names without an owner token (older versions) go only when older than this
 * process and the grace period.
 */
class DebrisCleanerTest {

    private static final Instant START = Instant.parse("2026-11-25T12:00:00Z");
    private static final Duration GRACE = Duration.ofMinutes(2);
    private static final Instant NOW = START.plus(Duration.ofHours(1));
    /** Before this process started, and past the grace period. */
    private static final Instant BEFORE = START.minus(Duration.ofHours(1));
    /** Since this process started, past the grace period. */
    private static final Instant OLD = NOW.minus(Duration.ofMinutes(10));
    /** Within the grace period. */
    private static final Instant RECENT = NOW.minus(Duration.ofSeconds(30));

    private static final String LIVE = "o00000000a1a1";
    private static final String DEAD = "o00000000dead";
    private static final DebrisCleaner.Rules RULES = new DebrisCleaner.Rules(Set.of(LIVE)::contains, START, NOW, GRACE);

    @TempDir
    Path data;

    @Test
    void aDeadOwnersWritesOfEveryKindArePastTheGracePeriodRemovedAndNothingElse() throws IOException {
        List<Path> debris = List.of(
                file("datasets/.upload-" + DEAD + "-7f3a", 1000, OLD),
                file("datasets/.partial-" + DEAD + "-7f3a/shop/nodes/item.csv", 300, OLD),
                file("models/.shop-links-2.partial-" + DEAD + "-123/encoder.params", 200, OLD),
                file("embeddings/.4b39.partial-" + DEAD + "-812/part-00000.snappy.parquet", 700, OLD),
                file("jobs/job-1/checkpoints/.partial-" + DEAD + "-55/state.bin", 50, OLD),
                file("jobs/job-1/checkpoints/.latest-" + DEAD + "-9.tmp", 10, OLD),
                file("jobs/job-1/curves.json." + DEAD + "-3.tmp", 15, OLD),
                file("checkpoints/job-1/.partial-" + DEAD + "-56/state.bin", 50, OLD),
                file("cache/text-inputs/shop.bin." + DEAD + "-123.tmp", 20, OLD),
                file(".admin-token." + DEAD + "-456.tmp", 5, OLD),
                file("tmp/multipart/" + DEAD + "/upload_1a2b_00000001.tmp", 400, OLD));
        List<Path> kept = List.of(
                file("datasets/shop/nodes/item.csv", 100, BEFORE),
                file("models/shop-links-1/encoder.params", 100, BEFORE),
                file("jobs/job-1/checkpoints/step-00000004/state.bin", 100, BEFORE),
                file("jobs/job-1/checkpoints/LATEST", 10, BEFORE),
                file("jobs/job-1/curves.json", 100, BEFORE),
                file("cache/text-inputs/shop.bin", 100, BEFORE),
                file("admin-token", 10, BEFORE));

        DebrisCleaner.Result result = DebrisCleaner.clean(properties(data), RULES);

        for (Path p : debris) {
            assertThat(p).as("debris").doesNotExist();
        }
        for (Path p : kept) {
            assertThat(p).as("kept").exists();
        }
        assertThat(result.entries()).isEqualTo(debris.size());
        assertThat(result.bytes()).isEqualTo(1000 + 300 + 200 + 700 + 50 + 10 + 15 + 50 + 20 + 5 + 400);
        assertThat(data.resolve("datasets/.partial-" + DEAD + "-7f3a")).doesNotExist();
        assertThat(data.resolve("tmp/multipart/" + DEAD)).doesNotExist();
        assertThat(data.resolve("tmp/multipart")).isDirectory();
    }

    @Test
    void aLiveOwnersWritesAreKeptHoweverOld() throws IOException {
        List<Path> live = List.of(
                file("datasets/.upload-" + LIVE + "-7f3a", 1000, BEFORE),
                file("datasets/.partial-" + LIVE + "-7f3a/shop/nodes/item.csv", 300, BEFORE),
                file("models/.shop-links-2.partial-" + LIVE + "-123/encoder.params", 200, BEFORE),
                file("jobs/job-1/checkpoints/.partial-" + LIVE + "-55/state.bin", 50, BEFORE),
                file("jobs/job-1/checkpoints/.latest-" + LIVE + "-9.tmp", 10, BEFORE),
                file("cache/text-inputs/shop.bin." + LIVE + "-123.tmp", 20, OLD),
                // a slow client's spooled upload, and the live process's spool directory itself
                file("tmp/multipart/" + LIVE + "/upload_1a2b_00000001.tmp", 400, BEFORE));

        DebrisCleaner.Result result = DebrisCleaner.clean(properties(data), RULES);

        for (Path p : live) {
            assertThat(p).as("a live owner's").exists();
        }
        assertThat(result.entries()).isZero();
    }

    @Test
    void aDeadOwnersWriteTouchedWithinTheGracePeriodIsKept() throws IOException {
        Path recent = file("datasets/.upload-" + DEAD + "-7f3a", 1000, RECENT);
        // an old directory with one file written to within the grace period
        Path deep = file("datasets/.partial-" + DEAD + "-8e4b/shop/nodes/item.csv", 100, RECENT);
        Files.setLastModifiedTime(data.resolve("datasets/.partial-" + DEAD + "-8e4b"), FileTime.from(OLD));
        Path spooled = file("tmp/multipart/" + DEAD + "/upload_1a2b_00000001.tmp", 400, RECENT);
        Path removed = file("models/.m-1.partial-" + DEAD + "-1/encoder.params", 10, OLD);

        DebrisCleaner.Result result = DebrisCleaner.clean(properties(data), RULES);

        assertThat(recent).exists();
        assertThat(deep).exists();
        assertThat(spooled).exists();
        assertThat(removed).doesNotExist();
        assertThat(result.entries()).isEqualTo(1);
    }

    @Test
    void namesWithoutAnOwnerGoOnlyWhenOlderThanThisProcessAndTheGracePeriod() throws IOException {
        List<Path> debris = List.of(
                file("datasets/.upload-7f3a", 1000, BEFORE),
                file("datasets/.partial-7f3a/shop/nodes/item.csv", 300, BEFORE),
                file("models/.shop-links-2.partial-123/encoder.params", 200, BEFORE),
                file("jobs/job-1/checkpoints/.partial-55/state.bin", 50, BEFORE),
                file("cache/text-inputs/shop.bin123.tmp", 20, BEFORE),
                file(".admin-token456.tmp", 5, BEFORE),
                file("tmp/multipart/upload_1a2b_00000001.tmp", 400, BEFORE));
        List<Path> kept = List.of(
                file("datasets/.upload-9c9c", 100, OLD), // since this process started: another process's
                file("models/.shop-links-3.partial-456/encoder.params", 100, OLD),
                file("tmp/multipart/upload_3c4d_00000002.tmp", 100, OLD));

        DebrisCleaner.Result result = DebrisCleaner.clean(properties(data), RULES);

        for (Path p : debris) {
            assertThat(p).as("debris").doesNotExist();
        }
        for (Path p : kept) {
            assertThat(p).as("kept").exists();
        }
        assertThat(result.entries()).isEqualTo(debris.size());
    }

    @Test
    void aLegacyWriteTouchedWithinTheGracePeriodIsKeptAtStart() throws IOException {
        Path withinGrace = file("datasets/.upload-1d1d", 100, START.minusSeconds(30));
        DebrisCleaner.Rules justStarted =
                new DebrisCleaner.Rules(RULES.liveOwner(), START, START.plusSeconds(30), GRACE);

        assertThat(DebrisCleaner.clean(properties(data), justStarted).entries()).isZero();
        assertThat(withinGrace).exists();
    }

    @Test
    void anEmptyDataDirectoryIsFine() {
        DebrisCleaner.Result result = DebrisCleaner.clean(properties(data.resolve("new")), RULES);
        assertThat(result.entries()).isZero();
    }

    /** A file of {@code bytes} bytes at {@code relative}, it and its new parent folders last modified at {@code time}. */
    private Path file(String relative, int bytes, Instant time) throws IOException {
        Path file = data.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.write(file, new byte[bytes]);
        for (Path p = file; !p.equals(data); p = p.getParent()) {
            if (Files.getLastModifiedTime(p).toInstant().isAfter(NOW) || p.equals(file)) {
                Files.setLastModifiedTime(p, FileTime.from(time));
            }
        }
        return file;
    }

    private static ServiceProperties properties(Path data) {
        return com.dipgnn.testing.TestProperties.of(data);
    }

    static {
        assertThat(WriteOwner.current()).isNotIn(LIVE, DEAD); // the real token is random; these are fixed
    }
}
