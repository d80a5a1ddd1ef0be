package com.dipgnn.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The plain manifests in k8s/: every file parses strictly and the installation is sound. */
class K8sManifestsTest {

    static Installation k8s;
    static List<Path> files;

    /** Every object of every YAML file under k8s/. */
    static Installation load() {
        try (Stream<Path> walk = Files.walk(Project.K8S)) {
            files = walk.filter(
                            p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<HasMetadata> objects = new ArrayList<>();
        files.forEach(f -> objects.addAll(Manifests.parseFile(f)));
        return new Installation(objects);
    }

    @BeforeAll
    static void parse() {
        k8s = load();
    }

    @Test
    void everyFileHoldsKubernetesObjects() {
        assertThat(files).hasSizeGreaterThanOrEqualTo(6);
        assertThat(files)
                .allSatisfy(
                        f -> assertThat(Manifests.parseFile(f)).as(f.toString()).isNotEmpty());
    }

    @Test
    void theInstallationIsSound() {
        k8s.assertSound(Project.appPort(), DockerfileTest.imageUid());
    }

    @Test
    void workersRequestAGpuAndTolerateGpuNodes() {
        Container worker = Installation.container(k8s.deployment("worker"));
        assertThat(Installation.gpuResources(worker, false)).containsEntry(Installation.GPU, new Quantity("1"));
        assertThat(Installation.gpuResources(worker, true)).containsEntry(Installation.GPU, new Quantity("1"));
        assertThat(Installation.pod(k8s.deployment("worker")).getTolerations())
                .extracting(Toleration::getKey)
                .contains(Installation.GPU);
        assertThat(worker.getImage()).as("the GPU build").endsWith("-cu124");
        assertThat(Installation.container(k8s.deployment("api")).getImage()).doesNotEndWith("-cu124");
    }

    @Test
    void theContainerPortIsTheImagesExposedPort() {
        for (String role : List.of("api", "worker")) {
            assertThat(Installation.container(k8s.deployment(role)).getPorts())
                    .extracting(p -> p.getContainerPort())
                    .containsExactlyElementsOf(DockerfileTest.exposedPorts());
        }
    }

    @Test
    void theDataDirectoryIsTheImagesVolume() {
        for (String role : List.of("api", "worker")) {
            Container c = Installation.container(k8s.deployment(role));
            assertThat(k8s.env(c).literal("DIPGNN_DATA_DIR")).isEqualTo(DockerfileTest.imageDataDir());
        }
    }

    @Test
    void secretsHoldOnlyClearlyMarkedPlaceholders() {
        List<Secret> secrets = k8s.all(Secret.class);
        assertThat(secrets).hasSize(2);
        secrets.forEach(s -> Installation.secretData(s).forEach((k, v) -> {
            if (k.endsWith("_TOKEN") || k.endsWith("PASSWORD")) {
                assertThat(v).as(s.getMetadata().getName() + " " + k).startsWith("CHANGE-ME");
            }
            if (k.endsWith("_TOKEN")) {
                // the service refuses tokens under 16 characters (ApiTokens): left as is, it does not start
                assertThat(v).as(k).hasSizeLessThan(16);
            }
        }));
    }

    @Test
    void theApiAndTheWorkersAreSeparateRoles() {
        Deployment api = k8s.deployment("api");
        Deployment worker = k8s.deployment("worker");
        assertThat(api.getSpec().getReplicas()).isGreaterThanOrEqualTo(2);
        assertThat(worker.getSpec().getReplicas()).isGreaterThanOrEqualTo(1);
        assertThat(api.getMetadata().getName())
                .isNotEqualTo(worker.getMetadata().getName());
    }
}
