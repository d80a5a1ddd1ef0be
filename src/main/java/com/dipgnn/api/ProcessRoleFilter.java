package com.dipgnn.api;

import com.dipgnn.config.ServiceProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Locale;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * In a process without the {@code api} role (a training worker), answers API and inference
 * requests with a problem that says where to send them; health, metrics and documentation stay
 * served.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 5)
public class ProcessRoleFilter extends OncePerRequestFilter {

    private final ServiceProperties properties;
    private final ObjectMapper json;

    public ProcessRoleFilter(ServiceProperties properties, ObjectMapper json) {
        this.properties = properties;
        this.json = json;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return properties.runsApi() || !(path.startsWith("/api/") || path.startsWith("/v2/") || path.equals("/v2"));
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        ProblemDetail problem = Problems.of(
                ProblemType.NOT_SERVED_HERE,
                "this process runs only the "
                        + String.join(
                                ",",
                                properties.roles().stream()
                                        .map(r -> r.name().toLowerCase(Locale.ROOT))
                                        .sorted()
                                        .toList())
                        + " role (dipgnn.roles); send API and inference requests to a process with the api role");
        Problems.write(request, response, json, problem);
    }
}
