package com.dipgnn.pretraining;

import com.dipgnn.graph.DenseFeatures;
import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.sampling.EdgeList;
import com.dipgnn.sampling.Subgraph;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A hand-made graph and pre-training batches for the objective tests: 4 users (3 features) and
 * 5 items (2 features), a directed relation {@code user likes item} (with its reverse) and an
 * undirected ring {@code item near item}. The subgraph is the whole graph, so local ids are the
 * global ids.
 */
final class TinyPretrainGraph {

    static final RelationType LIKES = new RelationType("user", "likes", "item");
    static final RelationType NEAR = new RelationType("item", "near", "item");
    static final int USERS = 4;
    static final int ITEMS = 5;
    /** Pairs before masking: 8 likes + 5 near. */
    static final long TOTAL_PAIRS = 13;
    /** Masked pairs: (u0, i1), (u2, i3) of likes and (i3, i2) of near. */
    static final int MASKED = 3;

    private TinyPretrainGraph() {}

    static HeteroGraph graph() {
        Random rng = new Random(11);
        return new GraphBuilder("tiny-pretrain")
                .addNodes(NodeTable.ofCount("user", USERS).withFeatures(dense(USERS, 3, rng)))
                .addNodes(NodeTable.ofCount("item", ITEMS).withFeatures(dense(ITEMS, 2, rng)))
                .addEdges(LIKES, new int[] {0, 0, 1, 1, 2, 2, 3, 3}, new int[] {0, 1, 1, 2, 3, 0, 4, 2}, null, true)
                .addEdges(NEAR, new int[] {0, 1, 2, 3, 4}, new int[] {1, 2, 3, 4, 0}, null, false)
                .build();
    }

    private static DenseFeatures dense(int n, int dim, Random rng) {
        float[] values = new float[n * dim];
        for (int i = 0; i < values.length; i++) {
            values[i] = (float) rng.nextGaussian();
        }
        return new DenseFeatures(n, dim, values);
    }

    static Subgraph whole(HeteroGraph graph) {
        Map<String, int[]> nodes = new LinkedHashMap<>();
        nodes.put("user", new int[] {0, 1, 2, 3});
        nodes.put("item", new int[] {0, 1, 2, 3, 4});
        return Subgraph.induced(graph, nodes);
    }

    /**
     * The batch with likes (u0, i1), (u2, i3) and near (i3, i2) masked. Candidates: likes row 0
     * = {u0 | u2, u3}, row 1 = {u2 | u0, padding holding u1}; near = {i3 | i0, i4}. E_u^d: likes
     * (u1, i2), (u3, i4); near (i0, i1). Features generated for user 1 and items 0, 3.
     *
     * @param onlyTrueSource when true every negative slot is padding, so the generator must pick the true source
     * @param randomPicks candidate slot per masked edge, per relation key (for RANDOM_EDGES), or empty
     */
    static PretrainBatch batch(HeteroGraph graph, boolean onlyTrueSource, Map<String, int[]> randomPicks) {
        Subgraph full = whole(graph);
        Map<RelationType, EdgeList> cut = new LinkedHashMap<>();
        cut.put(LIKES, without(full.edges(LIKES), new int[][] {{0, 1}, {2, 3}}));
        cut.put(LIKES.reverse(), without(full.edges(LIKES.reverse()), new int[][] {{1, 0}, {3, 2}}));
        cut.put(NEAR, without(full.edges(NEAR), new int[][] {{3, 2}, {2, 3}}));
        boolean[] likesValid = onlyTrueSource
                ? new boolean[] {true, false, false, true, false, false}
                : new boolean[] {true, true, true, true, true, false};
        boolean[] nearValid = onlyTrueSource ? new boolean[] {true, false, false} : new boolean[] {true, true, true};
        MaskedRelation likes = new MaskedRelation(
                LIKES,
                false,
                new int[] {0, 2},
                new int[] {1, 3},
                new int[] {0, 2, 3, 2, 0, 1},
                likesValid,
                3,
                new int[] {1, 3},
                new int[] {2, 4});
        MaskedRelation near = new MaskedRelation(
                NEAR, true, new int[] {3}, new int[] {2}, new int[] {3, 0, 4}, nearValid, 3, new int[] {0}, new int[] {1
                });
        Map<String, int[]> featureMasked = new LinkedHashMap<>();
        featureMasked.put("user", new int[] {1});
        featureMasked.put("item", new int[] {0, 3});
        return new PretrainBatch(
                1, full.withEdges(cut), List.of(likes, near), featureMasked, TOTAL_PAIRS, randomPicks, List.of());
    }

    static EdgeList without(EdgeList edges, int[][] removed) {
        List<int[]> kept = new ArrayList<>();
        for (int e = 0; e < edges.size(); e++) {
            boolean gone = false;
            for (int[] r : removed) {
                gone |= edges.src()[e] == r[0] && edges.dst()[e] == r[1];
            }
            if (!gone) {
                kept.add(new int[] {edges.src()[e], edges.dst()[e]});
            }
        }
        if (kept.size() != edges.size() - removed.length) {
            throw new IllegalStateException("a removed edge was not in the list");
        }
        return new EdgeList(
                kept.stream().mapToInt(p -> p[0]).toArray(),
                kept.stream().mapToInt(p -> p[1]).toArray());
    }
}
