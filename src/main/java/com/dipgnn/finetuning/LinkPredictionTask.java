package com.dipgnn.finetuning;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.StepRandom;
import com.dipgnn.graph.split.LinkSplit;
import com.dipgnn.inference.NodeEmbedder;
import com.dipgnn.model.CosineScorer;
import com.dipgnn.model.GraphBatch;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.GraphOps;
import com.dipgnn.model.ScalarOps;
import com.dipgnn.ranking.Interactions;
import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.ranking.PopularityPrior;
import com.dipgnn.ranking.PopularityPriorSetting;
import com.dipgnn.ranking.PopularitySegments;
import com.dipgnn.ranking.PriorColumns;
import com.dipgnn.ranking.RankingEvaluator;
import com.dipgnn.ranking.RankingLoss;
import com.dipgnn.sampling.EdgeList;
import com.dipgnn.sampling.NegativeSampler;
import com.dipgnn.sampling.Subgraph;
import com.dipgnn.sampling.SubgraphSampler;
import com.dipgnn.store.ModelTask;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

/**
 * Link prediction (the paper's recommendation task): rank an anchor's true candidate against
 * sampled negatives of the candidate type with the trainable cosine. Training uses softmax
 * cross-entropy over each anchor's positive and a shared pool of negatives, with the batch's
 * positive edges removed from the subgraph; evaluation ranks every held-out edge against 255
 * negatives that are not edges of its anchor and reports MRR and Hits@k.
 */
public final class LinkPredictionTask implements FineTuningTask<LinkPredictionTask.Batch> {

    /**
     * A training batch.
     *
     * @param subgraph the sampled subgraph, positives removed
     * @param anchors local ids (anchor type) of each edge's anchor
     * @param candidates local ids (candidate type) of the candidate pool
     * @param positive index into {@code candidates} of each edge's positive
     * @param maskedCells the (anchor, candidate) cells, as {@code anchor * candidates.length +
     *     candidate} in increasing order, where the candidate is another known (training or structure)
     *     edge of the anchor: masked out of its softmax (held-out edges are never consulted in
     *     training). An anchor has a few such cells, so they are listed, not a dense
     *     anchors x candidates matrix (275 MB at Gowalla's 8,192 positives)
     * @param logitOffsets per candidate, added to every anchor's logit of it ({@link
     *     NegativeSampling#UNIFORM_LOGQ}: minus the log of its probability to be in the pool); null for none
     */
    public record Batch(
            Subgraph subgraph,
            int[] anchors,
            int[] candidates,
            int[] positive,
            long[] maskedCells,
            float[] logitOffsets) {}

    private static final float MASKED = -1e4f;
    private static final int EVAL_EDGES_PER_CHUNK = 256;
    private static final int EMBED_CHUNK = 1024;
    /** The K of the full-ranking metrics (the field's Recall@20 and NDCG@20). */
    private static final int FULL_RANKING_K = 20;
    /** The metric selecting checkpoints by default: MRR against the sampled negatives. */
    public static final String SAMPLED_PRIMARY = "mrr";
    /** The metric selecting checkpoints with full-ranking validation. */
    public static final String FULL_RANKING_PRIMARY = "recall@" + FULL_RANKING_K;
    /** Candidate types up to this size are fully ranked at test time (each candidate is embedded once). */
    public static final int FULL_RANKING_MAX_CANDIDATES = 200_000;

    private final LinkSplit split;
    private final HeteroGraph graph;
    private final RelationType relation;
    /** Edges the model may know of while training: the structure (validation and test edges held out). */
    private final CsrAdjacency knownEdges;

