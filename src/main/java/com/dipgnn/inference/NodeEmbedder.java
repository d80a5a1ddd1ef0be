package com.dipgnn.inference;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.StepRandom;
import com.dipgnn.model.GraphBatch;
import com.dipgnn.model.GraphEncoder;
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
        /** Per node id, its row in {@link #values}; null when row = id (every node, in id order). */
        private final Map<Integer, Integer> rows;

        private final float[] values;
        private final int width;

        Table(Map<Integer, Integer> rows, float[] values, int width) {
            this.rows = rows;
            this.values = values;
            this.width = width;
        }

        /**
         * Every node of a type: row {@code id} of the row-major {@code values} ({@code nodes x width})
         * is node {@code id}'s embedding. Holds {@code values} as given, with no per-node index.
         */
        public static Table everyNode(float[] values, int width) {
            if (width < 1 || values.length % width != 0) {
                throw new IllegalArgumentException(
                        "a table of width " + width + " cannot hold " + values.length + " values");
            }
            return new Table(null, values, width);
        }

        /** The row of node {@code id}. */
        private int rowOf(int id) {
            Integer row = rows == null ? (id >= 0 && id < values.length / width ? id : null) : rows.get(id);
            if (row == null) {
                throw new IllegalArgumentException("node " + id + " was not embedded");
            }
            return row;
        }

        /** The embeddings of {@code ids}, in order, as an (ids.length x width) array in {@code manager}. */
        public NDArray rows(NDManager manager, int[] ids) {
            float[] out = new float[ids.length * width];
            for (int i = 0; i < ids.length; i++) {
                System.arraycopy(values, rowOf(ids[i]) * width, out, i * width, width);
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
            System.arraycopy(values, rowOf(id) * width, dest, offset, width);
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
     * @param chunk seeds per type per forward pass; ignored by a sampler that {@linkplain
     *     SubgraphSampler#coversWholeGraph covers the whole graph}, where one pass embeds every node
     */
    public NodeEmbedder(HeteroGraph graph, SubgraphSampler sampler, int chunk) {
        this.graph = graph;
        this.sampler = sampler;
        this.chunk = sampler.coversWholeGraph() ? Integer.MAX_VALUE : chunk;
    }

    /** Embeds the distinct nodes of each type in {@code ids}; seeded, so repeated calls agree. */
    public Map<String, Table> embed(GraphEncoder encoder, Map<String, int[]> ids, NDManager scope, long seed) {
        return embed(encoder, ids, scope, seed, (done, total) -> {});
    }

    /**
     * As {@link #embed(GraphEncoder, Map, NDManager, long)}, reporting progress after each pass; an
     * exception thrown by {@code progress} stops the work.
     */
    public Map<String, Table> embed(
            GraphEncoder encoder, Map<String, int[]> ids, NDManager scope, long seed, Progress progress) {
        Map<String, int[]> distinct = new LinkedHashMap<>();
        ids.forEach((type, nodes) ->
                distinct.put(type, Arrays.stream(nodes).distinct().toArray()));
        int width = encoder.config().hidden();
        Map<String, float[]> values = new LinkedHashMap<>();
        Map<String, Map<Integer, Integer>> rows = new LinkedHashMap<>();
        distinct.forEach((type, nodes) -> {
            values.put(type, new float[nodes.length * width]);
            rows.put(type, new HashMap<>(nodes.length * 2));
        });
        long total = distinct.values().stream().mapToLong(a -> a.length).sum();
        long done = 0;
        int passes = passCount(distinct);
        for (int pass = 0; pass < passes; pass++) {
            Map<String, int[]> seeds = seedsOf(distinct, pass);
            Map<String, float[]> out = embedPass(encoder, seeds, pass, scope, seed);
            for (Map.Entry<String, int[]> e : seeds.entrySet()) {
                int[] s = e.getValue();
                float[] emb = out.get(e.getKey());
                Map<Integer, Integer> typeRows = rows.get(e.getKey());
                for (int i = 0; i < s.length; i++) {
                    int row = typeRows.size();
                    typeRows.put(s[i], row);
                    System.arraycopy(emb, i * width, values.get(e.getKey()), row * width, width);
                }
                done += s.length;
            }
            progress.embedded(done, total);
        }
        Map<String, Table> tables = new LinkedHashMap<>();
        distinct.keySet().forEach(type -> tables.put(type, new Table(rows.get(type), values.get(type), width)));
        return tables;
    }

    /**
     * The forward passes {@link #embed} makes for {@code ids} (distinct ids per type): one per
     * {@code chunk} ids of the type with the most; one with a whole-graph sampler.
     */
    public int passCount(Map<String, int[]> ids) {
        int longest = ids.values().stream().mapToInt(a -> a.length).max().orElse(0);
        return (int) ((longest + (long) chunk - 1) / chunk);
    }

    /**
     * The seeds of pass {@code pass}: the pass's chunk of each type's ids ({@code ids[pass * chunk ..]},
     * at most {@code chunk} of them), types in the order of {@code ids}; a type with no ids left is absent.
     */
    public Map<String, int[]> seedsOf(Map<String, int[]> ids, int pass) {
        if (pass < 0) {
            throw new IllegalArgumentException("pass must be at least 0; got " + pass);
        }
        long from = (long) pass * chunk;
        Map<String, int[]> seeds = new LinkedHashMap<>();
        for (Map.Entry<String, int[]> e : ids.entrySet()) {
            int[] all = e.getValue();
            if (from < all.length) {
                seeds.put(e.getKey(), Arrays.copyOfRange(all, (int) from, (int) Math.min(all.length, from + chunk)));
            }
        }
        return seeds;
    }

    /**
     * Runs forward pass {@code pass} of {@link #embed}: samples the subgraph around {@code seeds}
     * (as {@link #seedsOf} gives them) with the pass's randomness ({@link StepRandom#rngFor}{@code (seed, pass)}),
     * encodes it in inference mode in a sub-manager of {@code scope} that is closed before returning,
     * and returns each type's seed embeddings on the host: {@code seeds.get(type).length x width},
     * row-major, in seed order. {@link #embed} is this, pass after pass; running the passes elsewhere
     * (another thread or machine, with the same model, graph, sampler, chunk and seed) gives the same
     * embeddings.
     */
    public Map<String, float[]> embedPass(
            GraphEncoder encoder, Map<String, int[]> seeds, int pass, NDManager scope, long seed) {
        Map<String, float[]> embeddings = new LinkedHashMap<>();
        try (NDManager passScope = scope.newSubManager()) {
            Subgraph sub = sampler.sample(graph, seeds, StepRandom.rngFor(seed, pass));
            Map<String, NDArray> out = encoder.forward(new GraphBatch(passScope, graph, sub), false);
            for (Map.Entry<String, int[]> e : seeds.entrySet()) {
                embeddings.put(
                        e.getKey(),
                        out.get(e.getKey()).get("0:" + e.getValue().length).toFloatArray());
            }
        }
        return embeddings;
    }

    /** Every node id of every type of {@code graph}, types in graph order: what a deployment embeds. */
    public static Map<String, int[]> allNodes(HeteroGraph graph) {
        Map<String, int[]> ids = new LinkedHashMap<>();
        for (String type : graph.nodeTypes()) {
            int[] all = new int[graph.numNodes(type)];
            Arrays.setAll(all, i -> i);
            ids.put(type, all);
        }
        return ids;
    }
}
