package com.dipgnn.jobs.parameters;

import com.dipgnn.jobs.runner.JobParameterException;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.PropagationConfig;
import com.dipgnn.model.PropagationConfig.LayerCombination;
import com.dipgnn.naming.EnumNames;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The {@code propagation} backbone's options in a job ({@link PropagationConfig}). Absent fields
 * take the pre-trained model's, else {@link PropagationConfig#DEFAULT} (LightGCN); a job with
 * another backbone, which would ignore them, is refused.
 */
@Schema(description = "The propagation backbone's options (LightGCN by default); refused with another backbone")
public record PropagationParameters(
        @Schema(
                description = "Each layer multiplies the states by a (hidden x hidden) matrix of its own and applies "
                        + "ReLU after every layer but the last (GCN-like); false: pure propagation, LightGCN. "
                        + "Default: the pre-trained model's, else false",
                example = "false",
                nullable = true)
        Boolean layerWeights,

        @Schema(
                description = "How the encoder's output combines the states of layers 0..L: mean (LightGCN's) or "
                        + "sum. Default: the pre-trained model's, else mean",
                example = "mean",
                nullable = true)
        @EnumName(LayerCombination.class)
        String layerCombination) {

    /** The field of both jobs that holds these options. */
    static final String FIELD = "propagation";

    /**
     * {@code given} with its absent fields from {@code base}, when the backbone (as the job names
     * it, possibly not a backbone) is {@code propagation}; else {@code given} as it is (null, or
     * refused by {@link #config}).
     */
    static PropagationParameters filled(PropagationParameters given, String backbone, PropagationConfig base) {
        EnumNames<Backbone> names = EnumNames.forType(Backbone.class);
        boolean unknownCombination = given != null
                && given.layerCombination != null
                && !EnumNames.forType(LayerCombination.class).accepts(given.layerCombination);
        if (!names.accepts(backbone) || names.parse(backbone) != Backbone.PROPAGATION || unknownCombination) {
            return given; // bean validation or {@link #config} refuses what is wrong
        }
        PropagationConfig config = over(given, base);
        return new PropagationParameters(config.layerWeights(), EnumNames.nameOf(config.combination()));
    }

    /**
     * The engine's options: {@code given} over {@code base}.
     *
     * @throws JobParameterException when options are given and {@code backbone} is not {@code propagation}
     */
    static PropagationConfig config(PropagationParameters given, Backbone backbone, PropagationConfig base) {
        if (given != null && given.anyGiven() && backbone != Backbone.PROPAGATION) {
            throw new JobParameterException(
                    FIELD,
                    "the propagation backbone's options, which backbone " + EnumNames.nameOf(backbone)
                            + " would ignore; omit " + FIELD + ", or use backbone propagation");
        }
        return over(given, base);
    }

    private boolean anyGiven() {
        return layerWeights != null || layerCombination != null;
    }

    private static PropagationConfig over(PropagationParameters given, PropagationConfig base) {
        if (given == null) {
            return base;
        }
        return new PropagationConfig(
                given.layerWeights != null ? given.layerWeights : base.layerWeights(),
                given.layerCombination != null
                        ? ParameterChecks.named(
                                FIELD + ".layerCombination", given.layerCombination, LayerCombination.class)
                        : base.combination());
    }
}
