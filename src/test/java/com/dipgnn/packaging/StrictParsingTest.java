package com.dipgnn.packaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The strict reading in {@link Manifests} rejects what Kubernetes would reject. */
class StrictParsingTest {

    private static final String DEPLOYMENT = """
            apiVersion: apps/v1
            kind: Deployment
            metadata:
              name: demo
              annotations:
                prometheus.io/scrape: "true"
            spec:
              replicas: 2
              selector:
                matchLabels: {app: demo}
              template:
                metadata:
                  labels: {app: demo}
                spec:
                  containers:
                    - name: demo
                      image: demo:1
                      ports:
                        - {name: http, containerPort: 8080}
                      livenessProbe:
                        httpGet: {path: /actuator/health/liveness, port: http}
                      resources:
                        limits: {memory: 1Gi, nvidia.com/gpu: 1}
            """;

    @Test
    void aValidManifestParsesWithItsValues() {
        List<HasMetadata> objects = Manifests.parse(DEPLOYMENT + "---\n# an empty document\n", "valid");

        assertThat(objects).singleElement().isInstanceOf(Deployment.class);
        Deployment deployment = (Deployment) objects.get(0);
        assertThat(deployment.getSpec().getReplicas()).isEqualTo(2);
        assertThat(deployment
                        .getSpec()
                        .getTemplate()
                        .getSpec()
                        .getContainers()
                        .get(0)
                        .getLivenessProbe()
                        .getHttpGet()
                        .getPort()
                        .getStrVal())
                .isEqualTo("http");
        assertThat(Manifests.unknownFields(deployment)).isEmpty();
    }

    @Test
    void aTypoInASpecFieldFails() {
        String typo = DEPLOYMENT.replace("  replicas: 2", "  replicaz: 2");

        assertThatThrownBy(() -> Manifests.parse(typo, "typo"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Deployment 'demo'")
                .hasMessageContaining("spec.replicaz");
    }

    @Test
    void aTypoInAContainerFieldFails() {
        String typo = DEPLOYMENT.replace("livenessProbe:", "livenesProbe:");

        assertThatThrownBy(() -> Manifests.parse(typo, "typo"))
                .hasMessageContaining("spec.template.spec.containers[0].livenesProbe");
    }

    @Test
    void aTypoDeepInsideAProbeFails() {
        String typo = DEPLOYMENT.replace("httpGet: {path:", "httpGet: {pth:");

        assertThatThrownBy(() -> Manifests.parse(typo, "typo"))
                .hasMessageContaining("containers[0].livenessProbe.httpGet.pth");
    }

    @Test
    void aValueOfTheWrongTypeFails() {
        assertThatThrownBy(() -> Manifests.parse(DEPLOYMENT.replace("replicas: 2", "replicas: two"), "type"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("replicas");
        // a quoted number where Kubernetes wants an integer: no silent coercion
        assertThatThrownBy(() ->
                        Manifests.parse(DEPLOYMENT.replace("containerPort: 8080", "containerPort: \"8080\""), "type"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("containerPort");
    }

    @Test
    void anUnquotedBooleanAnnotationFails() {
        // Kubernetes wants strings in annotations; `true` unquoted is a YAML boolean.
        String unquoted = DEPLOYMENT.replace("prometheus.io/scrape: \"true\"", "prometheus.io/scrape: true");

        assertThatThrownBy(() -> Manifests.parse(unquoted, "bool"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("prometheus.io/scrape");
    }

    @Test
    void anUnknownKindFails() {
        assertThatThrownBy(() -> Manifests.parse(DEPLOYMENT.replace("kind: Deployment", "kind: Deploymnet"), "kind"))
                .hasMessageContaining("unknown kind 'Deploymnet'");
        assertThatThrownBy(() -> Manifests.parse(DEPLOYMENT.replace("apps/v1", "apps/v2"), "apiVersion"))
                .hasMessageContaining("unknown kind");
    }

    @Test
    void aDuplicateKeyFails() {
        String duplicate = DEPLOYMENT.replace("  replicas: 2", "  replicas: 2\n  replicas: 3");

        assertThatThrownBy(() -> Manifests.parse(duplicate, "dup")).hasMessageContaining("Duplicate field 'replicas'");
    }
}