    private final SubgraphSampler sampler;
    private final int batchSize;
    private final int trainNegatives;
    private final float temperature;
    private final Map<EvalSplit, int[][]> evalNegatives = new LinkedHashMap<>();
    private final NodeEmbedder embedder;
    private final RankingLoss loss;
    private final NegativeSampling negatives;
    /** What validation full ranking leaves out for each anchor: its edges the model saw. */
    private final Interactions valExclusions;
    /** What test-time full ranking leaves out for each anchor: its edges the model saw and its validation edges. */
    private final Interactions testExclusions;
    /** Whether validation ranks every candidate and selects by Recall@20 instead of the sampled MRR. */
    private final boolean selectByFullRanking;
    /** Per candidate id, the log of its probability to be in a step's pool; null without log-Q correction. */
    private final float[] logPoolProbability;
    /** Per candidate id, log(1 + its in-degree in the training edges): the popularity prior's input. */
    private final float[] logDegree;
    /** The popularity prior evaluation ranks with; none until {@link #calibrate} sets one. */
    private PopularityPrior prior = PopularityPrior.NONE;

    /**
     * @param fullGraph the fine-tuning graph with every edge (evaluation negatives are never true edges)
     * @param split the edge split; the model sees {@code split.structure()}
     * @param sampler draws each step's subgraph
     * @param batchSize positive edges per training step
     * @param evalNegativeCount negatives per held-out edge in evaluation (the paper: 255)
     * @param trainNegatives size of the shared negative pool per training step
     * @param temperature logits are cosine / temperature
     * @param seed fixes the evaluation negatives
     */
    public LinkPredictionTask(
            HeteroGraph fullGraph,
            LinkSplit split,
            SubgraphSampler sampler,
            int batchSize,
            int evalNegativeCount,
            int trainNegatives,
            double temperature,
            long seed) {
        this(
                fullGraph,
                split,
                sampler,
                batchSize,
                evalNegativeCount,
                trainNegatives,
                temperature,
                seed,
                RankingLoss.SOFTMAX,
                NegativeSampling.UNIFORM);
    }

    /**
     * A task like {@link #LinkPredictionTask(HeteroGraph, LinkSplit, SubgraphSampler, int, int, int, double, long)}
     * trained with {@code loss} over {@code negatives}: a uniform pool of {@code trainNegatives}
     * candidates shared by the batch, or the batch's own positives (in-batch).
     */
    public LinkPredictionTask(
            HeteroGraph fullGraph,
            LinkSplit split,
            SubgraphSampler sampler,
            int batchSize,
            int evalNegativeCount,
            int trainNegatives,
            double temperature,
            long seed,
            RankingLoss loss,
            NegativeSampling negatives) {
        this(
                fullGraph,
                split,
                sampler,
                batchSize,
                evalNegativeCount,
                trainNegatives,
                temperature,
                seed,
                loss,
                negatives,
                false);
    }

