package com.dipgnn.security;

import com.dipgnn.api.Problems;
import com.dipgnn.config.ServiceProperties;
import com.dipgnn.config.ServiceProperties.ApiToken;
import com.dipgnn.config.ServiceProperties.Role;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.security.Principal;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Checks the bearer token of every request against {@link AccessRule}: 401 when a needed token is
 * missing or unknown, 403 when a reader token calls an admin endpoint; both as problem details (on
 * {@code /v2}, the Open Inference Protocol's {@code {"error": ...}}). Every refusal is counted in
 * {@code dipgnn.auth.failures} by reason and logged at WARN with the client's address, method and
 * path, never the token. A client that fails too often is locked out ({@link FailedAuthLimiter}):
 * 429 with {@code Retry-After}, whatever token it sends, until its window has passed. The client is
 * the request's remote address; behind a proxy, the operator configures the server's
 * forwarded-headers handling ({@code server.forward-headers-strategy}), since a forwarded header is
 * not trusted otherwise.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
public class ApiTokenFilter extends OncePerRequestFilter {

    /** Request attribute holding the caller's token entry, for audit logs. */
    public static final String CALLER = ApiTokenFilter.class.getName() + ".caller";

    /** The counter of refused authentications, tagged {@code reason}. */
    public static final String FAILURES_METRIC = "dipgnn.auth.failures";

    /** Why an authentication was refused: the {@code reason} tag, and the problem type but for throttled. */
    enum Reason {
        MISSING_TOKEN("missing-token"),
        INVALID_TOKEN("invalid-token"),
        FORBIDDEN("forbidden"),
        THROTTLED("throttled");

        final String tag;

        Reason(String tag) {
            this.tag = tag;
        }
    }

    private static final Logger LOG = LoggerFactory.getLogger(ApiTokenFilter.class);
    private static final String BEARER = "Bearer ";

    private final ApiTokens tokens;
    private final AccessRule rule;
    private final ObjectMapper json;
    private final FailedAuthLimiter limiter;
    private final ServiceProperties.Security settings;
    private final Map<Reason, Counter> failures = new EnumMap<>(Reason.class);

    @Autowired
    public ApiTokenFilter(ApiTokens tokens, ServiceProperties properties, ObjectMapper json, MeterRegistry meters) {
        this(tokens, properties, json, meters, Clock.systemUTC());
    }

    ApiTokenFilter(
            ApiTokens tokens, ServiceProperties properties, ObjectMapper json, MeterRegistry meters, Clock clock) {
        this.tokens = tokens;
        this.settings = properties.security();
        this.rule = new AccessRule(settings.openInference());
        this.json = json;
        this.limiter = new FailedAuthLimiter(
                settings.failedAuthLimit(), settings.failedAuthWindow(), settings.failedAuthMaxClients(), clock);
        for (Reason reason : Reason.values()) {
            failures.put(
                    reason,
                    Counter.builder(FAILURES_METRIC)
                            .tag("reason", reason.tag)
                            .description("Refused authentications (API tokens), by reason")
                            .register(meters));
        }
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Role needed = rule.required(request.getMethod(), path(request));
        String client = request.getRemoteAddr();
        Optional<Duration> locked = limiter.lockedOut(client);
        if (needed == null) {
            open(request, response, chain, client, locked.isPresent());
            return;
        }
        if (locked.isPresent()) {
            throttled(request, response, client, locked.get());
            return;
        }
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (header == null || !header.startsWith(BEARER)) {
            failed(request, client, Reason.MISSING_TOKEN);
            reject(
                    request,
                    response,
                    HttpStatus.UNAUTHORIZED,
                    Reason.MISSING_TOKEN.tag,
                    "Authentication required",
                    "this endpoint needs an API token with the " + needed.name().toLowerCase()
                            + " role; send 'Authorization: Bearer <token>'");
            return;
        }
        Optional<ApiToken> caller =
                tokens.find(header.substring(BEARER.length()).trim());
        if (caller.isEmpty()) {
            failed(request, client, Reason.INVALID_TOKEN);
            reject(
                    request,
                    response,
                    HttpStatus.UNAUTHORIZED,
                    Reason.INVALID_TOKEN.tag,
                    "Authentication failed",
                    "the API token is not known to this service; " + tokens.whereToFindOne());
            return;
        }
        if (!ApiTokens.allows(caller.get(), needed)) {
            forbidden(request, response, client, caller.get());
            return;
        }
        chain.doFilter(authenticated(request, caller.get()), response);
    }

    /**
     * An open endpoint: a valid token, when one is sent, still identifies the caller (health
     * details); an unknown one counts as a failure, and a locked-out client's token is not looked at.
     */
    private void open(
            HttpServletRequest request, HttpServletResponse response, FilterChain chain, String client, boolean locked)
            throws IOException, ServletException {
        Optional<String> presented = locked ? Optional.empty() : bearer(request);
        Optional<ApiToken> caller = presented.flatMap(tokens::find);
        if (presented.isPresent() && caller.isEmpty()) {
            failed(request, client, Reason.INVALID_TOKEN);
        }
        chain.doFilter(caller.isPresent() ? authenticated(request, caller.get()) : request, response);
    }

    /** A known token without the role: 403, counted and logged with the token's name (not a guess: no lockout). */
    private void forbidden(HttpServletRequest request, HttpServletResponse response, String client, ApiToken caller)
            throws IOException {
        failures.get(Reason.FORBIDDEN).increment();
        LOG.warn(
                "authentication refused: reason={} token-name={} client={} method={} path={}",
                Reason.FORBIDDEN.tag,
                safe(caller.name()),
                safe(client),
                safe(request.getMethod()),
                safe(path(request)));
        reject(
                request,
                response,
                HttpStatus.FORBIDDEN,
                Reason.FORBIDDEN.tag,
                "Not allowed",
                "token '" + caller.name() + "' has the " + caller.role().name().toLowerCase() + " role; "
                        + request.getMethod() + " " + request.getRequestURI() + " needs the admin role");
    }

    /** Counts, logs and remembers a failed authentication; a failure that locks the client out says so. */
    private void failed(HttpServletRequest request, String client, Reason reason) {
        failures.get(reason).increment();
        LOG.warn(
                "authentication refused: reason={} client={} method={} path={}",
                reason.tag,
                safe(client),
                safe(request.getMethod()),
                safe(path(request)));
        if (limiter.failed(client)) {
            LOG.warn(
                    "client {} locked out for {} s after {} failed authentications (dipgnn.security.failed-auth-limit,"
                            + " failed-auth-window); its requests are refused with 429 until then",
                    safe(client),
                    settings.failedAuthWindow().toSeconds(),
                    settings.failedAuthLimit());
        }
    }

    /** A locked-out client's request: 429, counted but not logged one by one (the lockout was). */
    private void throttled(HttpServletRequest request, HttpServletResponse response, String client, Duration left)
            throws IOException {
        failures.get(Reason.THROTTLED).increment();
        long seconds = Math.max(1, (left.toMillis() + 999) / 1000);
        response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
        reject(
                request,
                response,
                HttpStatus.TOO_MANY_REQUESTS,
                Reason.THROTTLED.tag,
                "Too many failed authentications",
                "this client (" + client + ") failed to authenticate " + settings.failedAuthLimit() + " times within "
                        + settings.failedAuthWindow().toSeconds() + " s and is refused, whatever token it sends, for "
                        + seconds + " s more (dipgnn.security.failed-auth-limit, failed-auth-window); check the token "
                        + "it sends");
    }

    private static String path(HttpServletRequest request) {
        return request.getRequestURI().substring(request.getContextPath().length());
    }

    /** A client-controlled value for a log line: at most 200 characters, no control characters. */
    private static String safe(String value) {
        if (value == null) {
            return "-";
        }
        String cut = value.length() > 200 ? value.substring(0, 200) + "..." : value;
        return cut.replaceAll("\\p{Cntrl}", "?");
    }

    private static Optional<String> bearer(HttpServletRequest request) {
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        return header != null && header.startsWith(BEARER)
                ? Optional.of(header.substring(BEARER.length()).trim())
                : Optional.empty();
    }

    /**
     * The request as {@code caller}'s: its token is the request's principal, and its role (and a
     * reader's for an admin) the roles it is in, which the actuator asks before showing health details.
     */
    private static HttpServletRequest authenticated(HttpServletRequest request, ApiToken caller) {
        request.setAttribute(CALLER, caller);
        Principal principal = caller::name;
        return new jakarta.servlet.http.HttpServletRequestWrapper(request) {
            @Override
            public Principal getUserPrincipal() {
                return principal;
            }

            @Override
            public boolean isUserInRole(String role) {
                try {
                    return ApiTokens.allows(caller, Role.valueOf(role.toUpperCase(Locale.ROOT)));
                } catch (IllegalArgumentException e) {
                    return false;
                }
            }
        };
    }

    /**
     * Refuses the request: a problem detail, or on the Open Inference Protocol's routes ({@code /v2})
     * that protocol's own {@code {"error": "..."}} ({@link Problems#write(HttpServletRequest,
     * HttpServletResponse, ObjectMapper, org.springframework.http.ProblemDetail)}).
     */
    private void reject(
            HttpServletRequest request,
            HttpServletResponse response,
            HttpStatus status,
            String type,
            String title,
            String detail)
            throws IOException {
        if (status == HttpStatus.UNAUTHORIZED) {
            response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
        }
        Problems.write(request, response, json, Problems.of(status, type, title, detail));
    }
}
