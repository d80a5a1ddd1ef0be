package com.dipgnn.pretraining;

import com.dipgnn.graph.RelationType;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The trainable parts of a pre-training method: a generator encoder with its edge and feature
 * heads, and a discriminator encoder (same architecture, its own weights) with its heads. Parts a
 * method does not use are absent (null).
 */
public final class PretrainNetworks {

    public static final String GENERATOR = "generator";
    public static final String GENERATOR_EDGES = "generator_edges";
    public static final String GENERATOR_FEATURES = "generator_features";
    public static final String DISCRIMINATOR = "discriminator";
    public static final String DISCRIMINATOR_EDGES = "discriminator_edges";
    public static final String DISCRIMINATOR_FEATURES = "discriminator_features";

    private final GraphEncoder generator;
    private final EdgeHeads generatorEdges;
    private final FeatureHeads generatorFeatures;
    private final GraphEncoder discriminator;
    private final EdgeHeads discriminatorEdges;
    private final FeatureHeads discriminatorFeatures;

    public PretrainNetworks(PretrainMethod method, GraphSchema schema, ModelConfig model, List<RelationType> masked) {
        boolean gen = method.hasGenerator();
        generator = gen ? new GraphEncoder(schema, model) : null;
        generatorEdges = gen ? new EdgeHeads(masked, model.hidden()) : null;
        generatorFeatures = method.generatesFeatures()
                ? new FeatureHeads(schema.featureDims(), model.hidden(), true) : null;
        boolean disc = method.hasDiscriminator();
        discriminator = disc ? new GraphEncoder(schema, model) : null;
        discriminatorEdges = disc ? new EdgeHeads(masked, model.hidden()) : null;
        discriminatorFeatures = method.discriminatesFeatures()
                ? new FeatureHeads(schema.featureDims(), model.hidden(), false) : null;
    }

    /** Every present module by its name, in a fixed order (for the optimizer and checkpoints). */
    public Map<String, GraphModule> modules() {
        Map<String, GraphModule> all = new LinkedHashMap<>();
        put(all, GENERATOR, generator);
        put(all, GENERATOR_EDGES, generatorEdges);
        put(all, GENERATOR_FEATURES, generatorFeatures);
        put(all, DISCRIMINATOR, discriminator);
        put(all, DISCRIMINATOR_EDGES, discriminatorEdges);
        put(all, DISCRIMINATOR_FEATURES, discriminatorFeatures);
        return all;
    }

    private static void put(Map<String, GraphModule> all, String name, GraphModule module) {
        if (module != null) {
            all.put(name, module);
        }
    }

    public GraphEncoder generator() {
        return generator;
    }

    public EdgeHeads generatorEdges() {
        return generatorEdges;
    }

    public FeatureHeads generatorFeatures() {
        return generatorFeatures;
    }

    public GraphEncoder discriminator() {
        return discriminator;
    }

    public EdgeHeads discriminatorEdges() {
        return discriminatorEdges;
    }

    public FeatureHeads discriminatorFeatures() {
        return discriminatorFeatures;
    }

    /**
     * The encoder handed to fine-tuning (a method's {@link PretrainMethod#kept()}, or the other
     * network for diagnostics).
     *
     * @throws IllegalArgumentException when the method has no such network
     */
    public GraphEncoder encoder(PretrainMethod.Kept which) {
        GraphEncoder encoder = which == PretrainMethod.Kept.DISCRIMINATOR ? discriminator : generator;
        if (encoder == null) {
            throw new IllegalArgumentException("this method trains no " + which.name().toLowerCase(java.util.Locale.ROOT)
                    + " to keep");
        }
        return encoder;
    }

    /** The edge heads trained with {@link #encoder(PretrainMethod.Kept)}. */
    public EdgeHeads edgeHeads(PretrainMethod.Kept which) {
        return which == PretrainMethod.Kept.DISCRIMINATOR ? discriminatorEdges : generatorEdges;
    }
}
