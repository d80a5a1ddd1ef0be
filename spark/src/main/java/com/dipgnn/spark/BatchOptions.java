package com.dipgnn.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the batch job computes and where it writes it; parsed from the command line, shipped to
 * every executor.
 *
 * @param model the fine-tuned model's directory (as the service's model store or {@code --save} writes
 *     it), on a path every executor and the driver can read
 * @param modelId the model's id recorded in the output; null: the directory's name
 * @param graph the graph: a gnnfmt-1 or CSV/TSV directory, a data set name under
 *     {@code -Ddipgnn.datasets}, {@code synthetic:community}, {@code synthetic:query-product}, or a
 *     service data set location {@code synthetic:query-product?queries=..&products=..&clicks=..&seed=..}
 * @param graphSeed generator seed of {@code synthetic:community} and {@code synthetic:query-product}
 * @param output the output directory (any Hadoop file system URI); must not exist
 * @param seed sampling seed, as a deployment's (the service deploys with 0)
 * @param chunkSize seed nodes per type per forward pass, as a deployment's (the service uses 1,024)
 * @param partitions Spark partitions the passes are spread over; 0: the cluster's default parallelism
 * @param device {@code auto} (a GPU when the executor has one), {@code cpu} or {@code gpu}
 * @param requireSameGraph refuse a graph whose fingerprint differs from the model's training graph
 * @param sampled compute as a deployment with sampled inference ({@code --inference sampled}: passes of
 *     {@code chunkSize} seeds on neighbourhoods sampled with {@code seed}); false (the default): exact
 *     inference, every in-neighbour at every layer, as the service deploys by default
 */
