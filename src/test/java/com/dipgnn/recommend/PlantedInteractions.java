package com.dipgnn.recommend;

import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;

/**
 * A featureless user-item graph with planted communities: user u and item i belong to community
 * {@code u % c} and {@code i % c}; each user clicks {@code perUser} distinct items, each inside its
 * own community with probability {@code within}, otherwise uniformly. Item popularity is flat, so
 * popularity cannot rank well: only learned vectors can find the community.
 */
final class PlantedInteractions {

    static final RelationType CLICKED = new RelationType("user", "clicked", "item");

    private PlantedInteractions() {}

    static HeteroGraph graph(int users, int items, int communities, int perUser, double within, long seed) {
        Random rng = new Random(seed);
        int[] src = new int[users * perUser];
        int[] dst = new int[users * perUser];
        int n = 0;
        for (int u = 0; u < users; u++) {
            Set<Integer> chosen = new HashSet<>();
            while (chosen.size() < perUser) {
                int item = rng.nextDouble() < within
                        ? (u % communities) + communities * rng.nextInt(items / communities)
                        : rng.nextInt(items);
                if (chosen.add(item)) {
                    src[n] = u;
                    dst[n] = item;
                    n++;
                }
            }
        }
        return new GraphBuilder("planted")
                .addNodes(NodeTable.ofCount("user", users))
                .addNodes(NodeTable.ofCount("item", items))
                .addEdges(CLICKED, src, dst, null, true)
                .build();
    }
}
