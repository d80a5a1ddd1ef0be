package com.dipgnn.cli;

import com.dipgnn.finetuning.LinkSampling;
import com.dipgnn.finetuning.LinkSamplingMode;
import java.util.List;
import picocli.CommandLine.Option;

/** The link task's sampling options, a picocli mixin of {@link FineTuningOptions}: {@link LinkSampling}. */
final class LinkSamplingOptions {

    @Option(
            names = "--link-sampling",
            description = "link task: full (each step takes the whole graph while it is within --full-graph-max-nodes "
                    + "and --full-graph-max-memory, fan-out neighbourhoods above) or fanout (each step takes the "
                    + "fan-out neighbourhoods of its anchors and candidates, whatever the graph's size; evaluation "
                    + "still embeds on the whole graph within the bounds) (default: full)")
    String mode;

    @Option(
            names = "--fanouts",
            split = ",",
            paramLabel = "F1,F2,...",
            description = "link task, fan-out neighbourhoods: in-neighbours drawn per node and relation at each hop, "
                    + "one per encoder layer (a shorter list repeats its last fan-out) (default: 10,10)")
    List<Integer> fanouts;

    /** The options as the experiment records them (defaults where not given). */
    LinkSampling sampling() {
        return new LinkSampling(mode == null ? null : LinkSamplingMode.parse(mode), fanouts);
    }
}