public record BatchOptions(
        String model,
        String modelId,
        String graph,
        long graphSeed,
        String output,
        long seed,
        int chunkSize,
        int partitions,
        String device,
        boolean requireSameGraph,
        boolean sampled)
        implements Serializable {

    private static final long serialVersionUID = 1L;

    static final String USAGE = String.join(
            "\n",
            "usage: spark-submit --class com.dipgnn.spark.BatchEmbeddings dipgnn-spark-<version>-job.jar \\",
            "         --model DIR --graph SOURCE --output DIR [options]",
            "  --model DIR          fine-tuned model directory (manifest.json, encoder.params, head.params),",
            "                       readable by the driver and every executor",
            "  --graph SOURCE       gnnfmt-1 or CSV/TSV graph directory, a data set name, synthetic:community,",
            "                       synthetic:query-product, or a service location",
            "                       synthetic:query-product?queries=Q&products=P&clicks=C&seed=S",
            "  --output DIR         output directory (file:, hdfs:, s3a: ...); must not exist",
            "  --model-id ID        model id to record (default: the model directory's name)",
            "  --graph-seed N       generator seed of synthetic:community / synthetic:query-product (default 0)",
            "  --inference MODE     exact (default, as the service deploys: every in-neighbour at every layer)",
            "                       or sampled (as a deployment with dipgnn.serving.inference=sampled)",
            "  --seed N             sampled inference: sampling seed (default 0, as the service deploys)",
            "  --chunk N            sampled inference: seed nodes per type per pass (default 1024, as the service)",
            "  --partitions N       Spark partitions (default: the cluster's default parallelism)",
            "  --device D           auto, cpu or gpu (default auto)",
            "  --allow-other-graph  embed a graph whose fingerprint differs from the model's training graph");

    public BatchOptions {
        require(model != null && !model.isBlank(), "--model is required: the fine-tuned model's directory");
        require(graph != null && !graph.isBlank(), "--graph is required: the graph's directory or synthetic:<name>");
        require(
                output != null && !output.isBlank(),
                "--output is required: the directory to write the Parquet files to");
        require(chunkSize >= 1, "--chunk must be at least 1; got " + chunkSize);
        require(partitions >= 0, "--partitions must be at least 1 (or 0 for the default); got " + partitions);
        device = device == null ? "auto" : device.trim().toLowerCase(Locale.ROOT);
        require(
                List.of("auto", "cpu", "gpu").contains(device),
                "--device must be auto, cpu or gpu; got '" + device + "'");
    }

    /** Defaults as the service deploys: seed 0, chunks of 1,024, the default parallelism, device auto. */
    public static BatchOptions of(String model, String graph, String output) {
        return new BatchOptions(model, null, graph, 0, output, 0, 1024, 0, "auto", true, false);
    }

    public BatchOptions withPartitions(int n) {
        return new BatchOptions(
                model, modelId, graph, graphSeed, output, seed, chunkSize, n, device, requireSameGraph, sampled);
    }

    public BatchOptions withChunk(int n) {
        return new BatchOptions(
                model, modelId, graph, graphSeed, output, seed, n, partitions, device, requireSameGraph, sampled);
    }

    public BatchOptions withSeed(long n) {
        return new BatchOptions(
                model, modelId, graph, graphSeed, output, n, chunkSize, partitions, device, requireSameGraph, sampled);
    }

    public BatchOptions withModelId(String id) {
        return new BatchOptions(
                model, id, graph, graphSeed, output, seed, chunkSize, partitions, device, requireSameGraph, sampled);
    }

    /** As a deployment with sampled inference ({@code true}) or exact inference ({@code false}). */
    public BatchOptions withSampled(boolean s) {
        return new BatchOptions(
                model, modelId, graph, graphSeed, output, seed, chunkSize, partitions, device, requireSameGraph, s);
    }

    public BatchOptions withDevice(String d) {
        return new BatchOptions(
                model, modelId, graph, graphSeed, output, seed, chunkSize, partitions, d, requireSameGraph, sampled);
    }

    /**
     * Parses the command line.
     *
     * @throws IllegalArgumentException naming the bad or missing argument, with the usage
     */
    public static BatchOptions parse(String[] args) {
        String model = null;
        String modelId = null;
        String graph = null;
        String output = null;
        long graphSeed = 0;
        long seed = 0;
        int chunk = 1024;
        int partitions = 0;
        String device = "auto";
        boolean sameGraph = true;
        boolean sampled = false;
        List<String> rest = new ArrayList<>(List.of(args));
        while (!rest.isEmpty()) {
            String arg = rest.remove(0);
            String name = arg;
            String value = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                name = arg.substring(0, eq);
                value = arg.substring(eq + 1);
            }
            switch (name) {
                case "--model" -> model = value(name, value, rest);
                case "--model-id" -> modelId = value(name, value, rest);
                case "--graph" -> graph = value(name, value, rest);
                case "--output" -> output = value(name, value, rest);
                case "--graph-seed" -> graphSeed = longOf(name, value(name, value, rest));
                case "--seed" -> seed = longOf(name, value(name, value, rest));
                case "--chunk" -> chunk = (int) longOf(name, value(name, value, rest));
                case "--partitions" -> partitions = (int) longOf(name, value(name, value, rest));
                case "--device" -> device = value(name, value, rest);
                case "--allow-other-graph" -> sameGraph = false;
                case "--inference" -> sampled = inference(value(name, value, rest));
                case "--help", "-h" -> throw new IllegalArgumentException(USAGE);
                default -> throw new IllegalArgumentException("unknown argument '" + arg + "'\n" + USAGE);
            }
        }
        try {
            return new BatchOptions(
                    model, modelId, graph, graphSeed, output, seed, chunk, partitions, device, sameGraph, sampled);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + "\n" + USAGE, e);
        }
    }

    private static String value(String name, String inline, List<String> rest) {
        if (inline != null) {
            return inline;
        }
        if (rest.isEmpty() || rest.get(0).startsWith("--")) {
            throw new IllegalArgumentException(name + " needs a value\n" + USAGE);
        }
        return rest.remove(0);
    }

    private static boolean inference(String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "exact" -> false;
            case "sampled" -> true;
            default -> throw new IllegalArgumentException("--inference must be exact or sampled; got '" + value + "'");
        };
    }

    private static long longOf(String name, String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number; got '" + value + "'");
        }
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }
}
