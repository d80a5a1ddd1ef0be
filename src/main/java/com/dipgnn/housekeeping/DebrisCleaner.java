package com.dipgnn.housekeeping;

import com.dipgnn.config.ServiceProperties;
import com.dipgnn.datasets.DatasetService;
import com.dipgnn.store.AtomicFiles;
import com.dipgnn.store.CheckpointFiles;
import com.dipgnn.store.ModelStore;
import com.dipgnn.store.WriteOwner;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Removes the partial artefacts that dead processes left in the shared data directory, at start and
 * every {@code dipgnn.housekeeping.sweep-interval}: {@code .upload-*} archives and {@code .partial-*}
 * extractions of uploads, {@code .<id>.partial-*} model and embedding-job directories, checkpoint
 * {@code .partial-*} and {@code .latest-*.tmp} writes, {@code *.tmp} files of atomic writes, and
 * the web server's spooled multipart uploads ({@link #MULTIPART_DIR}, one directory per process).
 *
 * <p>Ownership, not age, decides ({@link Rules}): an artefact is removed only when the owner token
 * in its name ({@link WriteOwner}) belongs to no live process ({@link ProcessOwners}) and nothing
 * under it changed within the grace period. One without a token (written before tokens existed)
 * is removed only when nothing under it changed since before this process started, nor within the
 * grace period. Each removal is logged; the gauges {@code dipgnn.startup.debris.removed} and
 * {@code dipgnn.startup.debris.bytes} count what every sweep of this process removed.
 */
@Component
public class DebrisCleaner implements DisposableBean {

    /** Where the web server spools multipart uploads, one directory per owner token, under the data directory. */
    public static final String MULTIPART_DIR = "tmp/multipart";

    private static final Logger LOG = LoggerFactory.getLogger(DebrisCleaner.class);

    private final ServiceProperties properties;
    private final ProcessOwners owners;
    private final Instant processStart =
            Instant.ofEpochMilli(ManagementFactory.getRuntimeMXBean().getStartTime());
    private final AtomicLong entries = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    private final ScheduledExecutorService sweeps;

    /** What a sweep removed. */
    public record Result(long entries, long bytes, List<Path> removed) {}

    /**
     * When an artefact is debris.
     *
     * @param liveOwner whether an owner token belongs to a live process
     * @param processStart when this process started (artefacts without a token must be older)
     * @param now the time the artefacts' last modifications are compared with
     * @param grace how long nothing under an artefact may have changed before it is removed
     */
    public record Rules(Predicate<String> liveOwner, Instant processStart, Instant now, Duration grace) {

        /** Whether {@code artefact}, named as a partial write, is debris now. */
        public boolean isDebris(Path artefact) {
            Instant newest = lastModifiedUnder(artefact);
            if (!newest.isBefore(now.minus(grace))) {
                return false; // touched within the grace period: perhaps still being written
            }
            Optional<String> owner = WriteOwner.of(artefact.getFileName().toString());
            return owner.isPresent() ? !liveOwner.test(owner.get()) : newest.isBefore(processStart);
        }
    }

