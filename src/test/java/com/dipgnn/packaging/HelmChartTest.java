package com.dipgnn.packaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Helm chart lints, renders with default and other values, and renders a sound installation. */
class HelmChartTest {

    static final Path CPU_EXISTING = Path.of("src/test/resources/values-cpu-existing.yaml");

    static Installation defaults;
    static String appVersion;

    @BeforeAll
    static void render() {
        defaults = Chart.render(t -> t);
        appVersion = Project.read(Project.CHART.resolve("Chart.yaml"))
                .lines()
                .filter(l -> l.startsWith("appVersion:"))
                .findFirst()
                .orElseThrow()
                .substring("appVersion:".length())
                .trim()
                .replace("\"", "");
    }

    @Test
    void lintPassesStrictly() {
        LintResult lint = new Helm(Project.CHART).lint().strict().call();

        assertThat(lint.isFailed()).as(String.join("\n", lint.getMessages())).isFalse();
    }

    @Test
    void lintFailsABrokenCopyOfTheChart(@TempDir Path dir) throws IOException {
        Path copy = dir.resolve("dipgnn");
        try (Stream<Path> files = Files.walk(Project.CHART)) {
            for (Path f : files.toList()) {
                Path target = copy.resolve(Project.CHART.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
        Files.writeString(
                copy.resolve("templates/broken.yaml"), "kind: ConfigMap\nvalue: {{ .Values.nothing.here }}\n");

        assertThat(new Helm(copy).lint().strict().call().isFailed()).isTrue();
    }

    @Test
    void defaultValuesRenderASoundInstallationWithGpuWorkers() {
        defaults.assertSound(Project.appPort(), DockerfileTest.imageUid());

        Deployment worker = defaults.deployment("worker");
        Container c = Installation.container(worker);
        assertThat(Installation.gpuResources(c, false)).containsEntry(Installation.GPU, new Quantity("1"));
        assertThat(Installation.gpuResources(c, true)).containsEntry(Installation.GPU, new Quantity("1"));
        assertThat(c.getResources().getRequests()).containsKeys("cpu", "memory"); // the GPU added, nothing lost
        PodSpec pod = Installation.pod(worker);
        assertThat(pod.getTolerations()).extracting(Toleration::getKey).contains(Installation.GPU);
        assertThat(pod.getNodeSelector()).containsEntry("nvidia.com/gpu.present", "true");
        assertThat(c.getImage()).isEqualTo("dipgnn-service:" + appVersion + "-cu124");
        assertThat(Installation.container(defaults.deployment("api")).getImage())
                .isEqualTo("dipgnn-service:" + appVersion);
        assertThat(Installation.pod(defaults.deployment("api")).getNodeSelector())
                .isEmpty();

        assertThat(defaults.deployment("api").getSpec().getReplicas()).isEqualTo(2);
        assertThat(worker.getSpec().getReplicas()).isEqualTo(1);
    }

    @Test
    void withNoTokensGivenOneAdminTokenIsGenerated() {
        Secret tokens = defaults.find(Secret.class, "dipgnn-tokens").orElseThrow();
        Map<String, String> data = Installation.secretData(tokens);

        assertThat(data)
                .containsOnlyKeys(
                        "DIPGNN_SECURITY_TOKENS_0_NAME",
                        "DIPGNN_SECURITY_TOKENS_0_TOKEN",
                        "DIPGNN_SECURITY_TOKENS_0_ROLE");
        assertThat(data).containsEntry("DIPGNN_SECURITY_TOKENS_0_ROLE", "ADMIN");
        assertThat(data.get("DIPGNN_SECURITY_TOKENS_0_TOKEN")).matches("[A-Za-z0-9]{40}");
    }

    @Test
    void aGeneratedTokenIsKeptOnUpgrade() {
        FakeApiServer cluster = FakeApiServer.get();
        String kept = "kept0123456789abcdefghijklmnopqrstuvwxyz";
        cluster.putSecret(
                Chart.NAMESPACE,
                "upgraded-dipgnn-tokens",
                Map.of(
                        "DIPGNN_SECURITY_TOKENS_0_NAME",
                        "admin",
                        "DIPGNN_SECURITY_TOKENS_0_TOKEN",
                        kept,
                        "DIPGNN_SECURITY_TOKENS_0_ROLE",
                        "ADMIN"));
        try {
            Installation upgraded = Chart.render("upgraded", t -> t);

            Secret tokens =
                    upgraded.find(Secret.class, "upgraded-dipgnn-tokens").orElseThrow();
            assertThat(Installation.secretData(tokens)).containsEntry("DIPGNN_SECURITY_TOKENS_0_TOKEN", kept);
            assertThat(cluster.requests).contains("GET /api/v1/namespaces/dipgnn/secrets/upgraded-dipgnn-tokens");
        } finally {
            cluster.removeSecret(Chart.NAMESPACE, "upgraded-dipgnn-tokens");
        }
    }

    @Test
    void theDefaultClaimIsReadWriteManyAndOutlivesTheRelease() {
        PersistentVolumeClaim pvc =
                defaults.find(PersistentVolumeClaim.class, "dipgnn-data").orElseThrow();

        assertThat(pvc.getSpec().getAccessModes()).containsExactly("ReadWriteMany");
        assertThat(pvc.getSpec().getResources().getRequests()).containsEntry("storage", new Quantity("50Gi"));
        assertThat(pvc.getSpec().getStorageClassName()).isNull();
        assertThat(pvc.getMetadata().getAnnotations()).containsEntry("helm.sh/resource-policy", "keep");
    }

    @Test
    void otherValuesRenderCpuWorkersAndUseTheExistingSecretsAndClaim() {
        Installation other = Chart.render(t -> t.withValuesFile(CPU_EXISTING));
        other.assertSound(Project.appPort(), DockerfileTest.imageUid());

        assertThat(other.all(Secret.class)).as("Secrets given by the user").isEmpty();
        assertThat(other.all(PersistentVolumeClaim.class))
                .as("the claim given by the user")
                .isEmpty();
        for (String role : List.of("api", "worker")) {
            Deployment d = other.deployment(role);
            Container c = Installation.container(d);
            PodSpec pod = Installation.pod(d);
            assertThat(d.getSpec().getReplicas()).isEqualTo(3);
            assertThat(c.getImage()).isEqualTo("registry.example.com/ml/dipgnn-service:1.2.3");
            assertThat(c.getImagePullPolicy()).isEqualTo("Always");
            assertThat(pod.getImagePullSecrets()).extracting(r -> r.getName()).containsExactly("registry-credentials");
            // no GPU: no request, no limit, no GPU node selector or toleration
            assertThat(Installation.gpuResources(c, false)).doesNotContainKey(Installation.GPU);
            assertThat(Installation.gpuResources(c, true)).doesNotContainKey(Installation.GPU);
            assertThat(pod.getNodeSelector()).isEmpty();
            assertThat(pod.getTolerations()).isEmpty();

            Installation.Env env = other.env(c);
            assertThat(env.variables().get("DIPGNN_DB_PASSWORD"))
                    .isEqualTo(new Installation.FromSecret("dipgnn-db-credentials", "pg-password"));
            assertThat(env.wholeSecrets()).containsExactly("dipgnn-api-tokens");
            assertThat(env.literal("DIPGNN_DB_URL")).isEqualTo("jdbc:postgresql://db.example.com:5432/dipgnn");
            assertThat(env.literal("DIPGNN_DB_USER")).isEqualTo("dipgnn_svc");
            assertThat(env.literal("DIPGNN_DATA_DIR")).isEqualTo("/var/lib/dipgnn");
            assertThat(env.literal("DIPGNN_JOBS_CONCURRENCY")).isEqualTo("2");
            assertThat(pod.getVolumes())
                    .anySatisfy(v -> assertThat(v.getPersistentVolumeClaim().getClaimName())
                            .isEqualTo("shared-models"));
        }
        Container api = Installation.container(other.deployment("api"));
        Container worker = Installation.container(other.deployment("worker"));
        assertThat(other.env(api).literal("DIPGNN_SECURITY_OPEN_INFERENCE")).isEqualTo("true");
        assertThat(worker.getEnv()).extracting(EnvVar::getName).doesNotContain("DIPGNN_SECURITY_OPEN_INFERENCE");
        assertThat(worker.getResources().getLimits()).containsEntry("memory", new Quantity("32Gi"));
    }

    @Test
    void tokensGpuCountAndStorageClassAreRendered() {
        Installation other = Chart.render(
                "prod",
                Chart.set(Map.of(
                        "auth.tokens[0].name",
                        "ci",
                        "auth.tokens[0].token",
                        "ci-token-0123456789",
                        "auth.tokens[0].role",
                        "ADMIN",
                        "auth.tokens[1].name",
                        "shop",
                        "auth.tokens[1].token",
                        "shop-token-0123456789",
                        "auth.tokens[1].role",
                        "READER",
                        "gpu.count",
                        2,
                        "postgresql.password",
                        "s3cret",
                        "storage.storageClass",
                        "nfs-client",
                        "storage.size",
                        "200Gi")));
        other.assertSound(Project.appPort(), DockerfileTest.imageUid());

        assertThat(Installation.secretData(
                        other.find(Secret.class, "prod-dipgnn-tokens").orElseThrow()))
                .isEqualTo(Map.of(
                        "DIPGNN_SECURITY_TOKENS_0_NAME",
                        "ci",
                        "DIPGNN_SECURITY_TOKENS_0_TOKEN",
                        "ci-token-0123456789",
                        "DIPGNN_SECURITY_TOKENS_0_ROLE",
                        "ADMIN",
                        "DIPGNN_SECURITY_TOKENS_1_NAME",
                        "shop",
                        "DIPGNN_SECURITY_TOKENS_1_TOKEN",
                        "shop-token-0123456789",
                        "DIPGNN_SECURITY_TOKENS_1_ROLE",
                        "READER"));
        assertThat(Installation.secretData(
                        other.find(Secret.class, "prod-dipgnn-db").orElseThrow()))
                .isEqualTo(Map.of("DIPGNN_DB_PASSWORD", "s3cret"));
        Container worker = Installation.container(other.deployment("worker"));
        assertThat(Installation.gpuResources(worker, false)).containsEntry(Installation.GPU, new Quantity("2"));
        assertThat(Installation.gpuResources(worker, true)).containsEntry(Installation.GPU, new Quantity("2"));
        PersistentVolumeClaim pvc =
                other.find(PersistentVolumeClaim.class, "prod-dipgnn-data").orElseThrow();
        assertThat(pvc.getSpec().getStorageClassName()).isEqualTo("nfs-client");
        assertThat(pvc.getSpec().getResources().getRequests()).containsEntry("storage", new Quantity("200Gi"));
    }

    @Test
    void valuesOutsideTheSchemaAreRefused() {
        assertThatThrownBy(() -> Chart.render(Chart.set(Map.of("gpu.enabeld", false))))
                .hasMessageContaining("additional properties 'enabeld' not allowed");
        assertThatThrownBy(() -> Chart.render(Chart.set(Map.of(
                        "auth.tokens[0].name",
                        "x",
                        "auth.tokens[0].token",
                        "y".repeat(20),
                        "auth.tokens[0].role",
                        "OWNER"))))
                .hasMessageContaining("/auth/tokens/0/role");
        assertThatThrownBy(() -> Chart.render(Chart.set(Map.of("api.replicas", "two"))))
                .hasMessageContaining("/api/replicas");
        // the service would refuse to start with it
        assertThatThrownBy(() -> Chart.render(Chart.set(Map.of(
                        "auth.tokens[0].name",
                        "x",
                        "auth.tokens[0].token",
                        "too-short",
                        "auth.tokens[0].role",
                        "ADMIN"))))
                .hasMessageContaining("/auth/tokens/0/token");
    }

    @Test
    void theChartAndTheK8sFilesDescribeTheSameObjects() {
        Installation k8s = K8sManifestsTest.load();

        assertThat(defaults.kindCounts()).isEqualTo(k8s.kindCounts());
        assertThat(defaults.kindsAndNames()).isEqualTo(k8s.kindsAndNames());
        assertThat(defaults.all(ConfigMap.class).get(0).getData().keySet())
                .isEqualTo(k8s.all(ConfigMap.class).get(0).getData().keySet());
        for (String role : List.of("api", "worker")) {
            Container chart = Installation.container(defaults.deployment(role));
            Container plain = Installation.container(k8s.deployment(role));
            assertThat(names(defaults.env(chart).variables()))
                    .as(role + " environment")
                    .isEqualTo(names(k8s.env(plain).variables()).stream()
                            .filter(n -> !n.startsWith("DIPGNN_SECURITY_TOKENS_1_")) // k8s/ has a second token
                            .collect(Collectors.toSet()));
            assertThat(chart.getLivenessProbe()).isEqualTo(plain.getLivenessProbe());
            assertThat(chart.getReadinessProbe()).isEqualTo(plain.getReadinessProbe());
            assertThat(chart.getStartupProbe()).isEqualTo(plain.getStartupProbe());
            assertThat(chart.getResources()).isEqualTo(plain.getResources());
            assertThat(chart.getPorts()).isEqualTo(plain.getPorts());
            assertThat(chart.getVolumeMounts()).isEqualTo(plain.getVolumeMounts());
            assertThat(Installation.pod(defaults.deployment(role)).getSecurityContext())
                    .isEqualTo(Installation.pod(k8s.deployment(role)).getSecurityContext());
        }
    }

    private static Set<String> names(Map<String, ?> variables) {
        return Set.copyOf(variables.keySet());
    }
}
