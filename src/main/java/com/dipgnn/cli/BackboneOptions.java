package com.dipgnn.cli;

import com.dipgnn.model.Backbone;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.PropagationConfig;
import com.dipgnn.model.PropagationConfig.LayerCombination;
import com.dipgnn.naming.EnumNames;
import picocli.CommandLine.Option;

/**
 * The encoder's backbone and the {@code propagation} backbone's options ({@link
 * PropagationConfig}), a picocli mixin of {@link FineTuningOptions}. The propagation options are
 * refused with another backbone, which would ignore them.
 */
final class BackboneOptions {

    @Option(
            names = "--backbone",
            description =
                    "hgt, gat or propagation (default: gat for the link task on an edge split and with --preset planetoid or recommend; hgt otherwise)")
    String backbone;

    @Option(
            names = "--propagation-weights",
            arity = "0..1",
            fallbackValue = "true",
            paramLabel = "true|false",
            description = "propagation backbone: each layer multiplies the states by a (hidden x hidden) matrix of its "
                    + "own and applies ReLU after every layer but the last (GCN-like); false: pure propagation, "
                    + "LightGCN (default: false, or the pre-trained model's)")
    Boolean weights;

    @Option(
            names = "--layer-combination",
            description = "propagation backbone: how the encoder's output combines the states of layers 0..L: mean "
                    + "(LightGCN's) or sum (default: mean, or the pre-trained model's)")
    String combination;

    /**
     * {@code model} (the defaults' or a pre-trained model's architecture) with the backbone and the
     * propagation options given.
     *
     * @throws IllegalArgumentException when a propagation option is given and the backbone is another
     */
    ModelConfig applyTo(ModelConfig model) {
        Backbone chosen = backbone != null ? Backbone.parse(backbone) : model.backbone();
        return model.withBackbone(chosen).withPropagation(propagation(chosen, model.propagation()));
    }

    private PropagationConfig propagation(Backbone chosen, PropagationConfig base) {
        if (weights == null && combination == null) {
            return base;
        }
        if (chosen != Backbone.PROPAGATION) {
            throw new IllegalArgumentException("--propagation-weights and --layer-combination are the propagation "
                    + "backbone's options and backbone " + EnumNames.nameOf(chosen) + " would ignore them; drop "
                    + "them, or use --backbone propagation");
        }
        return new PropagationConfig(
                weights != null ? weights : base.layerWeights(),
                combination != null ? LayerCombination.parse(combination) : base.combination());
    }
}
