package com.dipgnn.model;

import com.dipgnn.naming.EnumNames;
import java.util.Objects;

/**
 * The options of the {@link Backbone#PROPAGATION} backbone ({@link PropagationLayer}); the other
 * backbones ignore them. {@link #DEFAULT} is LightGCN (He et al., 2020): no weights, the mean of
 * the states of layers 0..L.
 *
 * @param layerWeights whether each layer multiplies the states by a (hidden x hidden) matrix of
 *     its own before propagating them and applies ReLU after every layer but the last (GCN-like);
 *     false: pure propagation (LightGCN)
 * @param combination how the encoder's output combines the states of layers 0..L
 */
public record PropagationConfig(boolean layerWeights, LayerCombination combination) {

    /** LightGCN: no weights, the mean over layers. */
    public static final PropagationConfig DEFAULT = new PropagationConfig(false, LayerCombination.MEAN);

    public PropagationConfig {
        Objects.requireNonNull(combination, "layer combination");
    }

    /** How the states of layers 0 (the inputs) to L make the encoder's output. */
    public enum LayerCombination {
        /** Their mean, {@code (h0 + ... + hL) / (L + 1)} (LightGCN's). */
        MEAN,
        /** Their sum, {@code h0 + ... + hL}. */
        SUM;

        private static final EnumNames<LayerCombination> NAMES =
                EnumNames.of(LayerCombination.class, "layer combination").build();

        /** Parses {@code mean} or {@code sum}, case-insensitively. */
        public static LayerCombination parse(String text) {
            return NAMES.parse(text);
        }
    }
}
