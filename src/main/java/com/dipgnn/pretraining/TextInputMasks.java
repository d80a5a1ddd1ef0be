package com.dipgnn.pretraining;

import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Parameter;
import ai.djl.training.initializer.NormalInitializer;
import com.dipgnn.model.GraphModule;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The generator's learned stand-in, per node type whose inputs come from text, for the inputs of
 * the nodes whose text it must generate (their own text would give the answer away).
 */
public final class TextInputMasks extends GraphModule {

    private final Map<String, Parameter> vectors = new LinkedHashMap<>();

    /** @param widths the text-derived input width of each type */
    public TextInputMasks(Map<String, Integer> widths) {
        widths.forEach((type, width) ->
                vectors.put(type, addParameter("mask_" + type, new Shape(width), new NormalInitializer(0.1f))));
    }

    /** The stand-in of {@code type}, shape (width), or null when the type's inputs are not text-derived. */
    public Parameter vector(String type) {
        return vectors.get(type);
    }
}
