package com.dipgnn.housekeeping;

import com.dipgnn.config.ServiceProperties;
import com.dipgnn.store.AtomicFiles;
import com.dipgnn.store.ModelStore;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Removes, once at start, the partial artefacts that a process killed mid-write left in the data
 * directory: {@code .upload-*} archives and {@code .partial-*} extractions of uploads,
 * {@code .<id>.partial-*} model and embedding-job directories, {@code .partial-*} and {@code .latest-*.tmp}
 * checkpoint writes, {@code *.tmp} files of atomic writes, and the web server's spooled multipart
 * uploads ({@link #MULTIPART_DIR}). Only entries last modified before this process started are
 * touched, so a write that another live process (a worker sharing the directory) began since is
 * never removed. Each removal is logged; the count and bytes are the gauges
 * {@code dipgnn.startup.debris.removed} and {@code dipgnn.startup.debris.bytes}.
 */
@Component
public class StartupDebrisCleaner {

    /** Where the web server spools multipart uploads (spring.servlet.multipart.location), under the data directory. */
    public static final String MULTIPART_DIR = "tmp/multipart";

    private static final Logger LOG = LoggerFactory.getLogger(StartupDebrisCleaner.class);

    private final Result result;

    /** What the cleaning removed. */
    public record Result(long entries, long bytes, List<Path> removed) {
    }

    public StartupDebrisCleaner(ServiceProperties properties, MeterRegistry meters) {
        this.result = clean(properties, Instant.ofEpochMilli(ManagementFactory.getRuntimeMXBean().getStartTime()));
        Gauge.builder("dipgnn.startup.debris.removed", result, Result::entries)
                .description("Partial files and directories of interrupted writes removed at start").register(meters);
        Gauge.builder("dipgnn.startup.debris.bytes", result, Result::bytes).baseUnit("bytes")
                .description("Bytes those partial files and directories held").register(meters);
    }

    public Result result() {
        return result;
    }

    /** Removes the debris under {@code properties}' data directory last modified before {@code processStart}. */
    public static Result clean(ServiceProperties properties, Instant processStart) {
        List<Path> removed = new ArrayList<>();
        long[] bytes = {0};
        Predicate<Path> old = p -> modifiedBefore(p, processStart);
        Sweep sweep = (dir, depth, debris) -> {
            for (Path p : children(dir, depth, debris.and(old))) {
                long size = size(p);
                ModelStore.deleteRecursively(p);
                if (!Files.exists(p)) {
                    removed.add(p);
                    bytes[0] += size;
                    LOG.info("Removed {} ({} bytes) left by an interrupted write before this process started", p, size);
                }
            }
        };
        sweep.run(properties.uploadsDir(), 1, named(n -> n.startsWith(".upload-") || n.startsWith(".partial-")));
        Predicate<Path> partialDirectory = named(n -> n.startsWith(".") && n.contains(AtomicFiles.PARTIAL));
        sweep.run(properties.modelsDir(), 1, partialDirectory);
        sweep.run(properties.embeddingsDir(), 1, partialDirectory);
        sweep.run(properties.checkpointsDir(), 3, named(n -> n.startsWith(".partial-")
                || (n.startsWith(".latest-") && n.endsWith(".tmp"))));
        sweep.run(properties.dataDir().resolve("cache"), 4, p -> Files.isRegularFile(p)
                && p.getFileName().toString().endsWith(".tmp"));
        sweep.run(properties.dataDir(), 1, p -> Files.isRegularFile(p) && p.getFileName().toString().startsWith(".")
                && p.getFileName().toString().endsWith(".tmp"));
        Path multipart = properties.dataDir().resolve(MULTIPART_DIR);
        sweep.run(multipart, 1, p -> true);
        try {
            Files.createDirectories(multipart);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the web server's upload spool directory " + multipart, e);
        }
        if (!removed.isEmpty()) {
            LOG.info("Removed {} partial artefacts ({} bytes) of interrupted writes", removed.size(), bytes[0]);
        }
        return new Result(removed.size(), bytes[0], List.copyOf(removed));
    }

    @FunctionalInterface
    private interface Sweep {
        void run(Path dir, int depth, Predicate<Path> debris);
    }

    private static Predicate<Path> named(Predicate<String> name) {
        return p -> name.test(p.getFileName().toString());
    }

    /** Entries under {@code dir} (down to {@code depth}) that are debris, outermost first, none inside another. */
    private static List<Path> children(Path dir, int depth, Predicate<Path> debris) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Path> found = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(dir, depth)) {
            walk.filter(p -> !p.equals(dir)).filter(debris).sorted().forEach(p -> {
                if (found.stream().noneMatch(p::startsWith)) {
                    found.add(p);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            LOG.warn("Could not look for partial artefacts in {}: {}", dir, e.getMessage());
        }
        return found;
    }

    /** Whether {@code p} and everything under it were last modified before {@code instant}. */
    private static boolean modifiedBefore(Path p, Instant instant) {
        try (Stream<Path> all = Files.walk(p)) {
            return all.allMatch(f -> lastModified(f).isBefore(instant));
        } catch (IOException | UncheckedIOException e) {
            return false;
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
            return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
        } catch (IOException | UncheckedIOException e) {
            return 0;
        }
    }
}
