package com.dipgnn.security;

import com.dipgnn.api.Problems;
import com.dipgnn.config.ServiceProperties;
import com.dipgnn.config.ServiceProperties.ApiToken;
import com.dipgnn.config.ServiceProperties.Role;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Checks the bearer token of every request against {@link AccessRule}: 401 when a needed token is
 * missing or unknown, 403 when a reader token calls an admin endpoint; both as problem details.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
public class ApiTokenFilter extends OncePerRequestFilter {

    /** Request attribute holding the caller's token entry, for audit logs. */
    public static final String CALLER = ApiTokenFilter.class.getName() + ".caller";

    private static final String BEARER = "Bearer ";

    private final ApiTokens tokens;
    private final AccessRule rule;
    private final ObjectMapper json;

    public ApiTokenFilter(ApiTokens tokens, ServiceProperties properties, ObjectMapper json) {
        this.tokens = tokens;
        this.rule = new AccessRule(properties.security().openInference());
        this.json = json;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Role needed = rule.required(request.getMethod(), request.getRequestURI().substring(request.getContextPath().length()));
        if (needed == null) {
            // open: a valid token, when one is sent, still identifies the caller (health details)
            Optional<ApiToken> optional = bearer(request).flatMap(tokens::find);
            chain.doFilter(optional.isPresent() ? authenticated(request, optional.get()) : request, response);
            return;
        }
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (header == null || !header.startsWith(BEARER)) {
            reject(request, response, HttpStatus.UNAUTHORIZED, "missing-token", "Authentication required",
                    "this endpoint needs an API token with the " + needed.name().toLowerCase() + " role; send 'Authorization: Bearer <token>'");
            return;
        }
        Optional<ApiToken> caller = tokens.find(header.substring(BEARER.length()).trim());
        if (caller.isEmpty()) {
            reject(request, response, HttpStatus.UNAUTHORIZED, "invalid-token", "Authentication failed",
                    "the API token is not known to this service; check the token configured in dipgnn.security.tokens");
            return;
        }
        if (!ApiTokens.allows(caller.get(), needed)) {
            reject(request, response, HttpStatus.FORBIDDEN, "forbidden", "Not allowed",
                    "token '" + caller.get().name() + "' has the " + caller.get().role().name().toLowerCase()
                            + " role; " + request.getMethod() + " " + request.getRequestURI() + " needs the admin role");
            return;
        }
        chain.doFilter(authenticated(request, caller.get()), response);
    }

    private static Optional<String> bearer(HttpServletRequest request) {
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        return header != null && header.startsWith(BEARER) ? Optional.of(header.substring(BEARER.length()).trim())
                : Optional.empty();
    }

    /**
     * The request as {@code caller}'s: its token is the request's principal, and its role (and a
     * reader's for an admin) the roles it is in, which the actuator asks before showing health details.
     */
    private static HttpServletRequest authenticated(HttpServletRequest request, ApiToken caller) {
        request.setAttribute(CALLER, caller);
        java.security.Principal principal = caller::name;
        return new jakarta.servlet.http.HttpServletRequestWrapper(request) {
            @Override
            public java.security.Principal getUserPrincipal() {
                return principal;
            }

            @Override
            public boolean isUserInRole(String role) {
                try {
                    return ApiTokens.allows(caller, Role.valueOf(role.toUpperCase(java.util.Locale.ROOT)));
                } catch (IllegalArgumentException e) {
                    return false;
                }
            }
        };
    }

    /**
     * Refuses the request: a problem detail, or on the Open Inference Protocol's routes ({@code /v2})
     * that protocol's own {@code {"error": "..."}}.
     */
    private void reject(HttpServletRequest request, HttpServletResponse response, HttpStatus status, String type,
                        String title, String detail) throws IOException {
        if (status == HttpStatus.UNAUTHORIZED) {
            response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
        }
        if (request.getRequestURI().substring(request.getContextPath().length()).startsWith("/v2/")) {
            response.setStatus(status.value());
            response.setContentType(org.springframework.http.MediaType.APPLICATION_JSON_VALUE);
            json.writeValue(response.getOutputStream(), java.util.Map.of("error", detail));
            return;
        }
        Problems.write(response, json, Problems.of(status, type, title, detail));
    }
}
