package com.dipgnn.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HTTPGetAction;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * One installation's objects (the k8s/ files, or one rendering of the chart), with the questions
 * the tests ask of them, and the facts every installation must satisfy ({@link #assertSound}).
 */
final class Installation {

    static final String COMPONENT = "app.kubernetes.io/component";
    static final String GPU = "nvidia.com/gpu";

    /** Where an environment variable's value comes from. */
    sealed interface Value permits Literal, FromSecret {}

    record Literal(String value) implements Value {}

    record FromSecret(String secret, String key) implements Value {}

    /** A container's environment: variables by name, and Secrets whose every key is a variable. */
    record Env(Map<String, Value> variables, List<String> wholeSecrets) {

        String literal(String name) {
            Value v = variables.get(name);
            assertThat(v).as(name + " as a literal value").isInstanceOf(Literal.class);
            return ((Literal) v).value();
        }
    }

    final List<HasMetadata> objects;

    Installation(List<HasMetadata> objects) {
        this.objects = List.copyOf(objects);
    }

    <T extends HasMetadata> List<T> all(Class<T> kind) {
        return objects.stream().filter(kind::isInstance).map(kind::cast).toList();
    }

    <T extends HasMetadata> Optional<T> find(Class<T> kind, String name) {
        return all(kind).stream()
                .filter(o -> o.getMetadata().getName().equals(name))
                .findFirst();
    }

    /** kind/name of every object, sorted. */
    Set<String> kindsAndNames() {
        return objects.stream()
                .map(o -> o.getKind() + "/" + o.getMetadata().getName())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** How many objects of each kind. */
    Map<String, Long> kindCounts() {
        return objects.stream()
                .collect(Collectors.groupingBy(HasMetadata::getKind, TreeMap::new, Collectors.counting()));
    }

    /** The Deployment of a role (its app.kubernetes.io/component label). */
    Deployment deployment(String role) {
        List<Deployment> found = all(Deployment.class).stream()
                .filter(d -> role.equals(d.getMetadata().getLabels().get(COMPONENT)))
                .toList();
        assertThat(found).as("Deployments with " + COMPONENT + "=" + role).hasSize(1);
        return found.get(0);
    }

    static PodSpec pod(Deployment d) {
        return d.getSpec().getTemplate().getSpec();
    }

    static Container container(Deployment d) {
        assertThat(pod(d).getContainers())
                .as(d.getMetadata().getName() + " containers")
                .hasSize(1);
        return pod(d).getContainers().get(0);
    }

    /** The container's environment, resolved against the ConfigMaps and Secrets of this installation. */
    Env env(Container c) {
        Map<String, Value> vars = new LinkedHashMap<>();
        List<String> wholeSecrets = new ArrayList<>();
        for (EnvFromSource from : c.getEnvFrom()) {
            String prefix = from.getPrefix() == null ? "" : from.getPrefix();
            if (from.getConfigMapRef() != null) {
                ConfigMap cm = find(ConfigMap.class, from.getConfigMapRef().getName())
                        .orElseThrow(() -> new AssertionError("envFrom names a missing ConfigMap "
                                + from.getConfigMapRef().getName()));
                cm.getData().forEach((k, v) -> vars.put(prefix + k, new Literal(v)));
            }
            if (from.getSecretRef() != null) {
                String name = from.getSecretRef().getName();
                wholeSecrets.add(name);
                find(Secret.class, name)
                        .ifPresent(s ->
                                secretData(s).keySet().forEach(k -> vars.put(prefix + k, new FromSecret(name, k))));
            }
        }
        for (EnvVar e : c.getEnv()) {
            if (e.getValueFrom() == null) {
                vars.put(e.getName(), new Literal(e.getValue()));
            } else if (e.getValueFrom().getSecretKeyRef() != null) {
                vars.put(
                        e.getName(),
                        new FromSecret(
                                e.getValueFrom().getSecretKeyRef().getName(),
                                e.getValueFrom().getSecretKeyRef().getKey()));
            } else if (e.getValueFrom().getConfigMapKeyRef() != null) {
                String name = e.getValueFrom().getConfigMapKeyRef().getName();
                String key = e.getValueFrom().getConfigMapKeyRef().getKey();
                ConfigMap cm =
                        find(ConfigMap.class, name).orElseThrow(() -> new AssertionError("missing ConfigMap " + name));
                assertThat(cm.getData()).as("ConfigMap " + name).containsKey(key);
                vars.put(e.getName(), new Literal(cm.getData().get(key)));
            }
        }
        return new Env(vars, wholeSecrets);
    }

    /** A Secret's keys and values, from stringData and (base64) data. */
    static Map<String, String> secretData(Secret s) {
        Map<String, String> data = new TreeMap<>();
        s.getData().forEach((k, v) -> data.put(k, new String(Base64.getDecoder().decode(v))));
        data.putAll(s.getStringData());
        return data;
    }

    static Map<String, Quantity> gpuResources(Container c, boolean limits) {
        Map<String, Quantity> r = c.getResources() == null
                ? Map.of()
                : limits ? c.getResources().getLimits() : c.getResources().getRequests();
        return r == null ? Map.of() : r;
    }

    /**
     * The facts every installation must satisfy.
     *
     * @param appPort the service's HTTP port (from application.yml)
     * @param uid the image's user id
     */
    void assertSound(int appPort, int uid) {
        for (String role : List.of("api", "worker")) {
            Deployment d = deployment(role);
            String where = d.getMetadata().getName();
            PodTemplateSpec template = d.getSpec().getTemplate();
            assertThat(d.getSpec().getSelector().getMatchLabels())
                    .as(where + " selector")
                    .containsEntry(COMPONENT, role)
                    .allSatisfy((k, v) ->
                            assertThat(template.getMetadata().getLabels()).containsEntry(k, v));
            Container c = container(d);

            // the container port is the service's port, named http
            ContainerPort http = c.getPorts().stream()
                    .filter(p -> "http".equals(p.getName()))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError(where + ": no port named http"));
            assertThat(http.getContainerPort()).as(where + " containerPort").isEqualTo(appPort);

            // probes on the actuator's liveness and readiness groups, on that port
            String actuator = Project.actuatorBasePath();
            assertProbe(
                    where + " liveness",
                    c.getLivenessProbe(),
                    c,
                    actuator + "/health/liveness",
                    Project.actuatorPort());
            assertProbe(
                    where + " readiness",
                    c.getReadinessProbe(),
                    c,
                    actuator + "/health/readiness",
                    Project.actuatorPort());
            if (c.getStartupProbe() != null) {
                assertProbe(
                        where + " startup",
                        c.getStartupProbe(),
                        c,
                        actuator + "/health/liveness",
                        Project.actuatorPort());
            }

            // Prometheus scrape annotations on the pods: the actuator's prometheus endpoint
            assertThat(Project.exposedEndpoints()).contains("prometheus");
            assertThat(template.getMetadata().getAnnotations())
                    .as(where + " pod annotations")
                    .containsEntry("prometheus.io/scrape", "true")
                    .containsEntry("prometheus.io/path", actuator + "/prometheus")
                    .containsEntry("prometheus.io/port", String.valueOf(Project.actuatorPort()));

            // the role and the shared settings
            Env env = env(c);
            assertThat(env.literal("DIPGNN_ROLES")).as(where + " DIPGNN_ROLES").isEqualTo(role);
            assertThat(env.literal("SPRING_PROFILES_ACTIVE").split(","))
                    .as(where + " profiles")
                    .contains("postgres");
            assertThat(env.literal("DIPGNN_DB_URL")).startsWith("jdbc:postgresql:");
            assertThat(env.literal("DIPGNN_DB_USER")).isNotBlank();

            // the database password and the API tokens come from Secrets
            assertThat(env.variables().get("DIPGNN_DB_PASSWORD"))
                    .as(where + " DIPGNN_DB_PASSWORD")
                    .isInstanceOf(FromSecret.class);
            FromSecret password = (FromSecret) env.variables().get("DIPGNN_DB_PASSWORD");
            find(Secret.class, password.secret())
                    .ifPresent(s -> assertThat(secretData(s))
                            .as("Secret " + password.secret())
                            .containsKey(password.key()));
            assertThat(env.wholeSecrets()).as(where + " envFrom secrets").isNotEmpty();
            assertThat(env.variables()).as(where + " env").noneSatisfy((k, v) -> {
                assertThat(k).startsWith("DIPGNN_SECURITY_TOKENS_");
                assertThat(v).isInstanceOf(Literal.class);
            });
            env.wholeSecrets().forEach(name -> find(Secret.class, name).ifPresent(this::assertTokens));

            // the data directory named by DIPGNN_DATA_DIR is the ReadWriteMany claim
            String dataDir = env.literal("DIPGNN_DATA_DIR");
            VolumeMount mount = c.getVolumeMounts().stream()
                    .filter(m -> m.getMountPath().equals(dataDir))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError(where + ": nothing mounted at DIPGNN_DATA_DIR " + dataDir));
            assertThat(mount.getReadOnly()).as(where + " data mount read-only").isNotEqualTo(Boolean.TRUE);
            assertThat(mount.getSubPath()).isNull();
            Volume volume = pod(d).getVolumes().stream()
                    .filter(v -> v.getName().equals(mount.getName()))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError(where + ": no volume " + mount.getName()));
            assertThat(volume.getPersistentVolumeClaim())
                    .as(where + " data volume is a claim")
                    .isNotNull();
            find(PersistentVolumeClaim.class, volume.getPersistentVolumeClaim().getClaimName())
                    .ifPresent(pvc -> assertThat(pvc.getSpec().getAccessModes()).containsExactly("ReadWriteMany"));

            // Kubernetes would otherwise add DIPGNN_API_PORT=tcp://... and the like for the
            // Services, which Spring's relaxed binding reads as dipgnn.* settings
            assertThat(pod(d).getEnableServiceLinks())
                    .as(where + " enableServiceLinks")
                    .isFalse();
            assertThat(pod(d).getAutomountServiceAccountToken())
                    .as(where + " automountServiceAccountToken")
                    .isFalse();

            // unprivileged, as the image's user
            assertThat(pod(d).getSecurityContext().getRunAsNonRoot()).isTrue();
            assertThat(pod(d).getSecurityContext().getRunAsUser()).isEqualTo(uid);
            assertThat(pod(d).getSecurityContext().getFsGroup())
                    .as("fsGroup: the claim is writable")
                    .isNotNull();
            assertThat(c.getSecurityContext().getAllowPrivilegeEscalation()).isFalse();

            // requests and limits for cpu and memory
            assertThat(c.getResources().getRequests()).as(where + " requests").containsKeys("cpu", "memory");
            assertThat(c.getResources().getLimits()).as(where + " limits").containsKeys("memory");
        }

        // inference replicas never hold a GPU
        Container api = container(deployment("api"));
        assertThat(gpuResources(api, false)).doesNotContainKey(GPU);
        assertThat(gpuResources(api, true)).doesNotContainKey(GPU);

        // Services: a port named http onto the container's http port, selecting one role's pods
        List<Service> services = all(Service.class);
        assertThat(services).isNotEmpty();
        for (Service s : services) {
            String role = s.getSpec().getSelector().get(COMPONENT);
            Map<String, String> podLabels =
                    deployment(role).getSpec().getTemplate().getMetadata().getLabels();
            assertThat(podLabels)
                    .as("pods of Service " + s.getMetadata().getName())
                    .containsAllEntriesOf(s.getSpec().getSelector());
            ServicePort port = s.getSpec().getPorts().stream()
                    .filter(p -> "http".equals(p.getName()))
                    .findFirst()
                    .orElseThrow(() ->
                            new AssertionError("Service " + s.getMetadata().getName() + ": no port named http"));
            assertThat(resolvePort(port.getTargetPort(), container(deployment(role))))
                    .as("Service " + s.getMetadata().getName() + " targetPort")
                    .isEqualTo(appPort);
        }
        assertThat(services)
                .as("a Service for the API")
                .anySatisfy(s -> assertThat(s.getSpec().getSelector()).containsEntry(COMPONENT, "api"));
    }

    private void assertTokens(Secret s) {
        Map<String, String> data = secretData(s);
        assertThat(data.keySet())
                .as("Secret " + s.getMetadata().getName())
                .allSatisfy(k -> assertThat(k).matches("DIPGNN_SECURITY_TOKENS_\\d+_(NAME|TOKEN|ROLE)"));
        assertThat(data).as("Secret " + s.getMetadata().getName()).containsKey("DIPGNN_SECURITY_TOKENS_0_TOKEN");
        for (int i = 0; data.containsKey("DIPGNN_SECURITY_TOKENS_" + i + "_TOKEN"); i++) {
            String prefix = "DIPGNN_SECURITY_TOKENS_" + i + "_";
            assertThat(data.get(prefix + "TOKEN")).isNotBlank();
            assertThat(data.get(prefix + "NAME")).isNotBlank();
            assertThat(data.get(prefix + "ROLE")).isIn("READER", "ADMIN");
        }
        long tokens = data.keySet().stream().filter(k -> k.endsWith("_TOKEN")).count();
        assertThat(data)
                .as("token indices 0.." + (tokens - 1) + " without gaps")
                .containsKey("DIPGNN_SECURITY_TOKENS_" + (tokens - 1) + "_TOKEN");
    }

    private static void assertProbe(String what, Probe probe, Container c, String path, int port) {
        assertThat(probe).as(what).isNotNull();
        HTTPGetAction get = probe.getHttpGet();
        assertThat(get).as(what + " httpGet").isNotNull();
        assertThat(get.getPath()).as(what + " path").isEqualTo(path);
        assertThat(resolvePort(get.getPort(), c)).as(what + " port").isEqualTo(port);
    }

    /** A port given by number or by the name of one of the container's ports. */
    static int resolvePort(IntOrString port, Container c) {
        if (port.getIntVal() != null) {
            return port.getIntVal();
        }
        return c.getPorts().stream()
                .filter(p -> port.getStrVal().equals(p.getName()))
                .findFirst()
                .map(ContainerPort::getContainerPort)
                .orElseThrow(() -> new AssertionError("no container port named " + port.getStrVal()));
    }
}
