package com.dipgnn.packaging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * Facts about the repository that the deployment files must agree with, read from the sources
 * (paths relative to the repository root, the working directory of the tests).
 */
final class Project {

    static final Path ROOT = Path.of("");
    static final Path DOCKERFILE = ROOT.resolve("Dockerfile");
    static final Path DOCKERIGNORE = ROOT.resolve(".dockerignore");
    static final Path K8S = ROOT.resolve("k8s");
    static final Path CHART = ROOT.resolve("helm").resolve("dipgnn");
    static final Path SERVICE_POM = ROOT.resolve("pom.xml");
    static final Path APPLICATION_YML = ROOT.resolve("src/main/resources/application.yml");

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Pattern PLACEHOLDER_DEFAULT = Pattern.compile("\\$\\{[^:}]+:(\\d+)}");

    private Project() {}

    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode applicationYml() {
        try {
            return YAML.readTree(APPLICATION_YML.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The HTTP port: {@code server.port} of application.yml (a number or ${VAR:default}), else Spring's 8080. */
    static int appPort() {
        return port(applicationYml().at("/server/port"), 8080);
    }

    /**
     * The actuator's port: {@code management.server.port} when application.yml sets one (the
     * actuator then listens apart from the API), else the HTTP port.
     */
    static int actuatorPort() {
        return port(applicationYml().at("/management/server/port"), appPort());
    }

    private static int port(JsonNode value, int otherwise) {
        if (value.isMissingNode() || value.isNull()) {
            return otherwise;
        }
        if (value.isInt()) {
            return value.intValue();
        }
        Matcher m = PLACEHOLDER_DEFAULT.matcher(value.asText().trim());
        if (m.matches()) {
            return Integer.parseInt(m.group(1));
        }
        throw new IllegalStateException("cannot read a port from '" + value.asText() + "' in " + APPLICATION_YML);
    }

    /** Where the actuator's endpoints live: {@code management.endpoints.web.base-path}, default /actuator. */
    static String actuatorBasePath() {
        JsonNode base = applicationYml().at("/management/endpoints/web/base-path");
        return base.isMissingNode() ? "/actuator" : base.asText();
    }

    /** The actuator endpoints exposed over HTTP. */
    static List<String> exposedEndpoints() {
        JsonNode include = applicationYml().at("/management/endpoints/web/exposure/include");
        if (include.isArray()) {
            List<String> ids = new ArrayList<>();
            include.forEach(n -> ids.add(n.asText().trim()));
            return ids;
        }
        return Arrays.stream(include.asText().split(",")).map(String::trim).toList();
    }

    /** Whether the liveness and readiness groups exist (management.endpoint.health.probes.enabled). */
    static boolean probesEnabled() {
        return applicationYml().at("/management/endpoint/health/probes/enabled").asBoolean(false);
    }

    static Document pom(Path file) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return factory.newDocumentBuilder().parse(file.toFile());
        } catch (Exception e) {
            throw new IllegalStateException("cannot read " + file, e);
        }
    }

    /** The text of the project's own child element (not a parent's or a dependency's), or null. */
    static String projectElement(Document pom, String name) {
        for (Node n = pom.getDocumentElement().getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return e.getTextContent().trim();
            }
        }
        return null;
    }

    /**
     * The executable jar the root project builds, relative to the repository root:
     * target/{finalName}.jar, where finalName is build/finalName or artifactId-version.
     */
    static String serviceJar() {
        Document pom = pom(SERVICE_POM);
        String artifactId = projectElement(pom, "artifactId");
        String version = projectElement(pom, "version");
        String finalName = artifactId + "-" + version;
        NodeList builds = pom.getDocumentElement().getElementsByTagName("build");
        for (int i = 0; i < builds.getLength(); i++) {
            Element build = (Element) builds.item(i);
            if (build.getParentNode() == pom.getDocumentElement()) {
                for (Node n = build.getFirstChild(); n != null; n = n.getNextSibling()) {
                    if (n instanceof Element e && e.getTagName().equals("finalName")) {
                        finalName = e.getTextContent()
                                .trim()
                                .replace("${project.artifactId}", artifactId)
                                .replace("${project.version}", version);
                    }
                }
            }
        }
        if (finalName.contains("${")) {
            throw new IllegalStateException("cannot resolve the service's finalName: " + finalName);
        }
        return "target/" + finalName + ".jar";
    }

    /** The ids of the Maven profiles of the root pom (cu124, cu118, ...). */
    static List<String> serviceProfiles() {
        NodeList ids = pom(SERVICE_POM).getElementsByTagName("profile");
        List<String> profiles = new ArrayList<>();
        for (int i = 0; i < ids.getLength(); i++) {
            for (Node n = ids.item(i).getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element e && e.getTagName().equals("id")) {
                    profiles.add(e.getTextContent().trim());
                }
            }
        }
        return profiles;
    }
}
