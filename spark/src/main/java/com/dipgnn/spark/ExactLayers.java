package com.dipgnn.spark;

import ai.djl.ndarray.NDManager;
import com.dipgnn.inference.LayerwiseEmbedder;
import com.dipgnn.model.GraphEncoder;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import scala.Tuple2;

/**
 * Exact inference on a cluster, as a deployment computes it ({@link LayerwiseEmbedder}): one Spark
 * stage per layer. Every executor holds the graph and the model; the states of every node after
 * the layer below are broadcast to them, each runs its share of the layer's passes (the plan is
 * fixed by the graph, so every JVM builds the same one), and the driver gathers the states for the
 * next layer. The last layer's passes become the output rows directly. The driver holds one
 * layer's states at a time: nodes x hidden floats.
 */
final class ExactLayers {

    private ExactLayers() {}

    /** The rows (type, id, embedding) of every node, computed layer by layer. */
    static JavaRDD<Row> rows(
            JavaSparkContext context,
            BatchOptions options,
            ExecutorModels.Loaded loaded,
            List<Integer> passIndices,
            int partitions) {
        int layers = loaded.model().model().encoder().layers().size();
        if (layers > 1) {
            requireRoomOnTheDriver(context, loaded);
        }
        Map<String, float[]> below = null;
        for (int layer = 0; layer < layers - 1; layer++) {
            Broadcast<Map<String, float[]>> states = below == null ? null : context.broadcast(below);
            int current = layer;
            List<Tuple2<Integer, float[]>> done = context.parallelize(passIndices, partitions)
                    .mapPartitions(indices -> states(options, current, states, indices))
                    .collect();
            LayerwiseEmbedder embedder = new LayerwiseEmbedder(loaded.model().graph());
            Map<String, float[]> next = new LinkedHashMap<>();
            for (Tuple2<Integer, float[]> pass : done) {
                embedder.place(next, loaded.plan().get(pass._1()), pass._2());
            }
            if (states != null) {
                states.destroy();
            }
            below = next;
        }
        Broadcast<Map<String, float[]>> last = below == null ? null : context.broadcast(below);
        int lastLayer = layers - 1;
        return context.parallelize(passIndices, partitions).mapPartitions(indices -> {
            List<Row> rows = new ArrayList<>();
            Iterator<Tuple2<Integer, float[]>> states = states(options, lastLayer, last, indices);
            ExecutorModels.Loaded here = ExecutorModels.get(options);
            while (states.hasNext()) {
                Tuple2<Integer, float[]> pass = states.next();
                LayerwiseEmbedder.Pass p = here.plan().get(pass._1());
                int width = pass._2().length / p.nodes().length;
                for (int i = 0; i < p.nodes().length; i++) {
                    float[] row = new float[width];
                    System.arraycopy(pass._2(), i * width, row, 0, width);
                    rows.add(RowFactory.create(p.type(), p.nodes()[i], row));
                }
            }
            return rows.iterator();
        });
    }

    /**
     * Refuses, before any stage runs, a graph whose layer states (nodes x hidden floats) the
     * driver could not gather under {@code spark.driver.maxResultSize}.
     */
    private static void requireRoomOnTheDriver(JavaSparkContext context, ExecutorModels.Loaded loaded) {
        long bytes = loaded.model().graph().totalNodes() * (long) loaded.model().dim() * Float.BYTES;
        long max = context.sc().getConf().getSizeAsBytes("spark.driver.maxResultSize", "1g");
        if (max > 0 && bytes > max * 9 / 10) {
            throw new IllegalArgumentException("exact inference gathers each layer's states on the driver: "
                    + loaded.model().graph().totalNodes() + " nodes x "
                    + loaded.model().dim() + " floats = " + bytes
                    + " bytes, more than spark.driver.maxResultSize (" + max + " bytes) allows; raise it (and the"
                    + " driver's memory) with --conf spark.driver.maxResultSize=..., or use --inference sampled");
        }
    }

    /** Runs the given passes of {@code layer} on this executor: (pass index, states row-major). */
    private static Iterator<Tuple2<Integer, float[]>> states(
            BatchOptions options, int layer, Broadcast<Map<String, float[]>> below, Iterator<Integer> indices) {
        ExecutorModels.Loaded loaded = ExecutorModels.get(options);
        GraphEncoder encoder = loaded.model().model().encoder();
        LayerwiseEmbedder embedder = new LayerwiseEmbedder(loaded.model().graph());
        Map<String, float[]> states = below == null ? null : below.value();
        List<Tuple2<Integer, float[]>> out = new ArrayList<>();
        try (NDManager scope = loaded.model().manager().newSubManager()) {
            while (indices.hasNext()) {
                int index = indices.next();
                out.add(new Tuple2<>(
                        index,
                        embedder.runPass(encoder, layer, states, loaded.plan().get(index), scope)));
            }
        }
        return out.iterator();
    }
}
