package com.dipgnn.api;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import java.util.List;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.json.MappingJackson2HttpMessageConverter;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Request bodies are bound strictly: a field the endpoint does not know, a string where a number
 * or a boolean is expected, a fraction where an integer is expected, an integer out of its field's
 * range, a number for an enum, or null for a primitive is a 400 problem detail that names the
 * field ({@link ProblemDetailsAdvice}), never a silently changed value; so is a field given twice. Only the HTTP message
 * converter is strict; the service's own stored JSON is read with the application's mapper.
 */
@Configuration
public class StrictJson implements WebMvcConfigurer {

    /** A copy of {@code mapper} that refuses what it would otherwise coerce or ignore. */
    public static ObjectMapper strict(ObjectMapper mapper) {
        ObjectMapper strict = mapper.copy();
        strict.configure(MapperFeature.ALLOW_COERCION_OF_SCALARS, false);
        strict.enable(
                DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES,
                DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES,
                DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS,
                DeserializationFeature.FAIL_ON_TRAILING_TOKENS,
                DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);
        strict.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
        // {"steps": 10, "steps": 100000} is refused, not read as its last value
        strict.getFactory().enable(com.fasterxml.jackson.core.JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        refuse(
                strict,
                LogicalType.Integer,
                CoercionInputShape.String,
                CoercionInputShape.Float,
                CoercionInputShape.Boolean);
        refuse(strict, LogicalType.Float, CoercionInputShape.String, CoercionInputShape.Boolean);
        refuse(
                strict,
                LogicalType.Boolean,
                CoercionInputShape.String,
                CoercionInputShape.Integer,
                CoercionInputShape.Float);
        refuse(
                strict,
                LogicalType.Textual,
                CoercionInputShape.Integer,
                CoercionInputShape.Float,
                CoercionInputShape.Boolean);
        refuse(
                strict,
                LogicalType.Enum,
                CoercionInputShape.Integer,
                CoercionInputShape.Float,
                CoercionInputShape.Boolean);
        return strict;
    }

    private static void refuse(ObjectMapper mapper, LogicalType target, CoercionInputShape... shapes) {
        for (CoercionInputShape shape : shapes) {
            mapper.coercionConfigFor(target).setCoercion(shape, CoercionAction.Fail);
        }
    }

    @Override
    public void extendMessageConverters(List<HttpMessageConverter<?>> converters) {
        for (HttpMessageConverter<?> converter : converters) {
            if (converter instanceof MappingJackson2HttpMessageConverter json) {
                json.setObjectMapper(strict(json.getObjectMapper()));
            }
        }
    }
}