    /**
     * A task like {@link #LinkPredictionTask(HeteroGraph, LinkSplit, SubgraphSampler, int, int, int, double, long,
     * RankingLoss, NegativeSampling)} that, with {@code selectByFullRanking}, also ranks every candidate
     * for each validation anchor (its training edges left out) and selects checkpoints by that
     * Recall@20 ({@link #FULL_RANKING_PRIMARY}), as recommenders are selected; it needs at most
     * {@link #FULL_RANKING_MAX_CANDIDATES} candidates ({@link #ranksFully}).
     *
     * @throws IllegalArgumentException with {@code selectByFullRanking} on more candidates than that
     */
    public LinkPredictionTask(
            HeteroGraph fullGraph,
            LinkSplit split,
            SubgraphSampler sampler,
            int batchSize,
            int evalNegativeCount,
            int trainNegatives,
            double temperature,
            long seed,
            RankingLoss loss,
            NegativeSampling negatives,
            boolean selectByFullRanking) {
        if (selectByFullRanking && !ranksFully(split.structure(), split.relation())) {
            throw new IllegalArgumentException(
                    "selection by full ranking ranks every " + split.relation().target()
                            + " node for each validation anchor; the graph has "
                            + split.structure().numNodes(split.relation().target()) + ", more than "
                            + FULL_RANKING_MAX_CANDIDATES);
        }
        if (negatives == NegativeSampling.UNIFORM_LOGQ && loss != RankingLoss.SOFTMAX) {
            throw new IllegalArgumentException("the log-Q correction (uniform-logq negatives) corrects a sampled "
                    + "softmax; use it with the softmax link loss, or uniform negatives with " + loss);
        }
        this.selectByFullRanking = selectByFullRanking;
        this.loss = loss;
        this.negatives = negatives;
        this.split = split;
        this.graph = split.structure();
        this.relation = split.relation();
        this.knownEdges = split.structure().adjacency(relation);
        this.sampler = sampler;
        this.batchSize = batchSize;
        this.trainNegatives = trainNegatives;
        this.temperature = (float) temperature;
        this.embedder = new NodeEmbedder(graph, sampler, EMBED_CHUNK);
        if (split.train().size() == 0 || split.val().size() == 0 || split.test().size() == 0) {
            throw new IllegalArgumentException("link prediction needs training, validation and test edges; got "
                    + split.train().size() + " / " + split.val().size() + " / "
                    + split.test().size());
        }
        NegativeSampler negativeSampler = new NegativeSampler(fullGraph);
        RelationType reverse = fullGraph.relationTypes().contains(relation.reverse()) ? relation.reverse() : relation;
        for (EvalSplit s : EvalSplit.values()) {
            LinkSplit.Edges edges = edges(s);
            Random rng = StepRandom.rngFor(seed, 0xA11 + s.ordinal());
            // negatives t' of the candidate type with (anchor, t') not an edge: sampled on the reverse relation
            evalNegatives.put(s, negativeSampler.sample(reverse, edges.dst(), edges.src(), evalNegativeCount, rng));
        }
        this.logPoolProbability = negatives == NegativeSampling.UNIFORM_LOGQ
                ? logPoolProbability(
                        split.train().dst(),
                        graph.numNodes(relation.target()),
                        Math.min(batchSize, split.train().size()),
                        trainNegatives)
                : null;
        this.logDegree = PopularityPrior.logDegrees(knownEdges.targetArray(), graph.numNodes(relation.target()));
        Interactions known = interactions(knownEdges);
        valExclusions = known;
        testExclusions = known.union(Interactions.of(
                known.users(), known.items(), split.val().src(), split.val().dst()));
    }

    /**
     * log Q(j) for every candidate j: the probability that a step's pool holds j, when the pool is
     * the targets of {@code batch} training pairs drawn with replacement plus {@code uniform} uniform
     * draws among {@code candidates}: Q(j) = 1 - (1 - p_j)^batch (1 - 1 / candidates)^uniform, p_j
     * the share of training pairs whose target is j.
     */
    static float[] logPoolProbability(int[] trainTargets, int candidates, int batch, int uniform) {
        int[] count = new int[candidates];
        for (int t : trainTargets) {
            count[t]++;
        }
        double missedByUniform = Math.pow(1 - 1.0 / candidates, uniform);
        float[] log = new float[candidates];
        for (int j = 0; j < candidates; j++) {
            double missedByPositives = Math.pow(1 - (double) count[j] / trainTargets.length, batch);
            log[j] = (float) Math.log(1 - missedByPositives * missedByUniform);
        }
        return log;
    }

    private LinkSplit.Edges edges(EvalSplit s) {
        return switch (s) {
            case TRAIN -> sampleOf(split.train(), 2000);
            case VAL -> split.val();
            case TEST -> split.test();
        };
    }

    private static LinkSplit.Edges sampleOf(LinkSplit.Edges edges, int max) {
        if (edges.size() <= max) {
            return edges;
        }
        int stride = edges.size() / max;
        int[] src = new int[max];
        int[] dst = new int[max];
        for (int i = 0; i < max; i++) {
            src[i] = edges.src()[i * stride];
            dst[i] = edges.dst()[i * stride];
        }
        return new LinkSplit.Edges(src, dst);
    }

