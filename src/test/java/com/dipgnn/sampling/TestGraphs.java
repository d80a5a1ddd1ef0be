package com.dipgnn.sampling;

import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/** Small graphs and subgraph checks shared by the sampling tests. */
final class TestGraphs {

    static final RelationType WRITES = new RelationType("author", "writes", "paper");
    static final RelationType CITES = new RelationType("paper", "cites", "paper");
    static final RelationType PUBLISHED_IN = new RelationType("paper", "published_in", "venue");
    static final RelationType HAS_FIELD = new RelationType("paper", "has_field", "field");
    static final RelationType LINKS = new RelationType("node", "links", "node");

    private TestGraphs() {}

    /** A random academic graph: papers, authors, venues and fields, about 4 edges per paper and relation. */
    static HeteroGraph academic(long seed) {
        Random rng = new Random(seed);
        int papers = 400;
        return new GraphBuilder("academic-" + seed)
                .addNodes(NodeTable.ofCount("paper", papers))
                .addNodes(NodeTable.ofCount("author", 250))
                .addNodes(NodeTable.ofCount("venue", 12))
                .addNodes(NodeTable.ofCount("field", 60))
                .addEdges(WRITES, randomIds(rng, papers * 3, 250), randomIds(rng, papers * 3, papers), null, true)
                .addEdges(CITES, randomIds(rng, papers * 4, papers), randomIds(rng, papers * 4, papers), null, true)
                .addEdges(PUBLISHED_IN, range(papers), randomIds(rng, papers, 12), null, true)
                .addEdges(HAS_FIELD, randomIds(rng, papers * 2, papers), randomIds(rng, papers * 2, 60), null, true)
                .build();
    }

    /** A random homogeneous graph with one undirected relation. */
    static HeteroGraph homogeneous(long seed, int nodes, int edges) {
        Random rng = new Random(seed);
        return new GraphBuilder("homogeneous-" + seed)
                .addNodes(NodeTable.ofCount("node", nodes))
                .addEdges(LINKS, randomIds(rng, edges, nodes), randomIds(rng, edges, nodes), null, false)
                .build();
    }

    static int[] randomIds(Random rng, int count, int bound) {
        int[] ids = new int[count];
        for (int i = 0; i < count; i++) {
            ids[i] = rng.nextInt(bound);
        }
        return ids;
    }

    static int[] range(int n) {
        int[] ids = new int[n];
        Arrays.setAll(ids, i -> i);
        return ids;
    }

    static List<Integer> rangeList(int n) {
        List<Integer> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(i);
        }
        return list;
    }

    /**
     * Which sampled nodes (type to local ids) can be reached from the seeds over the subgraph's
     * edges, followed in either direction.
     */
    static Map<String, Set<Integer>> reachableFromSeeds(Subgraph subgraph, Map<String, int[]> seeds) {
        Map<String, List<List<int[]>>> adjacent = new LinkedHashMap<>();
        for (String type : subgraph.nodeTypes()) {
            List<List<int[]>> lists = new ArrayList<>();
            for (int i = 0; i < subgraph.numNodes(type); i++) {
                lists.add(new ArrayList<>());
            }
            adjacent.put(type, lists);
        }
        subgraph.edgeMap().forEach((relation, edges) -> {
            for (int e = 0; e < edges.size(); e++) {
                adjacent.get(relation.source())
                        .get(edges.src()[e])
                        .add(new int[] {typeIndex(subgraph, relation.target()), edges.dst()[e]});
                adjacent.get(relation.target())
                        .get(edges.dst()[e])
                        .add(new int[] {typeIndex(subgraph, relation.source()), edges.src()[e]});
            }
        });
        List<String> types = new ArrayList<>(adjacent.keySet());
        Map<String, Set<Integer>> seen = new LinkedHashMap<>();
        types.forEach(t -> seen.put(t, new HashSet<>()));
        Deque<int[]> queue = new ArrayDeque<>();
        seeds.forEach((type, ids) -> {
            for (int local = 0; local < ids.length; local++) {
                seen.get(type).add(local);
                queue.add(new int[] {types.indexOf(type), local});
            }
        });
        while (!queue.isEmpty()) {
            int[] node = queue.poll();
            for (int[] next : adjacent.get(types.get(node[0])).get(node[1])) {
                if (seen.get(types.get(next[0])).add(next[1])) {
                    queue.add(next);
                }
            }
        }
        return seen;
    }

    private static int typeIndex(Subgraph subgraph, String type) {
        int i = 0;
        for (String t : subgraph.nodeTypes()) {
            if (t.equals(type)) {
                return i;
            }
            i++;
        }
        throw new IllegalArgumentException(type);
    }
}
