package com.dipgnn.training;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.model.CosineScorer;
import com.dipgnn.model.GraphBatch;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.ScalarOps;
import com.dipgnn.sampling.EdgeList;
import com.dipgnn.sampling.NegativeSampler;
import com.dipgnn.sampling.StepRandom;
import com.dipgnn.sampling.Subgraph;
import com.dipgnn.sampling.SubgraphSampler;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;

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
     * @param mask 0, or a large negative number where a candidate is another known (training or
     *     structure) edge of the anchor; held-out edges are never consulted in training
     */
    public record Batch(Subgraph subgraph, int[] anchors, int[] candidates, int[] positive, float[] mask) {
    }

    private static final float MASKED = -1e4f;
    private static final int EVAL_EDGES_PER_CHUNK = 256;
    private static final int EMBED_CHUNK = 1024;

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
    public LinkPredictionTask(HeteroGraph fullGraph, LinkSplit split, SubgraphSampler sampler, int batchSize,
                              int evalNegativeCount, int trainNegatives, double temperature, long seed) {
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
                    + split.train().size() + " / " + split.val().size() + " / " + split.test().size());
        }
        NegativeSampler negatives = new NegativeSampler(fullGraph);
        RelationType reverse = fullGraph.relationTypes().contains(relation.reverse()) ? relation.reverse() : relation;
        for (EvalSplit s : EvalSplit.values()) {
            LinkSplit.Edges edges = edges(s);
            Random rng = StepRandom.rngFor(seed, 0xA11 + s.ordinal());
            // negatives t' of the candidate type with (anchor, t') not an edge: sampled on the reverse relation
            evalNegatives.put(s, negatives.sample(reverse, edges.dst(), edges.src(), evalNegativeCount, rng));
        }
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
        for (int i = 0; i < trainNegatives && pool.size() < candidateCount; i++) {
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
        Map<Integer, Integer> poolIndex = new java.util.HashMap<>();
        for (int i = 0; i < candidateSeeds.length; i++) {
            poolIndex.put(candidateSeeds[i], i);
        }
        int[] a = new int[anchors.length];
        int[] positive = new int[anchors.length];
        float[] mask = new float[anchors.length * candidateSeeds.length];
        for (int i = 0; i < anchors.length; i++) {
            a[i] = anchorLocal.get(anchors[i]);
            positive[i] = poolIndex.get(positives[i]);
            for (int c = 0; c < candidateSeeds.length; c++) {
                if (c != positive[i] && knownEdges.hasEdge(anchors[i], candidateSeeds[c])) {
                    mask[i * candidateSeeds.length + c] = MASKED;
                }
            }
        }
        int[] candidates = Arrays.stream(candidateSeeds).map(candidateLocal::get).toArray();
        return new Batch(sub, a, candidates, positive, mask);
    }

    private Subgraph withoutPositives(Subgraph sub, int[] anchors, int[] positives) {
        Map<Integer, Integer> anchorLocal = localIndex(sub.nodes(relation.source()));
        Map<Integer, Integer> candidateLocal = localIndex(sub.nodes(relation.target()));
        Set<Long> removed = new java.util.HashSet<>();
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
        NDArray scores = ((CosineScorer) head).score(candidates.expandDims(0), anchors.expandDims(1));
        NDArray logits = ScalarOps.div(scores, temperature).add(scope.create(batch.mask(), new Shape(b, c)));
        float[] targets = new float[b * c];
        for (int i = 0; i < b; i++) {
            targets[i * c + batch.positive()[i]] = 1f;
        }
        return logits.logSoftmax(1).mul(scope.create(targets, new Shape(b, c))).sum(new int[] {1}).neg().mean();
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
        LinkSplit.Edges edges = edges(s);
        int[][] negatives = evalNegatives.get(s);
        int perEdge = 1 + negatives[0].length;
        int[] candidateIds = new int[edges.size() * perEdge];
        for (int i = 0; i < edges.size(); i++) {
            candidateIds[i * perEdge] = edges.dst()[i];
            System.arraycopy(negatives[i], 0, candidateIds, i * perEdge + 1, perEdge - 1);
        }
        Map<String, int[]> needed = new LinkedHashMap<>();
        needed.put(relation.source(), edges.src());
        needed.merge(relation.target(), candidateIds, LinkPredictionTask::concat);
        Map<String, NodeEmbedder.Table> tables = embedder.embed(encoder, needed, scope, s.ordinal());
        RankingMetrics metrics = new RankingMetrics();
        for (int from = 0; from < edges.size(); from += EVAL_EDGES_PER_CHUNK) {
            int to = Math.min(edges.size(), from + EVAL_EDGES_PER_CHUNK);
            try (NDManager chunk = scope.newSubManager()) {
                NDArray a = tables.get(relation.source()).rows(chunk, Arrays.copyOfRange(edges.src(), from, to));
                NDArray c = tables.get(relation.target())
                        .rows(chunk, Arrays.copyOfRange(candidateIds, from * perEdge, to * perEdge))
                        .reshape(to - from, perEdge, -1);
                float[] scores = ((CosineScorer) head).score(c, a.expandDims(1)).toFloatArray();
                for (int i = 0; i < to - from; i++) {
                    metrics.add(scores[i * perEdge], Arrays.copyOfRange(scores, i * perEdge + 1, (i + 1) * perEdge));
                }
            }
        }
        Map<String, Double> out = new LinkedHashMap<>();
        out.put("mrr", metrics.mrr());
        out.put("hits@1", metrics.hitsAt1());
        out.put("hits@10", metrics.hitsAt10());
        return out;
    }

    private static Map<Integer, Integer> localIndex(int[] ids) {
        Map<Integer, Integer> index = new java.util.HashMap<>(ids.length * 2);
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
        return "mrr";
    }

    @Override
    public int size(EvalSplit s) {
        return edges(s).size();
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("task", kind().shortName());
        d.put("relation", relation.key());
        d.put("eval_negatives", evalNegatives.get(EvalSplit.TEST)[0].length);
        d.put("train_negatives", trainNegatives);
        d.put("temperature", temperature);
        d.put("train_edges", split.train().size());
        d.put("val_edges", split.val().size());
        d.put("test_edges", split.test().size());
        return d;
    }
}
