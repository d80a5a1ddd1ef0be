package com.dipgnn.spark;

import ai.djl.MalformedModelException;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.synthetic.GraphLocations;
import com.dipgnn.inference.LayerwiseEmbedder;
import com.dipgnn.inference.NodeEmbedder;
import com.dipgnn.runtime.Devices;
import com.dipgnn.serving.DeploymentOptions;
import com.dipgnn.serving.PreparedModel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The model and graph of a job, loaded once per JVM (executor or driver) and shared by all its
 * tasks: a task only runs forward passes on them. Loading happens at the first task that needs
 * it; concurrent tasks of the same job wait for that one load.
 */
final class ExecutorModels {

    /**
     * What the tasks of a job share: the model prepared on its graph, its embedder, the ids of every
     * node, and the fingerprint of the graph as loaded (the raw graph itself is not kept).
     */
    record Loaded(
            PreparedModel model,
            NodeEmbedder embedder,
            Map<String, int[]> allNodes,
            String graphFingerprint,
            List<LayerwiseEmbedder.Pass> plan) {}

    /** The options that decide what is loaded (not the output, the partitions or the sampling seed). */
    private record Key(
            String model,
            String graph,
            long graphSeed,
            int chunkSize,
            String device,
            boolean sameGraph,
            boolean sampled) {}

    private static final Logger LOG = LoggerFactory.getLogger(ExecutorModels.class);
    private static final Map<Key, Loaded> CACHE = new ConcurrentHashMap<>();

    private ExecutorModels() {}

    /**
     * The job's model and graph in this JVM, loaded at the first call.
     *
     * @throws IllegalArgumentException when the model directory, the graph or their fit is wrong
     */
    static Loaded get(BatchOptions options) {
        Key key = new Key(
                options.model(),
                options.graph(),
                options.graphSeed(),
                options.chunkSize(),
                options.device(),
                options.requireSameGraph(),
                options.sampled());
        return CACHE.computeIfAbsent(key, k -> load(options));
    }

    /** Loads a job's graph as the driver and the executors do. */
    static HeteroGraph loadGraph(BatchOptions options) {
        try {
            return GraphLocations.load(options.graph(), options.graphSeed());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--graph: " + e.getMessage(), e);
        }
    }

    private static Loaded load(BatchOptions options) {
        Path modelDir = Path.of(options.model());
        if (!Files.isDirectory(modelDir)) {
            throw new IllegalArgumentException("--model '" + options.model() + "' is not a directory on "
                    + host() + "; put the model directory on storage every executor mounts at the same path, or ship"
                    + " it with spark-submit --archives model.zip#model and pass --model model");
        }
        long start = System.nanoTime();
        HeteroGraph raw = loadGraph(options);
        DeploymentOptions deployment = DeploymentOptions.defaults()
                .withInference(
                        options.sampled() ? DeploymentOptions.Inference.SAMPLED : DeploymentOptions.Inference.EXACT)
                .withChunkSize(options.chunkSize())
                .withRequireSameGraph(options.requireSameGraph())
                .withDevice(Devices.select(options.device()));
        try {
            PreparedModel model = PreparedModel.open(modelDir, raw, deployment, null);
            NodeEmbedder embedder = model.embedder();
            LOG.info(
                    "Loaded model {} and graph {} ({} nodes) on {} in {} s",
                    modelDir,
                    options.graph(),
                    raw.totalNodes(),
                    host(),
                    String.format("%.1f", (System.nanoTime() - start) / 1e9));
            List<LayerwiseEmbedder.Pass> plan =
                    options.sampled() ? List.of() : new LayerwiseEmbedder(model.graph()).plan();
            return new Loaded(model, embedder, NodeEmbedder.allNodes(model.graph()), raw.fingerprint(), plan);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot read model directory " + modelDir + " on " + host() + ": " + e.getMessage(), e);
        } catch (MalformedModelException e) {
            throw new IllegalArgumentException("model directory " + modelDir + " is damaged: " + e.getMessage(), e);
        }
    }

    private static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "this executor";
        }
    }
}
