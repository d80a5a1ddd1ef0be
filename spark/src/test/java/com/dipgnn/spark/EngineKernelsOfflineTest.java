package com.dipgnn.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine jar (com.dipgnn:dipgnn-engine, on this project's class path as the root build installed
 * it) carries the TorchScript kernels and runs them with no network: a JVM of its own, with DJL's
 * offline switch, a proxy that refuses every connection and an empty DJL cache, loads
 * {@code SegmentKernels} and its source {@code segops.py} from that jar, extracts PyTorch's natives
 * from the class path, compiles the kernels and computes hand-worked values and a gradient.
 */
class EngineKernelsOfflineTest {

    /** A local port nothing listens on (discard): a download attempt fails at once. */
    private static final String DEAD_PROXY = "9";
    /** Variables that would let DJL find natives elsewhere than in the class path's jars, or go online. */
    private static final List<String> OVERRIDES = List.of(
            "PYTORCH_LIBRARY_PATH",
            "PYTORCH_VERSION",
            "PYTORCH_FLAVOR",
            "PYTORCH_EXTRA_LIBRARY_PATH",
            "DJL_OFFLINE",
            "DJL_CACHE_DIR",
            "ENGINE_CACHE_DIR");

    @Test
    void theEngineJarsKernelsRunOfflineFromAnEmptyCache(@TempDir Path cache) throws Exception {
        Map<String, String> out = probe(cache);

        assertThat(out.get("offline")).isEqualTo("true");
        assertThat(out.get("engine")).startsWith("PyTorch ");
        String jar = out.get("class");
        assertThat(jar).as("SegmentKernels' code source").matches("file:.*/dipgnn-engine-[^/]*\\.jar");
        assertThat(out.get("source")).as("segops.py").isEqualTo("jar:" + jar + "!/com/dipgnn/model/kernels/segops.py");
        // values 1..5 in segments 0, 2, 0, 2, 2 of 3: 1 + 3, nothing, 2 + 4 + 5
        assertThat(floats(out.get("segmentSum"))).containsExactly(4f, 0f, 11f);
        // d/d values of sum(weights[s] * sums[s]) is the weight of each row's segment: 1, 100, 1, 100, 100
        assertThat(floats(out.get("segmentSumGradient"))).containsExactly(1f, 100f, 1f, 100f, 100f);
        // segment 1 holds logits 0 and ln 3 (weights 1 : 3), segment 0 one row
        assertThat(floats(out.get("segmentSoftmax"))).containsExactly(new float[] {0.25f, 0.75f, 1f}, within(1e-6f));
        try (Stream<Path> files = Files.walk(cache)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .as("PyTorch's natives extracted into the empty cache")
                    .anyMatch(n -> n.startsWith("libtorch"));
        }
    }

    /** Runs {@link KernelProbe} on this JVM's class path and returns its {@code name=value} lines. */
    private static Map<String, String> probe(Path cache) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m",
                "-Dai.djl.offline=true",
                "-Dai.djl.pytorch.num_threads=1",
                "-Dai.djl.pytorch.num_interop_threads=1",
                "-Dhttp.proxyHost=127.0.0.1",
                "-Dhttp.proxyPort=" + DEAD_PROXY,
                "-Dhttps.proxyHost=127.0.0.1",
                "-Dhttps.proxyPort=" + DEAD_PROXY,
                "-Dhttp.nonProxyHosts=",
                "-Duser.home=" + cache.resolve("home"),
                "-DDJL_CACHE_DIR=" + cache,
                "-DENGINE_CACHE_DIR=" + cache,
                "-cp",
                System.getProperty("java.class.path"),
                KernelProbe.class.getName()));
        Path log = cache.resolve("probe.log");
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        OVERRIDES.forEach(builder.environment()::remove);
        builder.environment().put("DJL_CACHE_DIR", cache.toString());
        builder.environment().put("ENGINE_CACHE_DIR", cache.toString());
        Process process = builder.start();
        boolean ended = process.waitFor(180, TimeUnit.SECONDS);
        if (!ended) {
            process.destroyForcibly().waitFor();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(ended && process.exitValue() == 0)
                .as("the probe ended with exit code 0; output:%n%s", output)
                .isTrue();
        return output.lines()
                .filter(l -> l.matches("[A-Za-z]+=.*"))
                .collect(Collectors.toMap(
                        l -> l.substring(0, l.indexOf('=')), l -> l.substring(l.indexOf('=') + 1), (a, b) -> b));
    }

    private static float[] floats(String printed) {
        assertThat(printed).as("a printed array").isNotNull().startsWith("[").endsWith("]");
        String[] parts = printed.substring(1, printed.length() - 1).split(", ");
        float[] values = new float[parts.length];
        for (int i = 0; i < parts.length; i++) {
            values[i] = Float.parseFloat(parts[i]);
        }
        return values;
    }
}