    public DebrisCleaner(ServiceProperties properties, ProcessOwners owners, MeterRegistry meters) {
        this.properties = properties;
        this.owners = owners;
        Gauge.builder("dipgnn.startup.debris.removed", entries, AtomicLong::get)
                .description("Partial files and directories of dead processes' writes removed since this process "
                        + "started")
                .register(meters);
        Gauge.builder("dipgnn.startup.debris.bytes", bytes, AtomicLong::get)
                .baseUnit("bytes")
                .description("Bytes those partial files and directories held")
                .register(meters);
        sweep();
        this.sweeps = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "dipgnn-debris-sweep");
            t.setDaemon(true);
            return t;
        });
        long every = properties.housekeeping().sweepInterval().toMillis();
        if (every > 0) {
            sweeps.scheduleWithFixedDelay(this::sweepQuietly, every, every, TimeUnit.MILLISECONDS);
        }
    }

    /** Removes the debris now, by the database's view of which owners live; counts it in the gauges. */
    public synchronized Result sweep() {
        Rules rules = new Rules(
                owners.liveOwners(),
                processStart,
                Instant.now(),
                properties.housekeeping().ownerGrace());
        Result result = clean(properties, rules);
        entries.addAndGet(result.entries());
        bytes.addAndGet(result.bytes());
        owners.forgetDead();
        return result;
    }

    /** What the sweeps of this process removed so far (without the paths). */
    public Result totals() {
        return new Result(entries.get(), bytes.get(), List.of());
    }

    private void sweepQuietly() {
        try {
            sweep();
        } catch (RuntimeException e) { // e.g. the database is away: nobody can be taken for dead
            LOG.warn("Skipped a sweep for partial writes of dead processes: {}", e.getMessage());
        }
    }

    @Override
    public void destroy() {
        sweeps.shutdownNow();
    }

    /** Removes the debris under {@code properties}' data directory, as {@code rules} decide. */
    public static Result clean(ServiceProperties properties, Rules rules) {
        List<Path> removed = new ArrayList<>();
        long[] removedBytes = {0};
        Sweep sweep = (dir, depth, candidate) -> {
            for (Path p : children(dir, depth, candidate)) {
                if (!rules.isDebris(p)) {
                    continue;
                }
                long size = size(p);
                ModelStore.deleteRecursively(p);
                if (!Files.exists(p)) {
                    removed.add(p);
                    removedBytes[0] += size;
                    LOG.info(
                            "Removed {} ({} bytes) left by an interrupted write of {}",
                            p,
                            size,
                            WriteOwner.of(p.getFileName().toString())
                                    .map(o -> "owner " + o + ", no longer alive")
                                    .orElse("a process before this one"));
                }
            }
        };
        Predicate<Path> checkpoint = named(n ->
                n.startsWith(CheckpointFiles.PARTIAL) || (n.startsWith(CheckpointFiles.POINTER) && n.endsWith(".tmp")));
        Predicate<Path> temporaryFile =
                p -> Files.isRegularFile(p) && p.getFileName().toString().endsWith(".tmp");
        sweep.run(
                properties.uploadsDir(),
                1,
                named(n -> n.startsWith(DatasetService.UPLOAD_PREFIX) || n.startsWith(DatasetService.STAGING_PREFIX)));
        Predicate<Path> partialDirectory = named(n -> n.startsWith(".") && n.contains(AtomicFiles.PARTIAL));
        sweep.run(properties.modelsDir(), 1, partialDirectory);
        sweep.run(properties.embeddingsDir(), 1, partialDirectory);
        sweep.run(properties.checkpointsDir(), 3, checkpoint);
        // jobs/<id>/checkpoints/<checkpoint write>, jobs/<id>/<file>.<owner>-<n>.tmp
        sweep.run(
                properties.dataDir().resolve("jobs"),
                3,
                checkpoint.or(temporaryFile.and(p ->
                        p.getNameCount() - properties.dataDir().resolve("jobs").getNameCount() == 2)));
        sweep.run(properties.dataDir().resolve("cache"), 4, temporaryFile);
        sweep.run(properties.dataDir(), 1, temporaryFile.and(named(n -> n.startsWith("."))));
        // one spool directory per owner token; a file directly in it was spooled by a version before tokens
        sweep.run(properties.dataDir().resolve(MULTIPART_DIR), 1, p -> true);
        if (!removed.isEmpty()) {
            LOG.info("Removed {} partial artefacts ({} bytes) of interrupted writes", removed.size(), removedBytes[0]);
        }
        return new Result(removed.size(), removedBytes[0], List.copyOf(removed));
    }

    @FunctionalInterface
    private interface Sweep {
        void run(Path dir, int depth, Predicate<Path> candidate);
    }

    private static Predicate<Path> named(Predicate<String> name) {
        return p -> name.test(p.getFileName().toString());
    }

    /** Entries under {@code dir} (down to {@code depth}) named as partial writes, outermost first, none inside another. */
    private static List<Path> children(Path dir, int depth, Predicate<Path> candidate) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Path> found = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(dir, depth)) {
            walk.filter(p -> !p.equals(dir)).filter(candidate).sorted().forEach(p -> {
                if (found.stream().noneMatch(p::startsWith)) {
                    found.add(p);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            LOG.warn("Could not look for partial artefacts in {}: {}", dir, e.getMessage());
        }
        return found;
    }

    /** The latest modification of {@code p} or anything under it; {@link Instant#MAX} when unreadable. */
    private static Instant lastModifiedUnder(Path p) {
        try (Stream<Path> all = Files.walk(p)) {
            return all.map(DebrisCleaner::lastModified).max(Instant::compareTo).orElse(Instant.MAX);
        } catch (IOException | UncheckedIOException e) {
            return Instant.MAX; // vanished or unreadable: never taken for debris
        }
    }

    private static Instant lastModified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toInstant();
        } catch (IOException e) {
            return Instant.MAX; // unreadable: never taken for debris
        }
    }

    private static long size(Path p) {
        try (Stream<Path> files = Files.walk(p)) {
            return files.filter(Files::isRegularFile)
                    .mapToLong(f -> f.toFile().length())
                    .sum();
        } catch (IOException | UncheckedIOException e) {
            return 0;
        }
    }
}
