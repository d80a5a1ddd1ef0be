package com.dipgnn.security;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.dipgnn.config.ServiceProperties;
import com.dipgnn.config.ServiceProperties.ApiToken;
import com.dipgnn.config.ServiceProperties.Role;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * Failed tokens are throttled and audited: after {@code failed-auth-limit} failures a client gets
 * 429 with Retry-After, even with a correct token, until its window has passed; every refusal is
 * counted by reason and logged without the token; other clients are not affected; on {@code /v2}
 * the refusals are in the Open Inference Protocol's shape.
 */
class ApiTokenFilterTest {

    private static final String ADMIN = "admin-token-0123456789abcdef";
    private static final String READER = "reader-token-0123456789abcdef";
    private static final String WRONG = "wrong-token-SECRET-9876543210";

    @TempDir
    Path data;

    private final FailedAuthLimiterTest.MovableClock clock = new FailedAuthLimiterTest.MovableClock();
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final ObjectMapper json = new ObjectMapper();
    private final ListAppender<ILoggingEvent> logs = new ListAppender<>();
    private ApiTokenFilter filter;

    @BeforeEach
    void setUp() {
        ServiceProperties defaults = com.dipgnn.testing.TestProperties.of(data);
        ServiceProperties properties = new ServiceProperties(
                data,
                defaults.roles(),
                defaults.datasets(),
                defaults.jobs(),
                new ServiceProperties.Security(
                        false,
                        List.of(
                                new ApiToken("ops", ADMIN, Role.ADMIN),
                                new ApiToken("dashboard", READER, Role.READER))),
                defaults.serving(),
                defaults.quickstart(),
                0,
                defaults.housekeeping(),
                defaults.kernels());
        filter = new ApiTokenFilter(new ApiTokens(properties), properties, json, meters, clock);
        logs.start();
        ((Logger) LoggerFactory.getLogger(ApiTokenFilter.class)).addAppender(logs);
    }

    @AfterEach
    void tearDown() {
        ((Logger) LoggerFactory.getLogger(ApiTokenFilter.class)).detachAppender(logs);
    }

    @Test
    void elevenWrongTokensGetTenRefusalsThenALockoutThatRefusesEvenTheRightToken() throws Exception {
        for (int i = 0; i < 10; i++) {
            MockHttpServletResponse r = call("GET", "/api/v1/jobs", "10.1.2.3", WRONG);
            assertThat(r.getStatus()).isEqualTo(401);
            assertThat(r.getHeader("WWW-Authenticate")).isEqualTo("Bearer");
        }
        MockHttpServletResponse eleventh = call("GET", "/api/v1/jobs", "10.1.2.3", WRONG);
        assertThat(eleventh.getStatus()).isEqualTo(429);
        assertThat(eleventh.getHeader("Retry-After")).isEqualTo("60");
        assertThat(eleventh.getContentType()).startsWith("application/problem+json");
        JsonNode problem = json.readTree(eleventh.getContentAsString());
        assertThat(problem.path("type").asText()).isEqualTo("urn:dipgnn:problem:throttled");
        assertThat(problem.path("detail").asText()).contains("dipgnn.security.failed-auth-limit");

        clock.advance(Duration.ofSeconds(30));
        MockHttpServletResponse right = call("GET", "/api/v1/jobs", "10.1.2.3", ADMIN);
        assertThat(right.getStatus()).isEqualTo(429);
        assertThat(right.getHeader("Retry-After")).isEqualTo("30");
        assertThat(call("GET", "/api/v1/jobs", "10.9.9.9", READER).getStatus())
                .as("another client")
                .isEqualTo(200);

        clock.advance(Duration.ofSeconds(30));
        assertThat(call("GET", "/api/v1/jobs", "10.1.2.3", ADMIN).getStatus())
                .as("after the window")
                .isEqualTo(200);

        assertThat(count("invalid-token")).isEqualTo(10);
        assertThat(count("throttled")).isEqualTo(2);
        assertThat(count("missing-token")).isZero();
        List<String> lines = logs.list.stream()
                .filter(e -> e.getLevel() == Level.WARN)
                .map(ILoggingEvent::getFormattedMessage)
                .toList();
        assertThat(lines).hasSize(11); // one per refused token, one for the lockout; none per throttled request
        assertThat(lines.get(0)).contains("reason=invalid-token", "client=10.1.2.3", "method=GET", "path=/api/v1/jobs");
        assertThat(lines.get(10)).contains("10.1.2.3", "locked out");
        assertThat(lines).noneMatch(l -> l.contains("SECRET") || l.contains("wrong-token") || l.contains(ADMIN));
    }

