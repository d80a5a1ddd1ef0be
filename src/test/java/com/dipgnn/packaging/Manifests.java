package com.dipgnn.packaging;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Reads Kubernetes manifests the way the API server would judge them, not the way fabric8's
 * lenient model does.
 *
 * <p>fabric8's model classes accept any field: an unknown one (a typo such as {@code replicaz})
 * is swallowed by a {@code @JsonAnySetter} into the object's {@code additionalProperties}. After
 * deserializing, {@link #unknownFields} therefore walks the whole object graph with Jackson's own
 * view of each class (its properties and its any-getter) and lists the path of every entry found
 * in an any-getter map; {@link #parse} fails when there is one. On top of that:
 * <ul>
 *   <li>a kind or apiVersion that fabric8's registry does not know fails (it would otherwise
 *       become a {@link GenericKubernetesResource}, all of it additional properties);
 *   <li>duplicate keys in a mapping fail (YAML would silently keep the last one);
 *   <li>scalars are not coerced: {@code prometheus.io/scrape: true} (a boolean where Kubernetes
 *       wants a string) and {@code containerPort: "8080"} (a string where it wants an integer)
 *       fail, as {@code kubectl apply} would. The model is read with a plain Jackson mapper for
 *       this: fabric8's own mapper ({@code KubernetesSerialization}) registers a module that lets
 *       such values through.
 * </ul>
 */
final class Manifests {

    private static final ObjectMapper YAML =
            new ObjectMapper(new YAMLFactory().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION));

    /** fabric8's registry of kinds: (apiVersion, kind) to model class. */
    private static final KubernetesSerialization KINDS = new KubernetesSerialization();

    /**
     * Deserializes into the model classes. A plain Jackson mapper, not fabric8's: its
     * {@code UnmatchedFieldTypeModule} would accept {@code containerPort: "8080"} without a trace.
     */
    private static final ObjectMapper STRICT = strictMapper();

    /** Jackson's view of the model classes, for the walk (annotations only; no custom modules). */
    private static final ObjectMapper INTROSPECTION = new ObjectMapper();

    private Manifests() {}

    private static ObjectMapper strictMapper() {
        ObjectMapper mapper = new ObjectMapper();
        for (CoercionInputShape shape :
                List.of(CoercionInputShape.Integer, CoercionInputShape.Float, CoercionInputShape.Boolean)) {
            mapper.coercionConfigFor(LogicalType.Textual).setCoercion(shape, CoercionAction.Fail);
        }
        for (LogicalType type : List.of(LogicalType.Integer, LogicalType.Float, LogicalType.Boolean)) {
            mapper.coercionConfigFor(type).setCoercion(CoercionInputShape.String, CoercionAction.Fail);
        }
        return mapper;
    }

    /** Every object in every YAML document of the file. */
    static List<HasMetadata> parseFile(Path file) {
        try {
            return parse(Files.readString(file), file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Every object in the (multi-document) YAML text; empty documents are skipped.
     *
     * @param source names the text in error messages
     * @throws IllegalArgumentException for YAML that is malformed, has duplicate keys, names an
     *     unknown kind, has an unknown field or a value of the wrong type
     */
    static List<HasMetadata> parse(String yaml, String source) {
        List<HasMetadata> objects = new ArrayList<>();
        int document = 0;
        try (MappingIterator<JsonNode> docs = YAML.readerFor(JsonNode.class).readValues(yaml)) {
            while (docs.hasNextValue()) {
                JsonNode node = docs.nextValue();
                document++;
                if (node == null || node.isNull() || node.isMissingNode()) {
                    continue;
                }
                objects.add(toObject(node, source + " (document " + document + ")"));
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof IllegalArgumentException iae && iae.getMessage().startsWith(source)) {
                throw iae;
            }
            throw new IllegalArgumentException(source + ": " + e.getMessage(), e);
        }
        return objects;
    }

    private static HasMetadata toObject(JsonNode node, String where) {
        String apiVersion = node.path("apiVersion").asText();
        String kind = node.path("kind").asText();
        Class<? extends KubernetesResource> type = KINDS.getRegisteredKubernetesResource(apiVersion, kind);
        if (type == null || !HasMetadata.class.isAssignableFrom(type) || type == GenericKubernetesResource.class) {
            throw new IllegalArgumentException(
                    where + ": unknown kind '" + kind + "' of apiVersion '" + apiVersion + "'");
        }
        HasMetadata object;
        try {
            object = (HasMetadata) STRICT.treeToValue(node, type);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(where + ": not a valid " + kind + ": " + e.getMessage(), e);
        }
        List<String> unknown = unknownFields(object);
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException(where + ": " + object.getKind() + " '"
                    + object.getMetadata().getName() + "' has unknown fields or values of the wrong type: "
                    + String.join(", ", unknown));
        }
        return object;
    }

    /** Paths of every entry that the model swallowed into an any-setter map. */
    static List<String> unknownFields(Object root) {
        List<String> found = new ArrayList<>();
        walk(root, "", found);
        return found;
    }

    private static void walk(Object value, String path, List<String> found) {
        if (value == null
                || value instanceof CharSequence
                || value instanceof Number
                || value instanceof Boolean
                || value instanceof Enum<?>) {
            return;
        }
        if (value instanceof Collection<?> items) {
            int i = 0;
            for (Object item : items) {
                walk(item, path + "[" + i++ + "]", found);
            }
            return;
        }
        if (value instanceof Map<?, ?> map) {
            map.forEach((k, v) -> walk(v, path + "[" + k + "]", found));
            return;
        }
        if (!value.getClass().getName().startsWith("io.fabric8.")) {
            throw new IllegalStateException("unexpected value of " + value.getClass() + " at " + path);
        }
        BeanDescription bean =
                INTROSPECTION.getSerializationConfig().introspect(INTROSPECTION.constructType(value.getClass()));
        AnnotatedMember anyGetter = bean.findAnyGetter();
        if (anyGetter != null && anyGetter.getValue(value) instanceof Map<?, ?> extra) {
            extra.keySet().forEach(k -> found.add(join(path, String.valueOf(k))));
        }
        if (value instanceof Quantity) {
            return; // a scalar in YAML; its other getters are derived values
        }
        for (BeanPropertyDefinition property : bean.findProperties()) {
            AnnotatedMember accessor = property.getAccessor();
            if (accessor != null && !accessor.equals(anyGetter)) {
                walk(accessor.getValue(value), join(path, property.getName()), found);
            }
        }
    }

    private static String join(String path, String name) {
        return path.isEmpty() ? name : path + "." + name;
    }
}
