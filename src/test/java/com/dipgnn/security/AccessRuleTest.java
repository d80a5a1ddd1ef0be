package com.dipgnn.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.config.ServiceProperties.Role;
import org.junit.jupiter.api.Test;

class AccessRuleTest {

    private final AccessRule closed = new AccessRule(false);
    private final AccessRule open = new AccessRule(true);

    @Test
    void changesNeedAdminReadsNeedReader() {
        assertThat(closed.required("POST", "/api/v1/jobs/pretrain")).isEqualTo(Role.ADMIN);
        assertThat(closed.required("DELETE", "/api/v1/models/mv-1")).isEqualTo(Role.ADMIN);
        assertThat(closed.required("PUT", "/api/v1/deployments/recs")).isEqualTo(Role.ADMIN);
        assertThat(closed.required("POST", "/api/v1/datasets")).isEqualTo(Role.ADMIN);
        assertThat(closed.required("GET", "/api/v1/jobs")).isEqualTo(Role.READER);
        assertThat(closed.required("GET", "/api/v1/models/mv-1/archive")).isEqualTo(Role.READER);
    }

    @Test
    void inferenceNeedsAReaderUnlessConfiguredOpen() {
        for (String path : new String[] {
            "/api/v1/deployments/recs/embeddings",
            "/api/v1/deployments/recs/scores",
            "/api/v1/deployments/recs/recommendations",
            "/api/v1/deployments/recs/recommendations/new-node",
            "/api/v1/deployments/recs/predictions",
            "/v2/models/recs/infer"
        }) {
            assertThat(closed.required("POST", path)).as(path).isEqualTo(Role.READER);
            assertThat(open.required("POST", path)).as(path).isNull();
        }
        assertThat(open.required("PUT", "/api/v1/deployments/recs"))
                .as("deploying stays admin")
                .isEqualTo(Role.ADMIN);
        assertThat(open.required("DELETE", "/api/v1/deployments/embeddings"))
                .as("a deployment named like an endpoint")
                .isEqualTo(Role.ADMIN);
    }

    @Test
    void probesAndDocsAreOpenAndMetricsAndDetailsNeedAReader() {
        for (String path : new String[] {
            "/actuator/prometheus",
            "/actuator/metrics",
            "/actuator/metrics/jvm.memory.used",
            "/actuator/info",
            "/actuator/health/deployments",
            "/actuator/health/db",
            "/actuator"
        }) {
            assertThat(closed.required("GET", path)).as(path).isEqualTo(Role.READER);
            assertThat(open.required("GET", path))
                    .as(path + " with open inference")
                    .isEqualTo(Role.READER);
        }
        for (String path : new String[] {
            "/actuator/health",
            "/actuator/health/liveness",
            "/actuator/health/readiness",
            "/v2/health/live",
            "/v3/api-docs",
            "/v3/api-docs.yaml",
            "/swagger-ui.html",
            "/swagger-ui/index.html"
        }) {
            assertThat(closed.required("GET", path)).as(path).isNull();
        }
        assertThat(closed.required("GET", "/v2/models/recs")).isEqualTo(Role.READER);
    }
}