    /** The graph the model sees: the fine-tuning graph without validation and test edges. */
    @Override
    public HeteroGraph modelGraph() {
        return graph;
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
    public Batch prepare(long step, Random rng) {
        LinkSplit.Edges train = split.train();
        int b = Math.min(batchSize, train.size());
        int[] anchors = new int[b];
        int[] positives = new int[b];
        for (int i = 0; i < b; i++) {
            int e = rng.nextInt(train.size());
            anchors[i] = train.src()[e];
            positives[i] = train.dst()[e];
        }
        int[] anchorSeeds = distinct(anchors);
        Set<Integer> pool = new LinkedHashSet<>();
        for (int p : positives) {
            pool.add(p);
        }
        int candidateCount = graph.numNodes(relation.target());
        for (int i = 0;
                negatives != NegativeSampling.IN_BATCH && i < trainNegatives && pool.size() < candidateCount;
                i++) {
            pool.add(rng.nextInt(candidateCount));
        }
        int[] candidateSeeds = pool.stream().mapToInt(Integer::intValue).toArray();
        Map<String, int[]> seeds = new LinkedHashMap<>();
        if (relation.source().equals(relation.target())) {
            seeds.put(relation.source(), distinct(concat(anchorSeeds, candidateSeeds)));
        } else {
            seeds.put(relation.source(), anchorSeeds);
            seeds.put(relation.target(), candidateSeeds);
        }
        Subgraph sub = withoutPositives(sampler.sample(graph, seeds, rng), anchors, positives);
        return toBatch(sub, anchors, positives, candidateSeeds);
    }

    private Batch toBatch(Subgraph sub, int[] anchors, int[] positives, int[] candidateSeeds) {
        Map<Integer, Integer> anchorLocal = localIndex(sub.nodes(relation.source()));
        Map<Integer, Integer> candidateLocal = localIndex(sub.nodes(relation.target()));
        Map<Integer, Integer> poolIndex = new HashMap<>();
        for (int i = 0; i < candidateSeeds.length; i++) {
            poolIndex.put(candidateSeeds[i], i);
        }
        int[] a = new int[anchors.length];
        int[] positive = new int[anchors.length];
        for (int i = 0; i < anchors.length; i++) {
            a[i] = anchorLocal.get(anchors[i]);
            positive[i] = poolIndex.get(positives[i]);
        }
        long[] masked = maskedCells(anchors, positive, poolIndex, candidateSeeds.length);
        int[] candidates =
                Arrays.stream(candidateSeeds).map(candidateLocal::get).toArray();
        float[] offsets = null;
        if (logPoolProbability != null) {
            offsets = new float[candidateSeeds.length];
            for (int c = 0; c < candidateSeeds.length; c++) {
                offsets[c] = -logPoolProbability[candidateSeeds[c]];
            }
        }
        return new Batch(sub, a, candidates, positive, masked, offsets);
    }

    /**
     * The cells {@code i * poolSize + c} where pool candidate {@code c} is a known edge of anchor
     * {@code i} other than its positive, sorted and distinct: found from each anchor's own known
     * edges, so the work is the anchors' degrees, not anchors x pool.
     */
    private long[] maskedCells(int[] anchors, int[] positive, Map<Integer, Integer> poolIndex, int poolSize) {
        int[] targets = knownEdges.targetArray();
        LongStream.Builder cells = LongStream.builder();
        for (int i = 0; i < anchors.length; i++) {
            for (int e = knownEdges.rowStart(anchors[i]), end = knownEdges.rowEnd(anchors[i]); e < end; e++) {
                Integer c = poolIndex.get(targets[e]);
                if (c != null && c != positive[i]) {
                    cells.add((long) i * poolSize + c);
                }
            }
        }
        return cells.build().sorted().distinct().toArray();
    }

    private Subgraph withoutPositives(Subgraph sub, int[] anchors, int[] positives) {
        Map<Integer, Integer> anchorLocal = localIndex(sub.nodes(relation.source()));
        Map<Integer, Integer> candidateLocal = localIndex(sub.nodes(relation.target()));
        Set<Long> removed = new HashSet<>();
        for (int i = 0; i < anchors.length; i++) {
            removed.add(pair(anchorLocal.get(anchors[i]), candidateLocal.get(positives[i])));
        }
        Map<RelationType, EdgeList> replaced = new LinkedHashMap<>();
        replaced.put(relation, filter(sub.edges(relation), removed, false));
        RelationType reverse = relation.reverse();
        if (sub.edgeMap().containsKey(reverse)) {
            replaced.put(reverse, filter(sub.edges(reverse), removed, true));
        } else if (relation.source().equals(relation.target())) {
            replaced.put(relation, filter(replaced.get(relation), removed, true));
        }
        return sub.withEdges(replaced);
    }

    private static EdgeList filter(EdgeList edges, Set<Long> removed, boolean reversed) {
        int kept = 0;
        int[] src = new int[edges.size()];
        int[] dst = new int[edges.size()];
        for (int e = 0; e < edges.size(); e++) {
            long key = reversed ? pair(edges.dst()[e], edges.src()[e]) : pair(edges.src()[e], edges.dst()[e]);
            if (!removed.contains(key)) {
                src[kept] = edges.src()[e];
                dst[kept] = edges.dst()[e];
                kept++;
            }
        }
        return new EdgeList(Arrays.copyOf(src, kept), Arrays.copyOf(dst, kept));
    }

    @Override
    public NDArray loss(GraphEncoder encoder, GraphModule head, Batch batch, NDManager scope) {
        GraphBatch graphBatch = new GraphBatch(scope, graph, batch.subgraph());
        Map<String, NDArray> embeddings = encoder.forward(graphBatch, true);
        NDArray anchors = pick(embeddings.get(relation.source()), batch.anchors(), scope);
        NDArray candidates = pick(embeddings.get(relation.target()), batch.candidates(), scope);
        int b = batch.anchors().length;
        int c = batch.candidates().length;
        NDArray scores = ((CosineScorer) head).scoreAll(candidates, anchors); // (anchors, candidates), one product
        NDArray mask = mask(batch.maskedCells(), b, c, scope);
        NDArray logits = ScalarOps.div(scores, temperature);
        if (batch.logitOffsets() != null) {
            logits = logits.add(scope.create(batch.logitOffsets(), new Shape(1, c)));
        }
        if (loss == RankingLoss.BPR) {
            NDArray positive = GraphOps.index(scope, batch.positive()).oneHot(c);
            return bpr(logits, positive, mask, b * (long) c - batch.maskedCells().length - b, scope);
        }
        return softmaxLoss(logits, mask, batch.positive(), scope);
    }

    /**
     * The sampled softmax cross-entropy: the mean over anchors of minus the log-probability of each
     * anchor's positive among its candidates, masked cells left out of the normalisation. Picks
     * each row's positive by index instead of multiplying by a (b, c) one-hot.
     *
     * @param logits (b, c)
     * @param mask (b, c): 0, or {@link #MASKED} where a candidate is left out
     * @param positive each anchor's positive column
     */
    static NDArray softmaxLoss(NDArray logits, NDArray mask, int[] positive, NDManager scope) {
        NDArray columns = GraphOps.index(scope, positive, new Shape(positive.length, 1));
        return logits.add(mask).logSoftmax(1).gather(columns, 1).neg().mean();
    }

    /** The (b, c) softmax mask: {@link #MASKED} at {@code cells} (linear, row-major), 0 elsewhere. */
    static NDArray mask(long[] cells, int b, int c, NDManager scope) {
        NDArray zeros = scope.zeros(new Shape((long) b * c));
        if (cells.length == 0) {
            return zeros.reshape(b, c);
        }
        return zeros.put(scope.create(cells), scope.full(new Shape(cells.length), MASKED))
                .reshape(b, c);
    }

    /**
     * BPR over every (positive, negative) pair of each anchor: the mean of
     * {@code softplus((s(a, n) - s(a, p)) / τ)} over the pool's candidates that are neither the
     * anchor's positive nor another known edge of it.
     *
     * @param mask the (b, c) softmax mask: 0 where a candidate may be a negative or is the positive
     * @param pairs how many (anchor, negative) pairs that leaves: b x c less the masked cells and the positives
     */
    static NDArray bpr(NDArray logits, NDArray positive, NDArray mask, long pairs, NDManager scope) {
        NDArray positiveLogit = logits.mul(positive).sum(new int[] {1}, true);
        if (pairs <= 0) {
            return ScalarOps.mul(logits.sum(), 0);
        }
        NDArray negative = mask.eq(0).toType(DataType.FLOAT32, false).sub(positive);
        return ScalarOps.div(
                ScalarOps.softplus(logits.sub(positiveLogit)).mul(negative).sum(), pairs);
    }

    private static NDArray pick(NDArray embeddings, int[] rows, NDManager scope) {
        long[] index = new long[rows.length];
        for (int i = 0; i < rows.length; i++) {
            index[i] = rows[i];
        }
        return embeddings.get(scope.create(index));
    }

    @Override
    public Map<String, Double> evaluate(GraphEncoder encoder, GraphModule head, EvalSplit s, NDManager scope) {
        return evaluate(encoder, head, s, scope, List.of(prior.beta())).get(0);
    }

    /**
     * Chooses the popularity prior as {@code setting} says ({@link PopularityPriorSetting#AUTO}: the
     * best of its weights by this task's primary validation metric, the encoder embedding once), and
     * ranks with it from then on.
     */
    @Override
    public Optional<PopularityPrior> calibrate(
            GraphEncoder encoder, GraphModule head, PopularityPriorSetting setting, NDManager scope) {
        if (!setting.auto()) {
            prior = setting.fixed();
            return Optional.of(prior);
        }
        List<Map<String, Double>> val = evaluate(encoder, head, EvalSplit.VAL, scope, setting.candidates());
        prior = setting.choose(
                primaryMetric(), val.stream().map(m -> m.get(primaryMetric())).toList());
        return Optional.of(prior);
    }

    /**
     * The metrics of split {@code s} with each popularity prior weight of {@code betas}, in order:
     * the nodes are embedded once, and each candidate's score is the head's cosine plus
     * beta * log(1 + its training in-degree).
     */
    private List<Map<String, Double>> evaluate(
            GraphEncoder encoder, GraphModule head, EvalSplit s, NDManager scope, List<Double> betas) {
        LinkSplit.Edges edges = edges(s);
        int[][] negatives = evalNegatives.get(s);
        int perEdge = 1 + negatives[0].length;
        int[] candidateIds = new int[edges.size() * perEdge];
        for (int i = 0; i < edges.size(); i++) {
            candidateIds[i * perEdge] = edges.dst()[i];
            System.arraycopy(negatives[i], 0, candidateIds, i * perEdge + 1, perEdge - 1);
        }
        Interactions fullExclusions = s == EvalSplit.TEST && ranksFully(graph, relation)
                ? testExclusions
                : s == EvalSplit.VAL && selectByFullRanking ? valExclusions : null;
        Map<String, NodeEmbedder.Table> everyCandidate = fullExclusions == null
                ? null
                : embedder.embed(encoder, fullRankingNodes(edges), scope, 0xF011 + EvalSplit.TEST.ordinal());
        Map<String, NodeEmbedder.Table> tables;
        if (everyCandidate != null && sampler.coversWholeGraph()) {
            tables = everyCandidate; // the same whole-graph pass: every node already embedded
        } else {
            Map<String, int[]> needed = new LinkedHashMap<>();
            needed.put(relation.source(), edges.src());
            needed.merge(relation.target(), candidateIds, LinkPredictionTask::concat);
            tables = embedder.embed(encoder, needed, scope, s.ordinal());
        }
        List<RankingMetrics> metrics =
                betas.stream().map(b -> new RankingMetrics()).toList();
        float[] withPrior = new float[perEdge];
        for (int from = 0; from < edges.size(); from += EVAL_EDGES_PER_CHUNK) {
            int to = Math.min(edges.size(), from + EVAL_EDGES_PER_CHUNK);
            try (NDManager chunk = scope.newSubManager()) {
                NDArray a = tables.get(relation.source()).rows(chunk, Arrays.copyOfRange(edges.src(), from, to));
                NDArray c = tables.get(relation.target())
                        .rows(chunk, Arrays.copyOfRange(candidateIds, from * perEdge, to * perEdge))
                        .reshape(to - from, perEdge, -1);
                float[] scores = ((CosineScorer) head).score(c, a.expandDims(1)).toFloatArray();
                for (int b = 0; b < betas.size(); b++) {
                    float beta = betas.get(b).floatValue();
                    for (int i = 0; i < to - from; i++) {
                        for (int j = 0; j < perEdge; j++) {
                            int at = i * perEdge + j;
                            withPrior[j] = scores[at] + beta * logDegree[candidateIds[from * perEdge + at]];
                        }
                        metrics.get(b).add(withPrior[0], Arrays.copyOfRange(withPrior, 1, perEdge));
                    }
                }
            }
        }
        List<Map<String, Double>> out = new ArrayList<>();
        for (int b = 0; b < betas.size(); b++) {
            Map<String, Double> m = new LinkedHashMap<>();
            m.put("mrr", metrics.get(b).mrr());
            m.put("hits@1", metrics.get(b).hitsAt1());
            m.put("hits@10", metrics.get(b).hitsAt10());
            out.add(m);
        }
        if (fullExclusions != null) {
            List<Map<String, Double>> full =
                    fullRanking(everyCandidate, (CosineScorer) head, edges, fullExclusions, scope, betas);
            for (int b = 0; b < betas.size(); b++) {
                out.get(b).putAll(full.get(b));
            }
        }
        return out;
    }

    /**
     * The LightGCN protocol on the held-out edges: every candidate node is ranked for each anchor,
     * except its edges the model was trained on (and validation edges, for test); Recall@20 and
     * NDCG@20, plus the leave-one-out HR@10 / NDCG@10 against 100 negatives when each anchor holds
     * out one edge, and Recall@20 over the short head's and the long tail's held-out edges
     * ({@link PopularitySegments} of the excluded edges' in-degrees: the training edges, and the
     * validation edges for test). Scores are the head's cosine d(c, a): the dot product of unit(W c) and unit(a),
     * plus each weight of {@code betas} times log(1 + the candidate's training in-degree); one map per weight.
     *
     * @param exclusions what is left out of each anchor's ranking besides nothing held out
     */
    private List<Map<String, Double>> fullRanking(
            Map<String, NodeEmbedder.Table> tables,
            CosineScorer head,
            LinkSplit.Edges edges,
            Interactions exclusions,
            NDManager scope,
            List<Double> betas) {
        int[] anchors = Arrays.stream(edges.src()).distinct().sorted().toArray();
        int[] candidates = IntStream.range(0, graph.numNodes(relation.target())).toArray();
        float eps = CosineScorer.normEpsilon();
        NDArray queries = ScalarOps.unitRows(tables.get(relation.source()).rows(scope, anchors), eps);
        NDArray items = ScalarOps.unitRows(
                head.transform().forward(tables.get(relation.target()).rows(scope, candidates)), eps);
        Interactions heldOut = localUsers(anchors, edges.src(), edges.dst(), candidates.length);
        Interactions excluded = localUsers(anchors, exclusions, candidates.length);
        Interactions interacted = localUsers(
                anchors,
                exclusions.union(Interactions.of(exclusions.users(), candidates.length, edges.src(), edges.dst())),
                candidates.length);
        RankingEvaluator evaluator = new RankingEvaluator(FULL_RANKING_K, 100, 0xF011);
        PopularitySegments segments = PopularitySegments.of(exclusions.itemDegrees());
        NDArray itemsWithPrior = PriorColumns.candidates(items, logDegree, scope);
        List<Map<String, Double>> out = new ArrayList<>();
        for (double beta : betas) {
            // cosine + beta * log-degree as one inner product: [unit(a), beta] . [unit(W c), log(1 + d_c)]
            Map<String, Double> all = beta == 0
                    ? evaluator.evaluate(queries, items, heldOut, excluded, interacted, segments)
                    : evaluator.evaluate(
                            PriorColumns.queries(queries, beta, scope),
                            itemsWithPrior,
                            heldOut,
                            excluded,
                            interacted,
                            segments);
            Map<String, Double> m = new LinkedHashMap<>();
            m.put("recall@" + FULL_RANKING_K, all.get("recall@" + FULL_RANKING_K));
            m.put("ndcg@" + FULL_RANKING_K, all.get("ndcg@" + FULL_RANKING_K));
            all.forEach((name, value) -> {
                if (name.endsWith("_loo")
                        || name.equals(RankingEvaluator.headKey(FULL_RANKING_K))
                        || name.equals(RankingEvaluator.tailKey(FULL_RANKING_K))) {
                    m.put(name, value);
                }
            });
            out.add(m);
        }
        return out;
    }

    /** What full ranking embeds: the held-out edges' distinct anchors and every candidate node. */
    private Map<String, int[]> fullRankingNodes(LinkSplit.Edges edges) {
        Map<String, int[]> needed = new LinkedHashMap<>();
        needed.put(
                relation.source(),
                Arrays.stream(edges.src()).distinct().sorted().toArray());
        needed.merge(
                relation.target(),
                IntStream.range(0, graph.numNodes(relation.target())).toArray(),
                LinkPredictionTask::concat);
        return needed;
    }

    /** Pairs whose anchors are renumbered by their position in the sorted {@code anchors}; others dropped. */
    private static Interactions localUsers(int[] anchors, int[] src, int[] dst, int items) {
        int[] s = new int[src.length];
        int[] d = new int[src.length];
        int n = 0;
        for (int e = 0; e < src.length; e++) {
            int local = Arrays.binarySearch(anchors, src[e]);
            if (local >= 0) {
                s[n] = local;
                d[n++] = dst[e];
            }
        }
        return Interactions.of(anchors.length, items, Arrays.copyOf(s, n), Arrays.copyOf(d, n));
    }

    private static Interactions localUsers(int[] anchors, Interactions pairs, int items) {
        return localUsers(anchors, pairs.userColumn(), pairs.itemColumn(), items);
    }

    private static Interactions interactions(CsrAdjacency adjacency) {
        int[] src = new int[adjacency.numEdges()];
        for (int s = 0; s < adjacency.numSources(); s++) {
            Arrays.fill(src, adjacency.rowStart(s), adjacency.rowEnd(s), s);
        }
        return Interactions.of(adjacency.numSources(), adjacency.numTargets(), src, adjacency.targetArray());
    }

    private static Map<Integer, Integer> localIndex(int[] ids) {
        Map<Integer, Integer> index = new HashMap<>(ids.length * 2);
        for (int i = 0; i < ids.length; i++) {
            index.put(ids[i], i);
        }
        return index;
    }

    private static int[] distinct(int[] ids) {
        return Arrays.stream(ids).distinct().toArray();
    }

    private static int[] concat(int[] a, int[] b) {
        int[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static long pair(int s, int t) {
        return ((long) s << 32) | (t & 0xffffffffL);
    }

    @Override
    public String primaryMetric() {
        return selectByFullRanking ? FULL_RANKING_PRIMARY : SAMPLED_PRIMARY;
    }

    /** Whether every {@code relation.target()} node of {@code graph} can be ranked for each anchor. */
    public static boolean ranksFully(HeteroGraph graph, RelationType relation) {
        return graph.numNodes(relation.target()) <= FULL_RANKING_MAX_CANDIDATES;
    }

    @Override
    public int size(EvalSplit s) {
        return edges(s).size();
    }

    @Override
    public ModelTask.LinkPrediction describe() {
        return new ModelTask.LinkPrediction(
                relation.key(),
                evalNegatives.get(EvalSplit.TEST)[0].length,
                negatives == NegativeSampling.IN_BATCH ? 0 : trainNegatives,
                loss,
                negatives,
                temperature,
                split.train().size(),
                split.val().size(),
                split.test().size());
    }
}
