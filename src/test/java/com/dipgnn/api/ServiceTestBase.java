package com.dipgnn.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Starts the whole service on a random port with its embedded defaults (H2 and the model store in
 * a fresh data directory), an admin and a reader token, and a data set root for directory
 * registration. Each test class gets its own data directory.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureObservability
public abstract class ServiceTestBase {

    public static final String ADMIN_TOKEN = "test-admin-token-0123456789";
    public static final String READER_TOKEN = "test-reader-token-0123456789";

    protected static final Path DATA_DIR = tempDir("dipgnn-it-data");
    protected static final Path DATASET_ROOT = tempDir("dipgnn-it-graphs");

    @LocalServerPort
    protected int port;

    protected HttpApi admin;
    protected HttpApi reader;
    protected HttpApi anonymous;

    @DynamicPropertySource
    static void serviceProperties(DynamicPropertyRegistry registry) {
        registry.add("dipgnn.data-dir", DATA_DIR::toString);
        registry.add("dipgnn.datasets.roots[0]", DATASET_ROOT::toString);
        registry.add("dipgnn.security.tokens[0].name", () -> "test-admin");
        registry.add("dipgnn.security.tokens[0].token", () -> ADMIN_TOKEN);
        registry.add("dipgnn.security.tokens[0].role", () -> "ADMIN");
        registry.add("dipgnn.security.tokens[1].name", () -> "test-reader");
        registry.add("dipgnn.security.tokens[1].token", () -> READER_TOKEN);
        registry.add("dipgnn.security.tokens[1].role", () -> "READER");
        // the test classes of one JVM share this context and one client address (loopback): the
        // refused tokens of one class must not lock the next out (AuthThrottleIT tests the lockout)
        registry.add("dipgnn.security.failed-auth-limit", () -> "1000");
    }

    @BeforeEach
    void clients() {
        admin = new HttpApi(port, ADMIN_TOKEN);
        reader = new HttpApi(port, READER_TOKEN);
        anonymous = new HttpApi(port, null);
    }

    protected static Path tempDir(String prefix) {
        try {
            Path dir = Files.createTempDirectory(prefix);
            dir.toFile().deleteOnExit();
            return dir.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
