package com.dipgnn.packaging;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Kubernetes API server that knows Secrets and nothing else, on loopback, for the chart's
 * {@code lookup}.
 *
 * <p>helm-java renders templates as an install dry run that still talks to a cluster, so the
 * chart's {@code lookup} of its previous tokens Secret would go to whatever KUBECONFIG names (the
 * developer's real cluster, or nothing). Surefire points KUBECONFIG at a file in target/ that this
 * server writes before Helm first runs: rendering stays on this machine, and a test can put a
 * Secret here to play an upgrade.
 */
final class FakeApiServer {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SECRET = Pattern.compile("/api/v1/namespaces/([^/]+)/secrets/([^/?]+)");
    private static FakeApiServer instance;

    /** Secrets by namespace/name, with their data in plain text. */
    final Map<String, Map<String, String>> secrets = new ConcurrentHashMap<>();
    /** Every path asked, in order. */
    final List<String> requests = new CopyOnWriteArrayList<>();

    private FakeApiServer() {}

    /** The running server; the first call starts it and writes the kubeconfig that KUBECONFIG names. */
    static synchronized FakeApiServer get() {
        if (instance == null) {
            String kubeconfig = System.getenv("KUBECONFIG");
            if (kubeconfig == null || !kubeconfig.endsWith("fake-apiserver.kubeconfig")) {
                throw new IllegalStateException(
                        "KUBECONFIG must name target/fake-apiserver.kubeconfig (set by surefire; "
                                + "run these tests through Maven) so that Helm never reaches a real cluster, not "
                                + kubeconfig);
            }
            FakeApiServer server = new FakeApiServer();
            server.start(Path.of(kubeconfig));
            instance = server;
        }
        return instance;
    }

    private void start(Path kubeconfig) {
        try {
            HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            http.createContext("/", this::handle);
            http.start();
            String url = "http://127.0.0.1:" + http.getAddress().getPort();
            Files.createDirectories(kubeconfig.toAbsolutePath().getParent());
            Files.writeString(kubeconfig, """
                    apiVersion: v1
                    kind: Config
                    clusters:
                      - name: fake
                        cluster: {server: "%s"}
                    users:
                      - name: fake
                        user: {token: fake}
                    contexts:
                      - name: fake
                        context: {cluster: fake, user: fake}
                    current-context: fake
                    """.formatted(url));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void putSecret(String namespace, String name, Map<String, String> data) {
        secrets.put(namespace + "/" + name, Map.copyOf(data));
    }

    void removeSecret(String namespace, String name) {
        secrets.remove(namespace + "/" + name);
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        requests.add(exchange.getRequestMethod() + " " + path);
        Object body;
        int status = 200;
        Matcher secret = SECRET.matcher(path);
        if (!exchange.getRequestMethod().equals("GET")) {
            status = 405;
            body = status("MethodNotAllowed", 405, "read-only");
        } else if (path.equals("/api")) {
            body = Map.of("kind", "APIVersions", "versions", List.of("v1"));
        } else if (path.equals("/apis")) {
            body = Map.of("kind", "APIGroupList", "apiVersion", "v1", "groups", List.of());
        } else if (path.equals("/api/v1")) {
            body = Map.of(
                    "kind",
                    "APIResourceList",
                    "groupVersion",
                    "v1",
                    "resources",
                    List.of(Map.of(
                            "name",
                            "secrets",
                            "singularName",
                            "secret",
                            "namespaced",
                            true,
                            "kind",
                            "Secret",
                            "verbs",
                            List.of("get", "list"))));
        } else if (secret.matches() && secrets.containsKey(secret.group(1) + "/" + secret.group(2))) {
            Map<String, String> data = new LinkedHashMap<>();
            secrets.get(secret.group(1) + "/" + secret.group(2))
                    .forEach((k, v) ->
                            data.put(k, Base64.getEncoder().encodeToString(v.getBytes(StandardCharsets.UTF_8))));
            body = Map.of(
                    "apiVersion",
                    "v1",
                    "kind",
                    "Secret",
                    "type",
                    "Opaque",
                    "data",
                    data,
                    "metadata",
                    Map.of("name", secret.group(2), "namespace", secret.group(1)));
        } else {
            status = 404;
            body = status("NotFound", 404, path + " not found");
        }
        byte[] bytes = JSON.writeValueAsBytes(body);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    private static Map<String, Object> status(String reason, int code, String message) {
        return Map.of(
                "kind",
                "Status",
                "apiVersion",
                "v1",
                "status",
                "Failure",
                "reason",
                reason,
                "code",
                code,
                "message",
                message);
    }
}
