package com.dipgnn.api;

import static org.assertj.core.api.Assertions.fail;

import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * The PostgreSQL server of the integration tests: {@code DIPGNN_TEST_POSTGRES_URL} (started by
 * {@code .ci/postgres.sh}); without it a test is skipped, unless {@code DIPGNN_TEST_REQUIRE_POSTGRES}
 * (CI) makes that a failure. Each test uses a schema of its own.
 */
final class TestPostgres {

    private TestPostgres() {}

    /** The server's JDBC URL; skips (or, in CI, fails) the calling test when there is none. */
    static String urlOrSkip() {
        String url = System.getenv("DIPGNN_TEST_POSTGRES_URL");
        if (url == null || url.isBlank()) {
            if (Boolean.parseBoolean(System.getenv("DIPGNN_TEST_REQUIRE_POSTGRES"))) {
                fail("DIPGNN_TEST_REQUIRE_POSTGRES is set but DIPGNN_TEST_POSTGRES_URL is not");
            }
            com.dipgnn.testing.PostgresSkip.announce();
            Assumptions.abort(com.dipgnn.testing.PostgresSkip.MESSAGE);
        }
        return url;
    }

    static String user() {
        return System.getenv().getOrDefault("DIPGNN_TEST_POSTGRES_USER", "postgres");
    }

    static String password() {
        return System.getenv().getOrDefault("DIPGNN_TEST_POSTGRES_PASSWORD", "");
    }

    /** The service's arguments for the {@code postgres} profile on {@code schema} (created by Flyway). */
    static List<String> serviceArguments(String url, String schema) {
        return List.of(
                "--spring.profiles.active=postgres",
                "--spring.datasource.url=" + url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema,
                "--spring.datasource.username=" + user(),
                "--spring.datasource.password=" + password(),
                "--spring.flyway.schemas=" + schema,
                "--spring.flyway.create-schemas=true");
    }
}
