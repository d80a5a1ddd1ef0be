package com.dipgnn.finetuning;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.split.LinkSplit;
import com.dipgnn.model.CosineScorer;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.ranking.PopularityPrior;
import com.dipgnn.ranking.PopularityPriorSetting;
import com.dipgnn.ranking.UserSample;
import com.dipgnn.sampling.SubgraphSampler;
import com.dipgnn.store.ModelTask;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * Link prediction (the paper's recommendation task): rank an anchor's true candidate against
 * sampled negatives of the candidate type with the trainable cosine. Training uses softmax
 * cross-entropy over each anchor's positive and a shared pool of negatives, with the batch's
 * positive edges removed from the subgraph; evaluation ranks every held-out edge against 255
 * negatives that are not edges of its anchor and reports MRR and Hits@k.
 *
 * <p>The task ties four parts together, each testable alone (as GraphStorm splits its dataloader,
 * decoder, evaluator and trainer): {@link LinkBatchSampler} draws the batches, {@link LinkLoss}
 * scores them, {@link LinkEvaluator} ranks the held-out edges, and {@link LinkPriorCalibration}
 * keeps the popularity prior evaluation ranks with.
 */
public final class LinkPredictionTask implements FineTuningTask<LinkBatch> {

    /** The metric selecting checkpoints by default: MRR against the sampled negatives. */
    public static final String SAMPLED_PRIMARY = LinkEvaluator.SAMPLED_PRIMARY;
    /** The metric selecting checkpoints with full-ranking validation. */
    public static final String FULL_RANKING_PRIMARY = LinkEvaluator.FULL_RANKING_PRIMARY;
    /** Candidate types up to this size are fully ranked at test time (each candidate is embedded once). */
    public static final int FULL_RANKING_MAX_CANDIDATES = LinkFullRanking.MAX_CANDIDATES;

    private final LinkSplit split;
    private final RelationType relation;
    private final LinkTaskConfig config;
    private final LinkBatchSampler batches;
    private final LinkLoss loss;
    private final LinkEvaluator evaluator;
    private final LinkPriorCalibration prior = new LinkPriorCalibration();

    /**
     * @param fullGraph the fine-tuning graph with every edge (evaluation negatives are never true edges)
     * @param split the edge split; the model sees {@code split.structure()}
     * @param sampler draws each step's subgraph, and the subgraphs nodes are embedded on for evaluation
     * @throws IllegalArgumentException without training, validation or test edges, or, selecting by
     *     full ranking, on more than {@link #FULL_RANKING_MAX_CANDIDATES} candidates ({@link #ranksFully})
     */
    public LinkPredictionTask(HeteroGraph fullGraph, LinkSplit split, SubgraphSampler sampler, LinkTaskConfig config) {
        this(fullGraph, split, new LinkSampling.Samplers(sampler, sampler), config);
    }

    /**
     * A task whose training steps and evaluation sample differently (fan-out neighbourhoods to
     * train, the whole graph to evaluate).
     *
     * @param samplers draw each training step's subgraph, and the subgraphs evaluation embeds on
     */
    public LinkPredictionTask(
            HeteroGraph fullGraph, LinkSplit split, LinkSampling.Samplers samplers, LinkTaskConfig config) {
        if (config.selectByFullRanking() && !ranksFully(split.structure(), split.relation())) {
            throw new IllegalArgumentException(
                    "selection by full ranking ranks every " + split.relation().target()
                            + " node for each validation anchor; the graph has "
                            + split.structure().numNodes(split.relation().target()) + ", more than "
                            + FULL_RANKING_MAX_CANDIDATES);
        }
        if (split.train().size() == 0 || split.val().size() == 0 || split.test().size() == 0) {
            throw new IllegalArgumentException("link prediction needs training, validation and test edges; got "
                    + split.train().size() + " / " + split.val().size() + " / "
                    + split.test().size());
        }
        this.split = split;
        this.relation = split.relation();
        this.config = config;
        this.batches = new LinkBatchSampler(split, samplers.training(), config);
        this.loss = new LinkLoss(split.structure(), relation, config);
        this.evaluator = new LinkEvaluator(fullGraph, split, samplers.evaluation(), config);
    }

    /** Whether every {@code relation.target()} node of {@code graph} can be ranked for each anchor. */
    public static boolean ranksFully(HeteroGraph graph, RelationType relation) {
        return LinkFullRanking.ranksFully(graph, relation);
    }

    /** The edge split the task trains and evaluates on. */
    public LinkSplit split() {
        return split;
    }

    /** The graph the model sees: the fine-tuning graph without validation and test edges. */
    @Override
    public HeteroGraph modelGraph() {
        return split.structure();
    }

    @Override
    public TaskKind kind() {
        return TaskKind.LINK_PREDICTION;
    }

    @Override
    public GraphModule createHead(int hidden) {
        return new CosineScorer(hidden);
    }

    @Override
    public LinkBatch prepare(long step, Random rng) {
        return batches.prepare(rng);
    }

    @Override
    public NDArray loss(GraphEncoder encoder, GraphModule head, LinkBatch batch, NDManager scope) {
        return loss.loss(encoder, head, batch, scope);
    }

    @Override
    public Map<String, Double> evaluate(GraphEncoder encoder, GraphModule head, EvalSplit s, NDManager scope) {
        return evaluator
                .evaluate(encoder, head, s, scope, List.of(prior.current().beta()), UserSample.MAX_RANKED_SCORES)
                .get(0);
    }

    /**
     * Chooses the popularity prior as {@code setting} says ({@link PopularityPriorSetting#AUTO}: the
     * best of its weights by this task's primary validation metric, the encoder embedding once), and
     * ranks with it from then on.
     */
    @Override
    public Optional<PopularityPrior> calibrate(
            GraphEncoder encoder, GraphModule head, PopularityPriorSetting setting, NDManager scope) {
        return Optional.of(prior.calibrate(
                setting,
                primaryMetric(),
                betas -> evaluator.evaluate(
                        encoder, head, EvalSplit.VAL, scope, betas, UserSample.MAX_CALIBRATION_SCORES)));
    }

    @Override
    public String primaryMetric() {
        return evaluator.primaryMetric();
    }

    @Override
    public int size(EvalSplit s) {
        return evaluator.edges(s).size();
    }

    @Override
    public ModelTask.LinkPrediction describe() {
        return new ModelTask.LinkPrediction(
                relation.key(),
                evaluator.negativesPerEdge(),
                config.negatives() == NegativeSampling.IN_BATCH ? 0 : config.trainNegatives(),
                config.loss(),
                config.negatives(),
                config.temperature(),
                split.train().size(),
                split.val().size(),
                split.test().size());
    }
}
