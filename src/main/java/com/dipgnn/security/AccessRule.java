package com.dipgnn.security;

import com.dipgnn.config.ServiceProperties.Role;
import java.util.regex.Pattern;

/**
 * Which role a request needs: none for the health status and probes and the API documentation;
 * reader for the rest of the actuator (health details, metrics, info), for
 * reads and for inference (none when inference is configured open); admin for every change to
 * data sets, jobs, models and deployments.
 */
public final class AccessRule {

    /** Inference calls: POSTs that read a deployment, and the Open Inference Protocol. */
    private static final Pattern INFERENCE = Pattern.compile(
            "^/api/v1/deployments/[^/]+/(embeddings|scores|recommendations|predictions)(/.*)?$|^/v2(/.*)?$");

    private static final Pattern OPEN = Pattern.compile(
            "^/actuator/health(/liveness|/readiness)?$|^/v2/health/(live|ready)$|^/v3/api-docs(/.*|\\.yaml)?$|^/swagger-ui(\\.html|/.*)$|^/error$|^/$|^/favicon\\.ico$");

    private final boolean openInference;

    public AccessRule(boolean openInference) {
        this.openInference = openInference;
    }

    /** The role a request needs, or null when it needs none. */
    public Role required(String method, String path) {
        if (OPEN.matcher(path).matches()) {
            return null;
        }
        if (INFERENCE.matcher(path).matches()) {
            return openInference ? null : Role.READER;
        }
        boolean read = "GET".equals(method) || "HEAD".equals(method) || "OPTIONS".equals(method);
        return read ? Role.READER : Role.ADMIN;
    }
}
