package com.dipgnn.finetuning;

import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.split.LinkSplit;
import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.sampling.EdgeList;
import com.dipgnn.sampling.Subgraph;
import com.dipgnn.sampling.SubgraphSampler;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.LongStream;

/**
 * Draws the link task's training batches (host work, run ahead on worker threads): a step's
 * anchors and positives among the training edges, the candidate pool (the positives, plus uniform
 * negatives unless in-batch), the subgraph around them with the batch's positive edges removed,
 * the cells to mask (the anchors' other known edges among the pool) and, with the log-Q
 * correction, each candidate's logit offset.
 */
final class LinkBatchSampler {

    private final LinkSplit split;
    private final HeteroGraph graph;
    private final RelationType relation;
    /** Edges the model may know of while training: the structure (validation and test edges held out). */
    private final CsrAdjacency knownEdges;

    private final SubgraphSampler sampler;
    private final int batchSize;
    private final int trainNegatives;
    private final NegativeSampling negatives;
    /** The log-Q correction of the pool; null without one. */
    private final LogQCorrection logQ;

    /**
     * @param split the edge split; batches are drawn from {@code split.train()} on {@code split.structure()}
     * @param sampler draws each step's subgraph
     */
    LinkBatchSampler(LinkSplit split, SubgraphSampler sampler, LinkTaskConfig config) {
        this.split = split;
        this.graph = split.structure();
        this.relation = split.relation();
        this.knownEdges = graph.adjacency(relation);
        this.sampler = sampler;
        this.batchSize = config.batchSize();
        this.trainNegatives = config.trainNegatives();
        this.negatives = config.negatives();
        this.logQ = negatives == NegativeSampling.UNIFORM_LOGQ
                ? LogQCorrection.forPools(
                        split.train().dst(),
                        graph.numNodes(relation.target()),
                        Math.min(batchSize, split.train().size()),
                        trainNegatives)
                : null;
    }

    /** The batch of a training step, every random draw taken from {@code rng}. */
    LinkBatch prepare(Random rng) {
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

    private LinkBatch toBatch(Subgraph sub, int[] anchors, int[] positives, int[] candidateSeeds) {
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
        float[] offsets = logQ == null ? null : logQ.offsets(candidateSeeds);
        return new LinkBatch(sub, a, candidates, positive, masked, offsets);
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
}
