package com.dipgnn.finetuning;

import com.dipgnn.sampling.FanoutSampler;
import com.dipgnn.sampling.FullGraphSampler;
import com.dipgnn.sampling.SubgraphSampler;
import java.util.ArrayList;
import java.util.List;

/**
 * How the link task samples a step's computation graph: the whole graph while it is within the
 * experiment's whole-graph bound ({@link LinkSamplingMode#FULL}, the default) or fixed fan-out
 * neighbourhoods ({@link FanoutSampler}) of each step's anchors and candidates; above the bound
 * always the fan-out neighbourhoods. Evaluation is exact either way: one whole-graph pass when
 * training takes the whole graph, else every node layer by layer ({@link LinkEvaluator}), so
 * that fan-out training never holds a whole-graph step's arrays, not even to evaluate.
 *
 * @param mode whole graph or fan-out below the bound; null (a record written before the choice
 *     existed) means {@link LinkSamplingMode#FULL}
 * @param fanouts in-neighbours drawn per node and relation at each hop, one per encoder layer (a
 *     shorter list repeats its last fan-out, a longer one is cut to the layers); null means {@link
 *     FanoutSampler#DEFAULT_FANOUTS}
 */
public record LinkSampling(LinkSamplingMode mode, List<Integer> fanouts) {

    /** The whole graph within the bound, fan-outs of 10 per layer above it. */
    public static final LinkSampling DEFAULT = new LinkSampling(LinkSamplingMode.FULL, FanoutSampler.DEFAULT_FANOUTS);

    public LinkSampling {
        mode = mode == null ? LinkSamplingMode.FULL : mode;
        fanouts = FanoutSampler.checked(fanouts == null ? FanoutSampler.DEFAULT_FANOUTS : fanouts);
    }

    /** {@link #fanouts} fitted to an encoder of {@code layers} layers. */
    public List<Integer> fanoutsFor(int layers) {
        List<Integer> fitted = new ArrayList<>(fanouts.subList(0, Math.min(layers, fanouts.size())));
        while (fitted.size() < layers) {
            fitted.add(fanouts.get(fanouts.size() - 1));
        }
        return fitted;
    }

    /**
     * The samplers of a link task on a graph: the training steps' and evaluation's.
     *
     * @param training draws each training step's computation graph
     * @param evaluation the whole graph, on which evaluation embeds every node in one pass, or any
     *     other sampler, which makes evaluation embed every node exactly layer by layer
     */
    public record Samplers(SubgraphSampler training, SubgraphSampler evaluation) {

        /** How evaluation embeds, in words (for the log). */
        public String evaluationDescription() {
            return evaluation.coversWholeGraph()
                    ? "one whole-graph pass"
                    : "every node exactly, layer by layer in bounded passes";
        }
    }

    /**
     * The link task's samplers for an encoder of {@code layers} layers on a graph the whole-graph
     * bound {@code wholeGraphAllowed} or not.
     */
    public Samplers samplers(boolean wholeGraphAllowed, int layers) {
        if (wholeGraphAllowed && mode == LinkSamplingMode.FULL) {
            SubgraphSampler whole = new FullGraphSampler();
            return new Samplers(whole, whole);
        }
        SubgraphSampler fanout = new FanoutSampler(fanoutsFor(layers));
        return new Samplers(fanout, fanout);
    }
}
