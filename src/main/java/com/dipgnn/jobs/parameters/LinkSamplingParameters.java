package com.dipgnn.jobs.parameters;

import com.dipgnn.finetuning.LinkSampling;
import com.dipgnn.finetuning.LinkSamplingMode;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * How a fine-tuning job's link task samples each step's computation graph ({@link LinkSampling}).
 * Absent fields take the defaults: the whole graph within the worker's bounds, fan-outs of 10 per
 * layer.
 */
@Schema(description = "How the link task samples each step's computation graph")
public record LinkSamplingParameters(
        @Schema(
                description = "full (each step takes the whole graph while it is within the worker's whole-graph "
                        + "bounds, fan-out neighbourhoods above) or fanout (the fan-out neighbourhoods of each step's "
                        + "anchors and candidates, whatever the graph's size; evaluation still embeds on the whole "
                        + "graph within the bounds). Default: full",
                example = "fanout",
                nullable = true)
        @EnumName(LinkSamplingMode.class)
        String mode,

        @Schema(
                description = "Fan-out neighbourhoods: in-neighbours drawn per node and relation at each hop, one per "
                        + "encoder layer (a shorter list repeats its last). Default: [10, 10]",
                example = "[10, 10]",
                nullable = true)
        @Size(min = 1, max = 8)
        List<@Min(1) @Max(10_000) Integer> fanouts) {

    /** {@code given} with its absent fields (or all of them, when null) at their defaults. */
    static LinkSamplingParameters filled(LinkSamplingParameters given) {
        LinkSampling defaults = LinkSampling.DEFAULT;
        return given == null
                ? new LinkSamplingParameters(defaults.mode().cliName(), defaults.fanouts())
                : new LinkSamplingParameters(
                        given.mode != null ? given.mode : defaults.mode().cliName(),
                        given.fanouts != null ? given.fanouts : defaults.fanouts());
    }

    /** The engine's setting (defaults where absent). */
    LinkSampling toSampling() {
        return new LinkSampling(mode == null ? null : LinkSamplingMode.parse(mode), fanouts);
    }
}
