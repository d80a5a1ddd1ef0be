package com.dipgnn.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The committed OpenAPI document ({@code openapi/openapi.yaml}) must be what the running service
 * generates. After an intended API change, regenerate it with
 * {@code ./mvnw verify -Dit.test=OpenApiDocumentIT -Dopenapi.update=true}.
 */
class OpenApiDocumentIT extends ServiceTestBase {

    private static final Path COMMITTED = Path.of("openapi/openapi.yaml");

    @Test
    void committedDocumentMatchesTheRunningService() throws IOException {
        HttpApi.Response r = anonymous.get("/v3/api-docs.yaml");
        assertThat(r.status()).isEqualTo(200);
        String generated = r.text().replace("\r\n", "\n");
        if (Boolean.getBoolean("openapi.update")) {
            Files.createDirectories(COMMITTED.getParent());
            Files.writeString(COMMITTED, generated, StandardCharsets.UTF_8);
        }
        assertThat(Files.exists(COMMITTED))
                .as("openapi/openapi.yaml is committed")
                .isTrue();
        assertThat(generated)
                .as("the API changed: regenerate openapi/openapi.yaml with -Dopenapi.update=true and review the diff")
                .isEqualTo(Files.readString(COMMITTED, StandardCharsets.UTF_8));
    }

    @Test
    void swaggerUiIsServed() {
        HttpApi.Response ui =
                anonymous.send(anonymous.request("/swagger-ui/index.html").GET());
        assertThat(ui.status()).isEqualTo(200);
        assertThat(ui.text()).contains("swagger");
    }
}
