package com.dipgnn.sampling;

import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;

/**
 * HGSampling, the heterogeneous mini-batch sampler of GPT-GNN (Hu et al. 2020, Algorithm 1).
 *
 * <p>A budget of candidate nodes is kept per node type. When a node is sampled, every relation
 * leaving its type adds {@code 1 / k} to the budget of each not-yet-sampled neighbour, where
 * {@code k} is its number of neighbours in that relation (at most {@code width}: the neighbours of
 * a higher-degree node are first subsampled uniformly to {@code width}, as GPT-GNN does). Then, for
 * {@code depth} iterations, each node type in graph order with a non-empty budget draws
 * {@code width} nodes (all when fewer) without replacement with probability
 * {@code budget[t]^2 / sum budget^2}; the drawn nodes leave the budget, join the sampled set and
 * add their neighbours to the budget right away (so a later type of the same iteration can
 * already draw them, as in the paper). The result is the subgraph induced by all sampled nodes:
 * per type the seeds first in the order given, then the drawn nodes in the order drawn.
 *
 * <p>Work and memory per call are proportional to the sampled neighbourhood, never to the graph.
 * Thread-safe: it keeps no state between calls.
 */
public final class HgSampler implements NodeSetSampler {

    private final SamplingConfig config;

    public HgSampler(SamplingConfig config) {
        this.config = Objects.requireNonNull(config, "config");
    }

    @Override
    public SamplingConfig config() {
        return config;
    }

    /** The sampled nodes per node type (graph order), seeds first; no edges. */
    @Override
    public Map<String, int[]> sampleNodes(HeteroGraph graph, Map<String, int[]> seeds, Random rng) {
        SeedCheck.requireKnownTypes(graph, seeds);
        Run run = new Run(graph, rng);
        run.start(seeds);
        for (int layer = 0; layer < config.depth(); layer++) {
            for (int type = 0; type < run.types.size(); type++) {
                run.drawLayer(type);
            }
        }
        return run.result();
    }

    /** The state of one sampling call. */
    private final class Run {
        private final HeteroGraph graph;
        private final Random rng;
        private final List<String> types;
        private final OutRelation[][] outRelations;
        private final IntOrderedSet[] sampled;
        private final IntDoubleMap[] budget;
        private final IntOrderedSet picks = new IntOrderedSet(config.width());

        Run(HeteroGraph graph, Random rng) {
            this.graph = graph;
            this.rng = rng;
            this.types = graph.nodeTypes();
            this.outRelations = new OutRelation[types.size()][];
            this.sampled = new IntOrderedSet[types.size()];
            this.budget = new IntDoubleMap[types.size()];
            for (int t = 0; t < types.size(); t++) {
                List<RelationType> out = graph.relationsFrom(types.get(t));
                outRelations[t] = new OutRelation[out.size()];
                for (int i = 0; i < out.size(); i++) {
                    RelationType r = out.get(i);
                    outRelations[t][i] = new OutRelation(graph.adjacency(r), types.indexOf(r.target()));
                }
                sampled[t] = new IntOrderedSet();
                budget[t] = new IntDoubleMap();
            }
        }

        void start(Map<String, int[]> seeds) {
            for (Map.Entry<String, int[]> e : seeds.entrySet()) {
                sampled[types.indexOf(e.getKey())] = SeedCheck.startWith(graph, e.getKey(), e.getValue());
            }
            for (int t = 0; t < types.size(); t++) {
                for (int i = 0; i < sampled[t].size(); i++) {
                    addToBudget(t, sampled[t].get(i));
                }
            }
        }

        void drawLayer(int type) {
            IntDoubleMap candidates = budget[type];
            if (candidates.isEmpty()) {
                return;
            }
            int[] nodes = candidates.keys();
            double[] scores = candidates.values();
            for (int i = 0; i < scores.length; i++) {
                scores[i] *= scores[i];
            }
            int[] drawn = WeightedDraw.withoutReplacement(scores, config.width(), rng);
            for (int index : drawn) {
                sampled[type].add(nodes[index]);
                candidates.remove(nodes[index]);
            }
            for (int index : drawn) {
                addToBudget(type, nodes[index]);
            }
        }

        private void addToBudget(int type, int node) {
            for (OutRelation out : outRelations[type]) {
                int degree = out.adjacency.degree(node);
                if (degree == 0) {
                    continue;
                }
                int[] targets = out.adjacency.targetArray();
                int start = out.adjacency.rowStart(node);
                IntOrderedSet done = sampled[out.targetType];
                IntDoubleMap into = budget[out.targetType];
                if (degree <= config.width()) {
                    double share = 1.0 / degree;
                    for (int e = start; e < start + degree; e++) {
                        if (!done.contains(targets[e])) {
                            into.add(targets[e], share);
                        }
                    }
                } else {
                    subsample(degree, config.width());
                    double share = 1.0 / picks.size();
                    for (int i = 0; i < picks.size(); i++) {
                        int neighbour = targets[start + picks.get(i)];
                        if (!done.contains(neighbour)) {
                            into.add(neighbour, share);
                        }
                    }
                }
            }
        }

        /** Fills {@link #picks} with {@code k} distinct offsets of {@code 0..n-1} (Floyd's algorithm). */
        private void subsample(int n, int k) {
            picks.clear();
            for (int j = n - k; j < n; j++) {
                int candidate = rng.nextInt(j + 1);
                if (!picks.add(candidate)) {
                    picks.add(j);
                }
            }
        }

        Map<String, int[]> result() {
            Map<String, int[]> nodes = new LinkedHashMap<>();
            for (int t = 0; t < types.size(); t++) {
                nodes.put(types.get(t), sampled[t].toArray());
            }
            return nodes;
        }
    }

    /** A relation leaving a node type: its adjacency and the index of its target type. */
    private record OutRelation(CsrAdjacency adjacency, int targetType) {}

    @Override
    public String toString() {
        return "HgSampler[depth=" + config.depth() + ", width=" + config.width() + "]";
    }
}