    @Test
    void missingTokensAndForbiddenCallsAreCountedAndLoggedByReason() throws Exception {
        assertThat(call("GET", "/api/v1/jobs", "10.1.2.3", null).getStatus()).isEqualTo(401);
        assertThat(call("DELETE", "/api/v1/jobs/j1", "10.1.2.3", READER).getStatus())
                .isEqualTo(403);
        assertThat(count("missing-token")).isEqualTo(1);
        assertThat(count("forbidden")).isEqualTo(1);
        assertThat(logs.list)
                .extracting(ILoggingEvent::getFormattedMessage)
                .anySatisfy(l -> assertThat(l)
                        .contains("reason=forbidden", "token-name=dashboard", "method=DELETE", "path=/api/v1/jobs/j1"))
                .noneMatch(l -> l.contains(READER));
    }

    @Test
    void onTheOpenInferenceProtocolEveryRefusalIsItsErrorShapeWithTheSameStatusAndHeaders() throws Exception {
        for (String path : new String[] {"/v2", "/v2/models/recs", "/v2/models/recs/infer"}) {
            MockHttpServletResponse missing = call("GET", path, "10.0.0." + path.length(), null);
            assertThat(missing.getStatus()).isEqualTo(401);
            assertThat(missing.getHeader("WWW-Authenticate")).isEqualTo("Bearer");
            assertThat(missing.getContentType()).startsWith("application/json");
            assertThat(json.readTree(missing.getContentAsString()).path("error").asText())
                    .contains("Bearer");
        }
        MockHttpServletResponse invalid = call("GET", "/v2", "10.7.7.8", WRONG);
        assertThat(invalid.getStatus()).isEqualTo(401);
        assertThat(invalid.getContentType()).startsWith("application/json");
        assertThat(json.readTree(invalid.getContentAsString()).fieldNames())
                .toIterable()
                .containsExactly("error");
        for (int i = 0; i < 11; i++) {
            call("GET", "/v2", "10.7.7.7", WRONG);
        }
        MockHttpServletResponse throttled = call("GET", "/v2", "10.7.7.7", ADMIN);
        assertThat(throttled.getStatus()).isEqualTo(429);
        assertThat(throttled.getHeader("Retry-After")).isEqualTo("60");
        assertThat(throttled.getContentType()).startsWith("application/json");
        assertThat(json.readTree(throttled.getContentAsString()).fieldNames())
                .toIterable()
                .containsExactly("error");
    }

    @Test
    void anUnknownTokenIsToldWhereKnownOnesComeFromButNeverWhatTheyAre() throws Exception {
        JsonNode configured =
                json.readTree(call("GET", "/api/v1/jobs", "10.1.2.3", WRONG).getContentAsString());
        assertThat(configured.path("type").asText()).isEqualTo("urn:dipgnn:problem:invalid-token");
        assertThat(configured.path("detail").asText())
                .contains("send a token configured in dipgnn.security.tokens (DIPGNN_SECURITY_TOKENS_<i>_TOKEN)")
                .doesNotContain(ADMIN, READER, WRONG, ApiTokens.GENERATED_FILE);

        Path generatedDir = data.resolve("first-start");
        ServiceProperties defaults = com.dipgnn.testing.TestProperties.of(generatedDir);
        filter = new ApiTokenFilter(new ApiTokens(defaults), defaults, json, new SimpleMeterRegistry(), clock);
        Path file =
                generatedDir.resolve(ApiTokens.GENERATED_FILE).toAbsolutePath().normalize();
        String detail = json.readTree(
                        call("GET", "/api/v1/jobs", "10.1.2.4", WRONG).getContentAsString())
                .path("detail")
                .asText();
        assertThat(detail)
                .contains(
                        "no token is configured in dipgnn.security.tokens",
                        "send the admin token this service generated: the file admin-token in its data directory")
                .doesNotContain(java.nio.file.Files.readString(file).trim(), WRONG, generatedDir.toString());
    }

    @Test
    void anUnknownTokenOnAnOpenEndpointCountsTowardsTheLockoutButTheEndpointStaysOpen() throws Exception {
        for (int i = 0; i < 10; i++) {
            assertThat(call("GET", "/actuator/health", "10.1.2.3", WRONG).getStatus())
                    .isEqualTo(200);
        }
        assertThat(count("invalid-token")).isEqualTo(10);
        assertThat(call("GET", "/actuator/health", "10.1.2.3", ADMIN).getStatus())
                .isEqualTo(200);
        assertThat(call("GET", "/api/v1/jobs", "10.1.2.3", ADMIN).getStatus()).isEqualTo(429);
    }

    private MockHttpServletResponse call(String method, String path, String client, String token) throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest(method, path);
        request.setRemoteAddr(client);
        if (token != null) {
            request.addHeader("Authorization", "Bearer " + token);
        }
        MockHttpServletResponse response = new MockHttpServletResponse();
        filter.doFilter(request, response, new MockFilterChain());
        return response;
    }

    private double count(String reason) {
        return meters.get(ApiTokenFilter.FAILURES_METRIC)
                .tag("reason", reason)
                .counter()
                .count();
    }
}
