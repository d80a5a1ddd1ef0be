package com.dipgnn.api;

import com.dipgnn.datasets.DatasetIds;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import java.util.List;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.stereotype.Component;

/**
 * Documents both forms of {@code POST /api/v1/datasets} in its one operation. OpenAPI has one
 * operation per path and method, so the generated document kept the JSON registration, lost the
 * multipart upload and gave the registration the upload's {@code id} query parameter. This puts the
 * upload back as the operation's {@code multipart/form-data} body ({@code id}, {@code file}), a
 * named schema ({@value #UPLOAD_SCHEMA}) so that generated clients get a type for it, and removes the
 * parameter.
 */
@Component
class DatasetUploadDocumentation implements OpenApiCustomizer {

    static final String PATH = "/api/v1/datasets";
    static final String UPLOAD_SCHEMA = "DatasetUpload";

    @Override
    public void customise(io.swagger.v3.oas.models.OpenAPI openApi) {
        PathItem item = openApi.getPaths() == null ? null : openApi.getPaths().get(PATH);
        Operation post = item == null ? null : item.getPost();
        if (post == null || post.getRequestBody() == null) {
            return;
        }
        if (post.getParameters() != null) {
            post.getParameters().removeIf(p -> "query".equals(p.getIn()) && "id".equals(p.getName()));
            if (post.getParameters().isEmpty()) {
                post.setParameters(null);
            }
        }
        ObjectSchema upload = new ObjectSchema();
        upload.addProperty("id", new StringSchema().pattern(DatasetIds.PATTERN).description("the new data set's id"));
        upload.addProperty(
                "file",
                new StringSchema()
                        .format("binary")
                        .description(
                                "the graph as an archive: .zip, .tar or .tar.gz (gnnfmt-1 or the CSV/TSV layout)"));
        upload.setRequired(List.of("id", "file"));
        if (openApi.getComponents() == null) {
            openApi.setComponents(new Components());
        }
        openApi.getComponents().addSchemas(UPLOAD_SCHEMA, upload);
        Content content = post.getRequestBody().getContent();
        content.addMediaType(
                org.springframework.http.MediaType.MULTIPART_FORM_DATA_VALUE,
                new MediaType().schema(new Schema<>().$ref("#/components/schemas/" + UPLOAD_SCHEMA)));
        post.setDescription((post.getDescription() == null ? "" : post.getDescription() + " ")
                + "Or upload an archive as multipart/form-data with the fields 'id' and 'file'.");
    }
}
