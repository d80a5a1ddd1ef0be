package com.dipgnn.serving;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A node that is not in the deployed graph, described for inductive inference.
 *
 * @param type its node type
 * @param features its raw features (the type's feature width; null or empty for a featureless
 *     type), before any normalisation the model applies
 * @param neighbours existing node ids it is linked to, per relation (by name or
 *     {@code src__name__dst} key); a relation may leave the new node's type (the ids are of its
 *     target type) or enter it (the ids are of its source type)
 * @param text its text, instead of features, for a type whose inputs the model derives from text
 *     (null otherwise)
 */
public record NewNode(String type, float[] features, Map<String, int[]> neighbours, String text) {

    public NewNode {
        neighbours = neighbours == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(neighbours));
    }

    /** A new node described by its features. */
    public NewNode(String type, float[] features, Map<String, int[]> neighbours) {
        this(type, features, neighbours, null);
    }
}
