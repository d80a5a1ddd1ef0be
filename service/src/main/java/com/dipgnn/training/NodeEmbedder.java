package com.dipgnn.training;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.model.GraphBatch;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.sampling.StepRandom;
import com.dipgnn.sampling.Subgraph;
import com.dipgnn.sampling.SubgraphSampler;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Computes the embeddings of a set of nodes in inference mode: the nodes are taken as seeds in
 * chunks, each chunk's subgraph is sampled around them and encoded, and the seeds' rows are kept
 * on the host. Each node is encoded once, however many queries need it.
 */
public final class NodeEmbedder {

    /** Embeddings of the requested nodes of one type, looked up by node id. */
    public static final class Table {
        private final Map<Integer, Integer> rows;
        private final float[] values;
        private final int width;

        Table(Map<Integer, Integer> rows, float[] values, int width) {
            this.rows = rows;
            this.values = values;
            this.width = width;
        }

        /** The embeddings of {@code ids}, in order, as an (ids.length x width) array in {@code manager}. */
        public NDArray rows(NDManager manager, int[] ids) {
            float[] out = new float[ids.length * width];
            for (int i = 0; i < ids.length; i++) {
                Integer row = rows.get(ids[i]);
                if (row == null) {
                    throw new IllegalArgumentException("node " + ids[i] + " was not embedded");
                }
                System.arraycopy(values, row * width, out, i * width, width);
            }
            return manager.create(out, new Shape(ids.length, width));
        }

        /** Embedding width. */
        public int width() {
            return width;
        }

        /**
         * Copies the embedding of node {@code id} into {@code dest} from {@code offset}, on the host.
         *
         * @throws IllegalArgumentException when the node was not embedded
         */
        public void copyRow(int id, float[] dest, int offset) {
            Integer row = rows.get(id);
            if (row == null) {
                throw new IllegalArgumentException("node " + id + " was not embedded");
            }
            System.arraycopy(values, row * width, dest, offset, width);
        }
    }

    /** Receives the progress of {@link #embed}: distinct nodes embedded so far, of the total. */
    @FunctionalInterface
    public interface Progress {
        /** Called after each forward pass. */
        void embedded(long done, long total);
    }

    private final HeteroGraph graph;
    private final SubgraphSampler sampler;
    private final int chunk;

    /**
     * @param graph the graph the encoder runs on
     * @param sampler samples each chunk's subgraph
     * @param chunk seeds per type per forward pass
     */
    public NodeEmbedder(HeteroGraph graph, SubgraphSampler sampler, int chunk) {
        this.graph = graph;
        this.sampler = sampler;
        this.chunk = chunk;
    }

    /** Embeds the distinct nodes of each type in {@code ids}; seeded, so repeated calls agree. */
    public Map<String, Table> embed(GraphEncoder encoder, Map<String, int[]> ids, NDManager scope, long seed) {
        return embed(encoder, ids, scope, seed, (done, total) -> { });
    }

    /**
     * As {@link #embed(GraphEncoder, Map, NDManager, long)}, reporting progress after each pass; an
     * exception thrown by {@code progress} stops the work.
     */
    public Map<String, Table> embed(GraphEncoder encoder, Map<String, int[]> ids, NDManager scope, long seed,
                                    Progress progress) {
        Map<String, int[]> distinct = new LinkedHashMap<>();
        ids.forEach((type, nodes) -> distinct.put(type, Arrays.stream(nodes).distinct().toArray()));
        int width = encoder.config().hidden();
        Map<String, float[]> values = new LinkedHashMap<>();
        Map<String, Map<Integer, Integer>> rows = new LinkedHashMap<>();
        distinct.forEach((type, nodes) -> {
            values.put(type, new float[nodes.length * width]);
            rows.put(type, new HashMap<>(nodes.length * 2));
        });
        int longest = distinct.values().stream().mapToInt(a -> a.length).max().orElse(0);
        long total = distinct.values().stream().mapToLong(a -> a.length).sum();
        long done = 0;
        for (int from = 0, pass = 0; from < longest; from += chunk, pass++) {
            Map<String, int[]> seeds = new LinkedHashMap<>();
            for (Map.Entry<String, int[]> e : distinct.entrySet()) {
                int[] all = e.getValue();
                if (from < all.length) {
                    seeds.put(e.getKey(), Arrays.copyOfRange(all, from, Math.min(all.length, from + chunk)));
                }
            }
            try (NDManager passScope = scope.newSubManager()) {
                Subgraph sub = sampler.sample(graph, seeds, StepRandom.rngFor(seed, pass));
                Map<String, NDArray> out = encoder.forward(new GraphBatch(passScope, graph, sub), false);
                for (Map.Entry<String, int[]> e : seeds.entrySet()) {
                    int[] s = e.getValue();
                    float[] emb = out.get(e.getKey()).get("0:" + s.length).toFloatArray();
                    Map<Integer, Integer> typeRows = rows.get(e.getKey());
                    for (int i = 0; i < s.length; i++) {
                        int row = typeRows.size();
                        typeRows.put(s[i], row);
                        System.arraycopy(emb, i * width, values.get(e.getKey()), row * width, width);
                    }
                    done += s.length;
                }
            }
            progress.embedded(done, total);
        }
        Map<String, Table> tables = new LinkedHashMap<>();
        distinct.keySet().forEach(type -> tables.put(type, new Table(rows.get(type), values.get(type), width)));
        return tables;
    }
}
