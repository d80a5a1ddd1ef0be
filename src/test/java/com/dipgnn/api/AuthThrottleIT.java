package com.dipgnn.api;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.dipgnn.security.ApiTokenFilter;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Over HTTP, with the default limit of 10 failures a minute: eleven wrong tokens from one client
 * get ten 401s and a 429 with Retry-After, after which even the right token is refused (also on
 * /v2, in that protocol's shape); Prometheus shows {@code dipgnn_auth_failures_total} by reason,
 * and the log has a WARN line per refused token that holds no part of it. Its own service, as it
 * locks the loopback address out.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureObservability
class AuthThrottleIT {

    private static final String ADMIN = "throttle-admin-token-0123456789";
    private static final String WRONG = "guess-SECRET-0123456789-abcdef";
    private static final Path DATA = ServiceTestBase.tempDir("dipgnn-throttle");

    @LocalServerPort
    private int port;

    @Autowired
    private PrometheusMeterRegistry prometheus;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("dipgnn.data-dir", DATA::toString);
        registry.add("dipgnn.quickstart.enabled", () -> "false");
        registry.add("dipgnn.security.tokens[0].name", () -> "ops");
        registry.add("dipgnn.security.tokens[0].token", () -> ADMIN);
        registry.add("dipgnn.security.tokens[0].role", () -> "ADMIN");
    }

    @Test
    void elevenWrongTokensGetA429WithRetryAfterThatRefusesTheRightTokenTooAndAreCountedAndLogged() {
        ListAppender<ILoggingEvent> logs = new ListAppender<>();
        logs.start();
        Logger logger = (Logger) LoggerFactory.getLogger(ApiTokenFilter.class);
        logger.addAppender(logs);
        try {
            HttpApi guesser = new HttpApi(port, WRONG);
            for (int i = 0; i < 10; i++) {
                assertThat(guesser.get("/api/v1/jobs").status()).isEqualTo(401);
            }
            HttpApi.Response eleventh = guesser.get("/api/v1/jobs");
            assertThat(eleventh.status()).isEqualTo(429);
            assertThat(Integer.parseInt(eleventh.header("Retry-After"))).isBetween(1, 60);
            assertThat(eleventh.header("Content-Type")).startsWith("application/problem+json");
            assertThat(eleventh.json().path("type").asText()).isEqualTo(Problems.TYPE_BASE + "throttled");

            HttpApi right = new HttpApi(port, ADMIN);
            assertThat(right.get("/api/v1/jobs").status()).isEqualTo(429);
            HttpApi.Response v2 = right.get("/v2");
            assertThat(v2.status()).isEqualTo(429);
            assertThat(v2.header("Retry-After")).isNotBlank();
            assertThat(v2.header("Content-Type")).startsWith("application/json");
            assertThat(v2.json().path("error").asText()).contains("failed-auth-limit");
            assertThat(right.get("/actuator/health/liveness").status())
                    .as("probes stay open")
                    .isEqualTo(200);

            String scrape = prometheus.scrape();
            assertThat(scrape.lines().filter(l -> l.startsWith("dipgnn_auth_failures_total{")))
                    .anySatisfy(l ->
                            assertThat(l).contains("reason=\"invalid-token\"").endsWith("} 10.0"))
                    .anySatisfy(
                            l -> assertThat(l).contains("reason=\"throttled\"").endsWith("} 3.0"))
                    .anySatisfy(l ->
                            assertThat(l).contains("reason=\"missing-token\"").endsWith("} 0.0"));
            List<String> warnings = logs.list.stream()
                    .filter(e -> e.getLevel() == Level.WARN)
                    .map(ILoggingEvent::getFormattedMessage)
                    .toList();
            assertThat(warnings)
                    .filteredOn(l -> l.contains("reason=invalid-token"))
                    .hasSize(10)
                    .allSatisfy(l -> assertThat(l).contains("method=GET", "path=/api/v1/jobs", "client="));
            assertThat(warnings).anySatisfy(l -> assertThat(l).contains("locked out"));
            assertThat(warnings).noneMatch(l -> l.contains("SECRET") || l.contains("guess") || l.contains(ADMIN));
        } finally {
            logger.detachAppender(logs);
        }
    }
}
