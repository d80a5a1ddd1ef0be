package com.dipgnn.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.testing.ChildJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DJL's PyTorch engine starts and computes with no network: a child JVM with DJL's offline switch,
 * a proxy that refuses every connection and an empty DJL cache must extract the natives from the
 * jars on the class path (not find them in {@code ~/.djl.ai}) and multiply two matrices.
 */
class OfflineEngineTest {

    /** DJL's cache folders, read from the environment or a system property of the same name. */
    private static final List<String> CACHE_VARIABLES = List.of("DJL_CACHE_DIR", "ENGINE_CACHE_DIR");
    /** Variables that would point DJL at natives outside the class path. */
    private static final List<String> NATIVE_OVERRIDES = List.of(
            "PYTORCH_LIBRARY_PATH", "PYTORCH_VERSION", "PYTORCH_FLAVOR", "PYTORCH_EXTRA_LIBRARY_PATH", "DJL_OFFLINE");
    /** A local port nothing listens on (discard): any download attempt fails at once. */
    private static final String DEAD_PROXY_PORT = "9";

    @Test
    void engineComputesOfflineWithNativesFromTheClassPath(@TempDir Path cache) throws Exception {
        ChildJvm.Result child = runProbe(cache);

        assertThat(child.exitCode())
                .as("probe exit code; output:%n%s", child.output())
                .isZero();
        assertThat(child.output())
                .contains("engine=PyTorch")
                .contains("offline=true")
                .contains("matmul=[17.0, 39.0]");
        assertThat(filesUnder(cache))
                .as("natives extracted into the fresh cache folder")
                .anyMatch(name -> name.startsWith("libtorch") || name.startsWith("libc10"));
    }

    @Test
    void engineSetsTheOfflineSwitchWhenUnset() {
        String before = System.getProperty(Devices.OFFLINE_PROPERTY);
        try {
            System.clearProperty(Devices.OFFLINE_PROPERTY);
            Devices.engine();
            assertThat(System.getProperty(Devices.OFFLINE_PROPERTY)).isEqualTo("true");

            System.setProperty(Devices.OFFLINE_PROPERTY, "false");
            Devices.engine();
            assertThat(System.getProperty(Devices.OFFLINE_PROPERTY))
                    .as("a user's own setting is kept")
                    .isEqualTo("false");
        } finally {
            restore(before);
        }
    }

    private static ChildJvm.Result runProbe(Path cache) throws IOException, InterruptedException {
        List<String> jvmOptions = new ArrayList<>(List.of(
                "-Dai.djl.offline=true",
                "-Dhttp.proxyHost=127.0.0.1",
                "-Dhttp.proxyPort=" + DEAD_PROXY_PORT,
                "-Dhttps.proxyHost=127.0.0.1",
                "-Dhttps.proxyPort=" + DEAD_PROXY_PORT,
                "-Dhttp.nonProxyHosts=",
                "-Duser.home=" + cache.resolve("home")));
        for (String variable : CACHE_VARIABLES) {
            jvmOptions.add("-D" + variable + "=" + cache);
        }
        List<String> command = ChildJvm.javaCommand(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(OfflineEngineProbe.class.getName());
        return ChildJvm.run(
                command,
                env -> {
                    NATIVE_OVERRIDES.forEach(env::remove);
                    CACHE_VARIABLES.forEach(v -> env.put(v, cache.toString()));
                },
                120);
    }

    private static List<String> filesUnder(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .map(p -> p.getFileName().toString())
                    .toList();
        }
    }

    private static void restore(String value) {
        if (value == null) {
            System.clearProperty(Devices.OFFLINE_PROPERTY);
        } else {
            System.setProperty(Devices.OFFLINE_PROPERTY, value);
        }
    }
}
