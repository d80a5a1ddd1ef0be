package com.dipgnn.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** A small HTTP client for the integration tests: real requests, JSON bodies, a bearer token. */
public final class HttpApi {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient client =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;
    private final String token;

    public HttpApi(int port, String token) {
        this.base = "http://localhost:" + port;
        this.token = token;
    }

    public HttpApi as(String otherToken) {
        return new HttpApi(Integer.parseInt(base.substring(base.lastIndexOf(':') + 1)), otherToken);
    }

    /** A response: status, headers and the body parsed as JSON (null when empty or not JSON). */
    public record Response(int status, HttpResponse<byte[]> raw, JsonNode json) {
        public String header(String name) {
            return raw.headers().firstValue(name).orElse(null);
        }

        public String text() {
            return new String(raw.body(), StandardCharsets.UTF_8);
        }

        @Override
        public String toString() {
            return status + " " + text();
        }
    }

    public Response get(String path) {
        return send(request(path).GET());
    }

    public Response delete(String path) {
        return send(request(path).DELETE());
    }

    public Response post(String path, Object body) {
        return postRaw(path, body instanceof String s ? s : write(body), "application/json");
    }

    public Response postRaw(String path, String body, String contentType) {
        return send(request(path).header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    public Response post(String path, Object body, String headerName, String headerValue) {
        return send(request(path)
                .header("Content-Type", "application/json")
                .header(headerName, headerValue)
                .POST(HttpRequest.BodyPublishers.ofString(body instanceof String s ? s : write(body))));
    }

    /** A multipart/form-data POST with text fields and one file part named {@code file}. */
    public Response upload(String path, Map<String, String> fields, Path file, String filename) {
        String boundary = "----dipgnn" + UUID.randomUUID();
        try {
            var out = new ByteArrayOutputStream();
            for (var e : fields.entrySet()) {
                out.write(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + e.getKey() + "\"\r\n\r\n"
                                + e.getValue() + "\r\n")
                        .getBytes(StandardCharsets.UTF_8));
            }
            out.write(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + filename
                            + "\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                    .getBytes(StandardCharsets.UTF_8));
            out.write(Files.readAllBytes(file));
            out.write(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
            return send(request(path)
                    .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                    .POST(HttpRequest.BodyPublishers.ofByteArray(out.toByteArray())));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads a Server-Sent Events stream to its end: one "event:<name> data:<json>" entry per event. */
    public List<String> events(String path) {
        try {
            return client.send(request(path).GET().build(), HttpResponse.BodyHandlers.ofLines())
                    .body()
                    .filter(l -> l.startsWith("event:") || l.startsWith("data:"))
                    .reduce(
                            new ArrayList<String>(),
                            (list, line) -> {
                                if (line.startsWith("event:")) {
                                    list.add(line);
                                } else if (!list.isEmpty()) {
                                    list.set(list.size() - 1, list.get(list.size() - 1) + " " + line);
                                }
                                return list;
                            },
                            (a, b) -> a);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public HttpRequest.Builder request(String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(120));
        return token == null ? b : b.header("Authorization", "Bearer " + token);
    }

    public Response send(HttpRequest.Builder builder) {
        try {
            HttpResponse<byte[]> r = client.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
            JsonNode json = null;
            String type = r.headers().firstValue("Content-Type").orElse("");
            if (r.body().length > 0 && type.contains("json")) {
                json = JSON.readTree(r.body());
            }
            return new Response(r.statusCode(), r, json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public static String write(Object body) {
        try {
            return JSON.writeValueAsString(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
