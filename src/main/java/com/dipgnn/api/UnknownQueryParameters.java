package com.dipgnn.api;

import com.dipgnn.errors.InvalidInputException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Set;
import java.util.TreeSet;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * A query (or form) parameter the endpoint does not take is a 400 naming it, as an unknown field
 * of a body is ({@link StrictJson}): {@code ?stat=FAILED} is a typo, not a request for every job.
 * Only the service's own endpoints are checked, not the actuator's or the documentation's.
 */
@Configuration
public class UnknownQueryParameters implements WebMvcConfigurer, HandlerInterceptor {

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(this).addPathPatterns("/api/**", "/v2/**");
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (!(handler instanceof HandlerMethod method)) {
            return true;
        }
        Set<String> known = new TreeSet<>();
        for (MethodParameter p : method.getMethodParameters()) {
            RequestParam param = p.getParameterAnnotation(RequestParam.class);
            if (param != null) {
                String name = !param.name().isEmpty() ? param.name() : p.getParameterName();
                if (name == null || name.isEmpty()) {
                    return true; // a parameter map takes any name
                }
                known.add(name);
            }
            RequestPart part = p.getParameterAnnotation(RequestPart.class);
            if (part != null) {
                known.add(!part.name().isEmpty() ? part.name() : p.getParameterName());
            }
        }
        for (String name : request.getParameterMap().keySet()) {
            if (!known.contains(name)) {
                throw new InvalidInputException(
                        ProblemDetailsAdvice.excerpt(name),
                        "unknown parameter '"
                                + ProblemDetailsAdvice.excerpt(name) + "'"
                                + (known.isEmpty()
                                        ? "; this endpoint takes none"
                                        : "; this endpoint takes " + String.join(", ", known)));
            }
        }
        return true;
    }
}
