package com.dipgnn.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.config.ServiceProperties;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generated admin token when several processes share one data directory. */
class ApiTokensTest {

    @Test
    void processesStartingTogetherOnOneDataDirectoryAgreeOnOneToken(@TempDir Path data) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<String>> starts = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                starts.add(() -> new ApiTokens(properties(data))
                        .find(Files.readString(data.resolve("admin-token")).trim())
                        .orElseThrow()
                        .token());
            }
            List<String> tokens = new ArrayList<>();
            for (Future<String> f : pool.invokeAll(starts)) {
                tokens.add(f.get());
            }
            assertThat(tokens)
                    .hasSize(8)
                    .allSatisfy(t -> assertThat(t).hasSizeGreaterThanOrEqualTo(16))
                    .containsOnly(tokens.get(0));
            try (var files = Files.list(data)) {
                assertThat(files.map(p -> p.getFileName().toString())).containsExactly("admin-token");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void anEmptyTokenFileIsRefusedAndAnEmptyTokenNeverMatches(@TempDir Path data) throws Exception {
        Files.writeString(data.resolve("admin-token"), "\n");
        assertThatThrownBy(() -> new ApiTokens(properties(data)))
                .hasMessageContaining("empty or damaged")
                .hasMessageContaining("delete the file");
        Files.delete(data.resolve("admin-token"));
        ApiTokens tokens = new ApiTokens(properties(data));
        assertThat(tokens.find("")).isEmpty();
        assertThat(tokens.find("   ")).isEmpty();
        assertThat(tokens.find(Files.readString(data.resolve("admin-token")).trim()))
                .isPresent();
    }

    private static ServiceProperties properties(Path data) {
        return com.dipgnn.testing.TestProperties.of(data);
    }
}
