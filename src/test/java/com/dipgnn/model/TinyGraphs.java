package com.dipgnn.model;

import com.dipgnn.graph.DenseFeatures;
import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import java.util.Random;

/** Small hand-made graphs for model tests. */
final class TinyGraphs {

    private TinyGraphs() {}

    /** Two node types (paper with features, author without), a directed relation and its reverse, plus citations. */
    static HeteroGraph hetero() {
        Random rng = new Random(7);
        float[] paperFeatures = new float[6 * 5];
        for (int i = 0; i < paperFeatures.length; i++) {
            paperFeatures[i] = (float) rng.nextGaussian();
        }
        return new GraphBuilder("tiny-hetero")
                .addNodes(NodeTable.ofCount("paper", 6).withFeatures(new DenseFeatures(6, 5, paperFeatures)))
                .addNodes(NodeTable.ofCount("author", 4))
                .addEdges(
                        new RelationType("author", "writes", "paper"),
                        new int[] {0, 0, 1, 2, 3, 3},
                        new int[] {0, 1, 2, 3, 4, 5},
                        null,
                        true)
                .addEdges(
                        new RelationType("paper", "cites", "paper"),
                        new int[] {0, 1, 2, 4},
                        new int[] {1, 2, 3, 5},
                        null,
                        true)
                .build();
    }

    /** One node type with features and an undirected relation (a ring with chords). */
    static HeteroGraph homogeneous(int n, int dim, long seed) {
        Random rng = new Random(seed);
        float[] features = new float[n * dim];
        for (int i = 0; i < features.length; i++) {
            features[i] = (float) rng.nextGaussian();
        }
        int[] src = new int[2 * n];
        int[] dst = new int[2 * n];
        for (int i = 0; i < n; i++) {
            src[i] = i;
            dst[i] = (i + 1) % n;
            src[n + i] = i;
            dst[n + i] = (i + 3) % n;
        }
        return new GraphBuilder("tiny-homo")
                .addNodes(NodeTable.ofCount("node", n).withFeatures(new DenseFeatures(n, dim, features)))
                .addEdges(new RelationType("node", "link", "node"), src, dst, null, false)
                .build();
    }
}
