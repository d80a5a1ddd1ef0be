package com.dipgnn.api;

import com.dipgnn.jobs.parameters.EnumName;
import com.dipgnn.jobs.parameters.EnumNameValidator;
import com.dipgnn.store.ModelTask;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.oas.models.media.Schema;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.springdoc.core.customizers.PropertyCustomizer;
import org.springframework.stereotype.Component;

/**
 * Lists the names an {@link EnumName} field takes as its property's enum in the OpenAPI
 * document, so that the document shows the names validation accepts, both taken from the enum; and
 * an enum a stored model's task writes by a lower-case name ({@link ModelTask.StoredName},
 * {@link ModelTask.LowerCaseName}) by those names, as the model API returns them.
 */
@Component
class EnumNameDocumentation implements PropertyCustomizer {

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Schema customize(Schema property, AnnotatedType type) {
        if (property == null || type.getCtxAnnotations() == null) {
            return property;
        }
        for (Annotation annotation : type.getCtxAnnotations()) {
            if (annotation instanceof EnumName names) {
                property.setEnum(EnumNameValidator.allowed(names));
            }
            if (annotation instanceof JsonSerialize serialize && property.getEnum() != null) {
                boolean hyphens = serialize.using() == ModelTask.StoredName.class;
                if (hyphens || serialize.using() == ModelTask.LowerCaseName.class) {
                    List<Object> stored = new ArrayList<>();
                    for (Object constant : property.getEnum()) {
                        String lower = String.valueOf(constant).toLowerCase(Locale.ROOT);
                        stored.add(hyphens ? lower.replace('_', '-') : lower);
                    }
                    property.setEnum(stored);
                }
            }
        }
        return property;
    }
}
