package com.dipgnn.api;

import com.dipgnn.jobs.parameters.EnumName;
import com.dipgnn.jobs.parameters.EnumNameValidator;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.oas.models.media.Schema;
import java.lang.annotation.Annotation;
import org.springdoc.core.customizers.PropertyCustomizer;
import org.springframework.stereotype.Component;

/**
 * Lists the names an {@link EnumName} field takes as its property's enum in the OpenAPI
 * document, so that the document shows the names validation accepts, both taken from the enum.
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
        }
        return property;
    }
}
