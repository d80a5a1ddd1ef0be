package com.dipgnn.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * What the committed API document tells a reader and a client generator: the token header as text
 * Swagger UI shows literally, and the public health routes without a security requirement.
 * ({@code OpenApiDocumentIT} checks that the document is what the running service serves.)
 */
class OpenApiDocumentContentTest {

    private static JsonNode document() throws Exception {
        return new ObjectMapper(new YAMLFactory())
                .readTree(Path.of("openapi/openapi.yaml").toFile());
    }

    @Test
    void theTokenHeaderIsCodeSoSwaggerUiShowsTheAngleBrackets() throws Exception {
        // as plain Markdown, <token> would be read as an HTML tag and vanish
        assertThat(document().at("/info/description").asText()).contains("`Authorization: Bearer <token>`");
    }

    @Test
    void theBearerSchemeSaysWhatEachRoleMayDoAndWhereATokenComesFrom() throws Exception {
        // Swagger UI shows it next to its Authorize button
        assertThat(document()
                        .at("/components/securitySchemes/bearer/description")
                        .asText())
                .contains(
                        "`READER` tokens can read and run inference",
                        "`ADMIN` tokens can also change things",
                        "`<data dir>/admin-token`",
                        "`./dipgnn-data/admin-token` by default",
                        "`DIPGNN_DATA_DIR`",
                        "`dipgnn.security.tokens[i].name`",
                        "`DIPGNN_SECURITY_TOKENS_<i>_TOKEN`");
    }

    @Test
    void theOpenInferenceHealthRoutesArePublicAndTheRestNeedsTheToken() throws Exception {
        JsonNode doc = document();
        for (String path : new String[] {"/v2/health/live", "/v2/health/ready"}) {
            JsonNode security = doc.at("/paths/" + path.replace("/", "~1") + "/get/security");
            assertThat(security.isArray() && security.isEmpty())
                    .as(path + " security: []")
                    .isTrue();
        }
        assertThat(doc.at("/security/0/bearer").isArray())
                .as("the document's default: the bearer token")
                .isTrue();
        assertThat(doc.at("/paths/~1v2~1models~1{name}/get/security").isMissingNode())
                .as("model metadata keeps the default")
                .isTrue();
    }

    @Test
    void theDatasetPostDocumentsBothItsJsonAndItsMultipartBodyAndNoPhantomParameter() throws Exception {
        JsonNode post = document().at("/paths/~1api~1v1~1datasets/post");
        assertThat(post.path("parameters").isMissingNode())
                .as("no 'id' query parameter on the JSON registration")
                .isTrue();
        assertThat(post.at("/requestBody/content/application~1json/schema/$ref").asText())
                .endsWith("RegisterDataset");
        assertThat(post.at("/requestBody/content/multipart~1form-data/schema/$ref")
                        .asText())
                .as("a named schema, so that a generated client has a type for it")
                .endsWith("/DatasetUpload");
        JsonNode multipart = document().at("/components/schemas/DatasetUpload");
        assertThat(multipart.at("/properties/file/format").asText()).isEqualTo("binary");
        assertThat(multipart.path("required").toString()).contains("id").contains("file");
    }

    @Test
    void streamsAndPlotsAreTextNotJavaTypesOrBytes() throws Exception {
        JsonNode doc = document();
        assertThat(doc.at("/components/schemas/SseEmitter").isMissingNode()).isTrue();
        assertThat(doc.at(
                                "/paths/~1api~1v1~1jobs~1{id}~1events/get/responses/200/content/text~1event-stream/schema/type")
                        .asText())
                .isEqualTo("string");
        JsonNode svg =
                doc.at("/paths/~1api~1v1~1jobs~1{id}~1curves.svg/get/responses/200/content/image~1svg+xml/schema");
        assertThat(svg.path("type").asText()).isEqualTo("string");
        assertThat(svg.path("format").isMissingNode())
                .as("an SVG document is text, not base64 bytes")
                .isTrue();
    }

    @Test
    void everyOperationListsTheProblemsItCanAnswerAsTheAccessRuleSays() throws Exception {
        JsonNode paths = document().path("paths");
        JsonNode delete = paths.at("/~1api~1v1~1datasets~1{id}/delete/responses");
        assertThat(delete.has("401") && delete.has("403") && delete.has("404") && delete.has("409"))
                .as(delete.toString())
                .isTrue();
        assertThat(delete.at("/403/content/application~1problem+json/schema/$ref")
                        .asText())
                .endsWith("/Problem");
        JsonNode recommend = paths.at("/~1api~1v1~1deployments~1{name}~1recommendations/post/responses");
        assertThat(recommend.has("401")).isTrue();
        assertThat(recommend.has("403"))
                .as("inference needs a reader token, not an admin one")
                .isFalse();
        JsonNode list = paths.at("/~1api~1v1~1jobs/get/responses");
        assertThat(list.has("400") && list.has("401") && list.has("500")).isTrue();
        assertThat(list.has("403") || list.has("404") || list.has("409"))
                .as("a read of a list")
                .isFalse();
        assertThat(document()
                        .at("/components/schemas/Problem/properties/errors/items/properties/field")
                        .isMissingNode())
                .isFalse();
    }
}
