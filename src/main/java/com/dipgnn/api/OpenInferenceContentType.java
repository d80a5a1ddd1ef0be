package com.dipgnn.api;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Reads an Open Inference Protocol body sent without a {@code Content-Type} as JSON, the
 * protocol's only body: tritonclient's HTTP client sends none. A body of another declared type is
 * still refused (415).
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 30)
public class OpenInferenceContentType extends OncePerRequestFilter {

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return request.getContentType() != null
                || !"POST".equals(request.getMethod())
                || !OpenInferenceErrors.covers(request);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        chain.doFilter(new Json(request), response);
    }

    /** {@code request} with a JSON {@code Content-Type}. */
    private static final class Json extends HttpServletRequestWrapper {

        Json(HttpServletRequest request) {
            super(request);
        }

        @Override
        public String getContentType() {
            return MediaType.APPLICATION_JSON_VALUE;
        }

        @Override
        public String getHeader(String name) {
            return HttpHeaders.CONTENT_TYPE.equalsIgnoreCase(name) ? getContentType() : super.getHeader(name);
        }
    }
}
