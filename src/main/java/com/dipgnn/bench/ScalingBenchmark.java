package com.dipgnn.bench;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDManager;
import ai.djl.nn.Parameter;
import com.dipgnn.bench.ScalingFigures.*;
import com.dipgnn.bench.ScalingProjection.Projection;
import com.dipgnn.finetuning.FineTuningTask;
import com.dipgnn.finetuning.LinkBatch;
import com.dipgnn.finetuning.LinkPredictionTask;
import com.dipgnn.finetuning.LinkTaskConfig;
import com.dipgnn.finetuning.NodeClassificationTask;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.StepRandom;
import com.dipgnn.graph.split.GraphSplit;
import com.dipgnn.graph.split.LinkSplit;
import com.dipgnn.graph.split.NodeTransferSplit;
import com.dipgnn.graph.split.PretrainSplit;
import com.dipgnn.graph.synthetic.OagShapedConfig;
import com.dipgnn.graph.synthetic.QueryProductConfig;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import com.dipgnn.inference.NodeEmbedder;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.naming.EnumNames;
import com.dipgnn.optim.ModelInitialization;
import com.dipgnn.optim.NonFiniteLossException;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.optim.ParameterUpdater;
import com.dipgnn.optim.TrainingStep;
import com.dipgnn.pretraining.NodeTokens;
import com.dipgnn.pretraining.PretrainBatch;
import com.dipgnn.pretraining.PretrainBatchSampler;
import com.dipgnn.pretraining.PretrainConfig;
import com.dipgnn.runtime.Devices;
import com.dipgnn.sampling.Samplers;
import com.dipgnn.sampling.SamplingConfig;
import com.dipgnn.sampling.Subgraph;
import com.dipgnn.sampling.SubgraphSampler;
import com.dipgnn.text.TextInputConfig;
import com.dipgnn.text.TextInputs;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * {@code bench --config scaling}: how far one machine goes. For each graph size of one shape (the
 * OAG-CS-shaped graph, or the query-product click graph whose scale 1 is the paper's product
 * recommendation graph), in one run:
 * <ul>
 *   <li>the heap the graph holds (after full collections), split into CSR adjacency, dense
 *       features and the rest (keys, text, labels, times, objects); the heap the node-transfer
 *       split's two induced graphs add; the heap the fine-tuning task adds (for link prediction:
 *       the structure without held-out edges and the fixed evaluation negatives); on a graph with
 *       text, the bytes of its strings, TF-IDF rows and token ids;</li>
 *   <li>for each architecture: DiP-GNN pre-training steps on the pre-training part and
 *       fine-tuning steps on the fine-tuning part (host preparation and the whole step, timed),
 *       and inference passes of {@value ScalingEstimate#EMBEDDING_CHUNK} seeds per type as a
 *       deployment embeds every node; with the resident memory (RSS) the process grows by for the
 *       model, at its peak during the steps and after them. With the heap pre-touched
 *       ({@code -Xms} = {@code -Xmx}, {@code -XX:+AlwaysPreTouch}) that growth is memory outside
 *       the Java heap: PyTorch's tensors;</li>
 *   <li>the projection of the largest size to the shape's scale 1 ({@link ScalingEstimate}).</li>
 * </ul>
 */
public final class ScalingBenchmark {

    /** The graph shapes. */
    public enum Shape {
        /** {@link SyntheticGraphs#oagShaped}: scale 1 is OAG-CS (1.1M nodes, 28.4M edges); node classification of papers. */
        OAG,
        /**
         * {@link SyntheticGraphs#queryProduct}: scale 1 is the paper's product recommendation graph
         * (633k queries, 2.71M products, 228M clicks); link prediction of clicks.
         */
        QUERY_PRODUCT;

        private static final EnumNames<Shape> NAMES =
                EnumNames.of(Shape.class, "graph shape").build();

        /** The command-line name: {@code oag} or {@code query-product}. */
        public String cliName() {
            return NAMES.name(this);
        }

        /** Parses a command-line name, case-insensitively. */
        public static Shape parse(String name) {
            return NAMES.parse(name);
        }
    }

    /** The paper's product recommendation graph, its largest (Section 5.1). */
    public static final int PAPER_QUERIES = 633_000;

    public static final int PAPER_PRODUCTS = 2_710_000;
    public static final long PAPER_CLICKS = 228_000_000L;
    /** Most categories of the scaled query-product graphs. */
    private static final int MAX_CATEGORIES = 50;

    /** Fine-tuning steps of the paper's Table 7 for the product graph and the OAG-CS tasks. */
    public static final int PAPER_FINETUNE_STEPS = 1600;
    /** Validation interval of the engine's fine-tuning defaults. */
    public static final int EVAL_EVERY = 20;
    /** Seeds (node task) or positive edges (link task) per fine-tuning step, as the engine's defaults. */
    public static final int FINETUNE_BATCH = 256;

    /** A named encoder architecture. */
    public record Architecture(String name, ModelConfig model) {
        /** The paper's: HGT, 3 layers, hidden 400, 8 heads, dropout 0.2. */
        public static final Architecture PAPER = new Architecture("3x400x8", ModelConfig.PAPER_DEFAULT);
        /** A smaller one: HGT, 2 layers, hidden 128, 4 heads. */
        public static final Architecture SMALL =
                new Architecture("2x128x4", new ModelConfig(Backbone.HGT, 2, 128, 4, 0.2, 0.0));

        public static Architecture parse(String name) {
            return switch (name) {
                case "paper", "3x400x8" -> PAPER;
                case "small", "2x128x4" -> SMALL;
                default ->
                    throw new IllegalArgumentException("unknown architecture '" + name + "'; known: paper, small");
            };
        }
    }

    /**
     * What to run.
     *
     * @param shape the graph shape
     * @param scales graph sizes, each a fraction of the shape's scale 1 (ascending; the last is projected)
     * @param architectures encoders to time (none: the graph and its sampling only)
     * @param warmup untimed steps (and passes) first
     * @param repeats timed steps of each kind
     * @param passes timed embedding passes with every type's seeds (as many again of the largest type alone)
     * @param chunk seeds per type per embedding pass (deployments: {@value ScalingEstimate#EMBEDDING_CHUNK})
     * @param featureDim width of the dense features (query-product: products get one more column)
     * @param gpuPeakTflops the accelerator's assumed float32 peak, for the projection's estimate
     * @param gpuEfficiency the assumed fraction of that peak a step reaches
     * @param seed seeds the graphs, splits, models and steps
     */
    public record Settings(
            Shape shape,
            double[] scales,
            List<Architecture> architectures,
            int warmup,
            int repeats,
            int passes,
            int chunk,
            int featureDim,
            double gpuPeakTflops,
            double gpuEfficiency,
            long seed) {
        public Settings {
            if (scales.length == 0 || repeats < 1 || warmup < 0 || passes < 1 || chunk < 1) {
                throw new IllegalArgumentException("scaling needs at least one scale, repeats and passes of at least 1 "
                        + "and a non-negative warm-up");
            }
            for (double s : scales) {
                if (!(s > 0)) {
                    throw new IllegalArgumentException("scales must be positive; got " + s);
                }
            }
        }
    }

    /** The whole report. */
    public record Report(
            String shape,
            int processors,
            boolean heapPretouched,
            long maxHeapBytes,
            String featureDim,
            List<SizeFigures> sizes,
            Projection projection) {}

    private final Settings settings;
    private final Device device;
    private final Consumer<String> log;

    public ScalingBenchmark(Settings settings, Device device, Consumer<String> log) {
        this.settings = settings;
        this.device = device;
        this.log = log;
    }

    public Report run() {
        List<SizeFigures> sizes = new ArrayList<>();
        for (double scale : settings.scales()) {
            sizes.add(runSize(scale));
        }
        return new Report(
                settings.shape().cliName(),
                Runtime.getRuntime().availableProcessors(),
                ProcessMemory.heapPretouched(),
                Runtime.getRuntime().maxMemory(),
                settings.featureDim() + (settings.shape() == Shape.QUERY_PRODUCT ? " (products +1)" : ""),
                sizes,
                settings.architectures().isEmpty()
                        ? null
                        : ScalingProjection.project(settings, sizes.get(sizes.size() - 1)));
    }

    // ---- graphs ----

    /** Node counts per type of the shape at {@code scale}. */
    public static Map<String, Long> nodesAt(Shape shape, double scale) {
        Map<String, Long> out = new LinkedHashMap<>();
        if (shape == Shape.QUERY_PRODUCT) {
            out.put("query", Math.max(1, Math.round(PAPER_QUERIES * scale)));
            out.put("product", Math.max(4L, Math.round(PAPER_PRODUCTS * scale)));
        } else {
            // OagShapedGenerator.NODE_TYPES at scale 1, rounded as it rounds them (tested against the generator)
            long[] base = {300_000, 300_000, 300_000, 100_000, 100_000};
            String[] names = {"paper", "author", "field", "venue", "affiliation"};
            for (int i = 0; i < names.length; i++) {
                out.put(names[i], Math.max(2, Math.round(base[i] * scale)));
            }
        }
        return out;
    }

    /** Input edges of the shape at {@code scale}. */
    public static long edgesAt(Shape shape, double scale) {
        return shape == Shape.QUERY_PRODUCT
                ? Math.max(1, Math.round(PAPER_CLICKS * scale))
                : SyntheticGraphs.oagShapedInputEdges(scale);
    }

    private HeteroGraph build(double scale) {
        if (settings.shape() == Shape.OAG) {
            return SyntheticGraphs.oagShaped(new OagShapedConfig(scale, settings.featureDim(), 20, settings.seed()));
        }
        Map<String, Long> n = nodesAt(Shape.QUERY_PRODUCT, scale);
        long clicks = edgesAt(Shape.QUERY_PRODUCT, scale);
        if (clicks > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("scale " + scale + " gives more clicks than one generator run draws");
        }
        return SyntheticGraphs.queryProduct(QueryProductConfig.defaults()
                .withSeed(settings.seed())
                .withNumCategories(categories(n.get("query"), n.get("product"), clicks))
                .withFeatures(settings.featureDim(), 0.5)
                .withSize(n.get("query").intValue(), n.get("product").intValue(), (int) clicks));
    }

    /**
     * Categories for a query-product graph: the generator caps a query's clicks at half its smallest
     * category and at 10 times the mean, so categories hold at least 20 times the mean clicks per
     * query (the paper's graph: 360) where that allows two; at most {@value #MAX_CATEGORIES}.
     */
    static int categories(long queries, long products, long clicks) {
        double mean = (double) clicks / queries;
        return (int) Math.max(2, Math.min(MAX_CATEGORIES, Math.floor(products / (20 * mean))));
    }

    private String splitType() {
        return settings.shape() == Shape.OAG ? "paper" : "query";
    }

    private SizeFigures runSize(double scale) {
        double loadBefore = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        log.accept(String.format(
                Locale.ROOT,
                "== %s at scale %s: building the graph",
                settings.shape().cliName(),
                scale));
        long h0 = MemoryBenchmark.usedAfterGc();
        long t0 = System.nanoTime();
        HeteroGraph graph = build(scale);
        double buildSeconds = (System.nanoTime() - t0) / 1e9;
        long h1 = MemoryBenchmark.usedAfterGc();
        TextFigures text = null;
        long stringBytes = 0;
        if (TextInputs.hasText(graph) || hasKeys(graph)) {
            TextMeasure m = measureText(graph);
            // the strings' heap: what dropping them (and nothing else) frees
            long with = MemoryBenchmark.usedAfterGc();
            graph = m.stripped();
            m = new TextMeasure(m.figures(), null);
            stringBytes = with - MemoryBenchmark.usedAfterGc();
            TextFigures t = m.figures();
            text = new TextFigures(
                    t.nodes(),
                    t.strings(),
                    t.chars(),
                    stringBytes,
                    t.tfidfType(),
                    t.tfidfRows(),
                    t.tfidfBytes(),
                    t.tokenBytes(),
                    t.vocabulary());
        }
        long adjacency = 0;
        for (RelationType r : graph.relationTypes()) {
            adjacency += graph.adjacency(r).memoryBytes();
        }
        long features = 0;
        for (String t : graph.nodeTypes()) {
            features += graph.nodes(t).features() == null
                    ? 0
                    : graph.nodes(t).features().memoryBytes();
        }
        log.accept(String.format(
                Locale.ROOT,
                "  %,d nodes, %,d stored edges in %.1f s; splitting",
                graph.totalNodes(),
                graph.totalEdges(),
                buildSeconds));
        long h2 = MemoryBenchmark.usedAfterGc();
        GraphSplit split = new NodeTransferSplit(settings.seed()).split(graph, splitType());
        long h3 = MemoryBenchmark.usedAfterGc();
        Task task = task(graph, split);
        long h4 = MemoryBenchmark.usedAfterGc();
        Map<String, Integer> byType = new LinkedHashMap<>();
        for (String t : graph.nodeTypes()) {
            byType.put(t, graph.numNodes(t));
        }
        GraphFigures figures = new GraphFigures(
                scale,
                byType,
                graph.totalNodes(),
                edgesAt(settings.shape(), scale),
                graph.totalEdges(),
                buildSeconds,
                h1 - h0,
                adjacency,
                features,
                h3 - h2,
                split.pretrainGraph().totalEdges(),
                split.finetuneGraph().totalEdges(),
                task.name(),
                h4 - h3,
                task.evalItems());
        log.accept(String.format(
                Locale.ROOT,
                "  graph %.1f MiB (%.1f B/node, %.1f B/input edge), split +%.1f MiB, " + "task +%.1f MiB",
                figures.heapBytes() / MIB,
                figures.bytesPerNode(),
                figures.bytesPerInputEdge(),
                figures.splitBytes() / MIB,
                figures.taskBytes() / MIB));
        SamplingFigures sampling = sampling(graph, split.pretrainGraph(), task);
        log.accept(String.format(
                Locale.ROOT,
                "  host: pre-training batch %.1f ms (%,d nodes, %,d edges), fine-tuning "
                        + "batch %.1f ms (%,d nodes, %,d edges), embedding pass sampled in %.1f ms (%,d nodes, %,d edges)",
                sampling.pretrainHost().median(),
                sampling.pretrainNodes(),
                sampling.pretrainEdges(),
                sampling.finetuneHost().median(),
                sampling.finetuneNodes(),
                sampling.finetuneEdges(),
                sampling.embedSampling().median(),
                sampling.embedNodes(),
                sampling.embedEdges()));
        List<StepFigures> steps = new ArrayList<>();
        List<EmbeddingFigures> embeddings = new ArrayList<>();
        double ceilingBefore = settings.architectures().isEmpty() ? Double.NaN : ceiling();
        for (Architecture a : settings.architectures()) {
            steps.add(pretrain(split.pretrainGraph(), a));
            steps.add(finetune(task, a));
            embeddings.add(embed(graph, a));
        }
        double ceilingAfter = settings.architectures().isEmpty() ? Double.NaN : ceiling();
        double loadAfter = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        if (stringBytes < 0 || graph.totalNodes() < 0) {
            throw new IllegalStateException("unreachable: keeps the graph alive until measured");
        }
        return new SizeFigures(
                figures, text, sampling, steps, embeddings, loadBefore, loadAfter, ceilingBefore, ceilingAfter);
    }

    private double ceiling() {
        try (NDManager manager = NDManager.newBaseManager(device)) {
            return MatmulCeiling.measure(manager, 2048, 2048, 2048, 5);
        }
    }

    private static boolean hasKeys(HeteroGraph graph) {
        return graph.nodeTypes().stream().anyMatch(t -> graph.nodes(t).keys() != null);
    }

    private record TextMeasure(TextFigures figures, HeteroGraph stripped) {}

    /**
     * Measures the graph's text: the TF-IDF rows of the type with the most text, every node's token
     * ids, and the strings themselves (by dropping them: the graph the steps then run on has no
     * keys and no text, so pre-training has no text pair, as the paper's product graph).
     */
    private TextMeasure measureText(HeteroGraph graph) {
        long nodesWithText = 0;
        long strings = 0;
        long chars = 0;
        for (String t : graph.nodeTypes()) {
            NodeTable n = graph.nodes(t);
            for (String[] column : new String[][] {n.keys(), n.text()}) {
                if (column != null) {
                    for (String v : column) {
                        strings += v == null ? 0 : 1;
                        chars += v == null ? 0 : v.length();
                    }
                }
            }
            nodesWithText += n.text() == null ? 0 : n.count();
        }
        List<String> textTypes = TextInputs.textTypes(graph);
        String tfidfType = textTypes.isEmpty() ? null : textTypes.get(0);
        long tfidfBytes = 0;
        long tfidfRows = 0;
        long tokenBytes = 0;
        int vocabulary = 0;
        if (tfidfType != null) {
            log.accept(
                    "  text: learning a vocabulary from the pre-training nodes, " + tfidfType + " as a text-only type");
            NodeTable t = graph.nodes(tfidfType);
            HeteroGraph textOnly = graph.withNodes(t.withFeatures(null));
            TextInputs inputs = TextInputs.learnForSplit(
                            textOnly,
                            new PretrainSplit.NodeTransfer(settings.seed(), splitType()),
                            TextInputConfig.defaults())
                    .orElseThrow();
            vocabulary = inputs.vocabulary().size();
            tfidfRows = t.count();
            tfidfBytes = inputs.features(tfidfType, t.text()).memoryBytes();
            long before = MemoryBenchmark.usedAfterGc();
            NodeTokens tokens = NodeTokens.of(graph, inputs.tokenizer());
            tokenBytes = MemoryBenchmark.usedAfterGc() - before;
            if (tokens.byType().isEmpty() && tokenBytes < 0) {
                throw new IllegalStateException("unreachable: keeps the tokens alive until measured");
            }
        }
        HeteroGraph stripped = graph;
        for (String t : graph.nodeTypes()) {
            NodeTable n = graph.nodes(t);
            stripped = stripped.withNodes(
                    new NodeTable(n.name(), n.count(), null, n.features(), n.labels(), null, n.time(), n.splits()));
        }
        return new TextMeasure(
                new TextFigures(
                        nodesWithText, strings, chars, 0, tfidfType, tfidfRows, tfidfBytes, tokenBytes, vocabulary),
                stripped);
    }

    // ---- fine-tuning tasks ----

    /** A fine-tuning task with what the bench needs to know of its batches. */
    private record Task(
            String name,
            FineTuningTask<Object> task,
            Function<Object, Subgraph> subgraph,
            Function<Object, Integer> headRows,
            int headWidth,
            long evalItems) {}

    @SuppressWarnings("unchecked")
    private Task task(HeteroGraph graph, GraphSplit split) {
        SamplingConfig sampling = SamplingConfig.defaults();
        HeteroGraph finetune = split.finetuneGraph();
        if (settings.shape() == Shape.OAG) {
            NodeClassificationTask t = new NodeClassificationTask(
                    finetune,
                    "paper",
                    split.train(),
                    split.val(),
                    split.test(),
                    Samplers.forGraph(finetune, sampling),
                    FINETUNE_BATCH);
            int classes = finetune.nodes("paper").labels().numClasses();
            return new Task(
                    "node classification of paper",
                    (FineTuningTask<Object>) (FineTuningTask<?>) t,
                    b -> ((NodeClassificationTask.Batch) b).subgraph(),
                    b -> ((NodeClassificationTask.Batch) b).seeds().length,
                    classes,
                    split.val().length);
        }
        RelationType clicked = graph.relation("clicked");
        LinkSplit links =
                LinkSplit.holdOut(finetune, clicked, split.train(), split.val(), split.test(), 0.2, settings.seed());
        SubgraphSampler sampler = Samplers.forGraph(links.structure(), sampling);
        LinkPredictionTask t = new LinkPredictionTask(
                finetune,
                links,
                sampler,
                LinkTaskConfig.sampledSoftmax(FINETUNE_BATCH, 255, 255, 0.1, settings.seed()));
        return new Task(
                "link prediction of clicked (255 negatives)",
                (FineTuningTask<Object>) (FineTuningTask<?>) t,
                b -> ((LinkBatch) b).subgraph(),
                b -> ((LinkBatch) b).anchors().length + ((LinkBatch) b).candidates().length,
                0,
                links.val().size());
    }

    // ---- steps ----

    /** Host preparation alone: {@code repeats} batches of each kind after {@code warmup}, and the embedding passes' sampling. */
    private SamplingFigures sampling(HeteroGraph graph, HeteroGraph pretrainGraph, Task task) {
        PretrainConfig pretrain = pretrainConfig();
        PretrainBatchSampler batches = new PretrainBatchSampler(
                pretrainGraph, Samplers.forGraph(pretrainGraph, pretrain.sampling()), pretrain, null);
        int n = settings.repeats();
        double[] preMs = new double[n];
        int[] preNodes = new int[n];
        int[] preEdges = new int[n];
        double[] fineMs = new double[n];
        int[] fineNodes = new int[n];
        int[] fineEdges = new int[n];
        for (int step = 1; step <= settings.warmup() + n; step++) {
            long t0 = System.nanoTime();
            PretrainBatch batch = batches.prepare(step, StepRandom.rngFor(pretrain.seed(), step));
            long t1 = System.nanoTime();
            Object fine = task.task().prepare(step, StepRandom.rngFor(settings.seed() ^ 0xF1, step));
            long t2 = System.nanoTime();
            int r = step - settings.warmup() - 1;
            if (r >= 0) {
                preMs[r] = (t1 - t0) / 1e6;
                preNodes[r] = batch.unmasked().totalNodes();
                preEdges[r] = PretrainFlopCounter.withMaskedEdges(batch).totalEdges();
                fineMs[r] = (t2 - t1) / 1e6;
                fineNodes[r] = task.subgraph().apply(fine).totalNodes();
                fineEdges[r] = task.subgraph().apply(fine).totalEdges();
            }
        }
        // embedding passes with seeds of every type (fewer than asked when a type runs out)
        SubgraphSampler sampler = Samplers.forGraph(graph, SamplingConfig.defaults());
        int chunk = settings.chunk();
        int passes = settings.passes();
        for (String t : graph.nodeTypes()) {
            passes = Math.min(passes, Math.max(1, graph.numNodes(t) / chunk));
        }
        double[] embedMs = new double[passes];
        int[] embedNodes = new int[passes];
        int[] embedEdges = new int[passes];
        Map<String, int[]> spread = new LinkedHashMap<>();
        for (String t : graph.nodeTypes()) {
            spread.put(t, spreadChunks(graph.numNodes(t), passes, chunk));
        }
        for (int p = 0; p < passes; p++) {
            Map<String, int[]> seeds = new LinkedHashMap<>();
            for (Map.Entry<String, int[]> e : spread.entrySet()) {
                int from = Math.min(e.getValue().length, p * chunk);
                seeds.put(
                        e.getKey(),
                        Arrays.copyOfRange(e.getValue(), from, Math.min(e.getValue().length, from + chunk)));
            }
            long t0 = System.nanoTime();
            Subgraph sub = sampler.sample(graph, seeds, StepRandom.rngFor(settings.seed(), p));
            embedMs[p] = (System.nanoTime() - t0) / 1e6;
            embedNodes[p] = sub.totalNodes();
            embedEdges[p] = sub.totalEdges();
        }
        return new SamplingFigures(
                Timing.of(preMs),
                BenchMath.median(preNodes),
                BenchMath.median(preEdges),
                Timing.of(fineMs),
                BenchMath.median(fineNodes),
                BenchMath.median(fineEdges),
                Timing.of(embedMs),
                BenchMath.median(embedNodes),
                BenchMath.median(embedEdges));
    }

    private PretrainConfig pretrainConfig() {
        return PretrainConfig.PAPER_DEFAULT
                .withSampling(SamplingConfig.defaults(), PretrainConfig.PAPER_DEFAULT.seedNodes(), 0)
                .withSeed(settings.seed());
    }

    private StepFigures pretrain(HeteroGraph graph, Architecture a) {
        log.accept("  " + a.name() + ": DiP-GNN pre-training steps");
        Engine engine = Devices.engine();
        GraphSchema schema = GraphSchema.of(graph);
        PretrainConfig pretrain = pretrainConfig();
        PretrainBatchSampler batches =
                new PretrainBatchSampler(graph, Samplers.forGraph(graph, pretrain.sampling()), pretrain, null);
        long baseline = baselineRss();
        try (NDManager manager = NDManager.newBaseManager(device)) {
            PretrainStepBenchmark.Setup setup =
                    PretrainStepBenchmark.setUp(graph, schema, a.model(), pretrain, batches, manager, null);
            long model = ProcessMemory.rssMib();
            boolean reset = ProcessMemory.resetPeak();
            double[] total = new double[settings.repeats()];
            double[] host = new double[settings.repeats()];
            int[] nodes = new int[settings.repeats()];
            int[] edges = new int[settings.repeats()];
            double flops = 0;
            int nonFinite = 0;
            for (int step = 1; step <= settings.warmup() + settings.repeats(); step++) {
                long s0 = System.nanoTime();
                PretrainBatch batch = batches.prepare(step, StepRandom.rngFor(pretrain.seed(), step));
                long s1 = System.nanoTime();
                long[] marks = PretrainStepBenchmark.trainStep(engine, manager, setup, batch);
                int r = step - settings.warmup() - 1;
                if (r >= 0) {
                    total[r] = (marks[2] - s0) / 1e6;
                    host[r] = (s1 - s0) / 1e6;
                    nodes[r] = batch.unmasked().totalNodes();
                    edges[r] = PretrainFlopCounter.withMaskedEdges(batch).totalEdges();
                    flops += PretrainFlopCounter.count(pretrain.method(), schema, a.model(), batch)
                            .step();
                    nonFinite += (int) marks[3];
                }
            }
            Resident memory = new Resident(
                    baseline,
                    model - baseline,
                    ProcessMemory.peakRssMib() - baseline,
                    ProcessMemory.rssMib() - baseline,
                    reset);
            StepFigures f = new StepFigures(
                    "pretrain",
                    a.name(),
                    setup.parameters(),
                    BenchMath.median(nodes),
                    BenchMath.median(edges),
                    Timing.of(total),
                    Timing.of(host),
                    flops / settings.repeats() / 1e9,
                    nonFinite,
                    memory);
            log.accept(describe(f));
            return f;
        }
    }

    private StepFigures finetune(Task task, Architecture a) {
        log.accept("  " + a.name() + ": fine-tuning steps (" + task.name() + ")");
        Engine engine = Devices.engine();
        GraphSchema schema = GraphSchema.of(task.task().modelGraph());
        long baseline = baselineRss();
        try (NDManager manager = NDManager.newBaseManager(device)) {
            GraphEncoder encoder = new GraphEncoder(schema, a.model());
            GraphModule head = task.task().createHead(a.model().hidden());
            ModelInitialization.initialize(settings.seed(), manager, encoder, head);
            ParameterUpdater updater = new ParameterUpdater(OptimizerConfig.FINE_TUNING, encoder, head);
            long model = ProcessMemory.rssMib();
            boolean reset = ProcessMemory.resetPeak();
            double[] total = new double[settings.repeats()];
            double[] host = new double[settings.repeats()];
            int[] nodes = new int[settings.repeats()];
            int[] edges = new int[settings.repeats()];
            double flops = 0;
            int nonFinite = 0;
            for (int step = 1; step <= settings.warmup() + settings.repeats(); step++) {
                long s0 = System.nanoTime();
                Object batch = task.task().prepare(step, StepRandom.rngFor(settings.seed() ^ 0xF1, step));
                long s1 = System.nanoTime();
                engine.setRandomSeed((int) StepRandom.seedFor(settings.seed(), step));
                try {
                    TrainingStep.run(
                            manager,
                            engine,
                            updater,
                            scope ->
                                    new TrainingStep.Forward<Void>(task.task().loss(encoder, head, batch, scope), null),
                            "benchmark loss",
                            TrainingStep.Timing.NONE);
                } catch (NonFiniteLossException e) {
                    nonFinite++;
                }
                long s2 = System.nanoTime();
                int r = step - settings.warmup() - 1;
                if (r >= 0) {
                    Subgraph sub = task.subgraph().apply(batch);
                    total[r] = (s2 - s0) / 1e6;
                    host[r] = (s1 - s0) / 1e6;
                    nodes[r] = sub.totalNodes();
                    edges[r] = sub.totalEdges();
                    flops += 3
                            * FlopCounter.forwardFlops(
                                    schema,
                                    a.model(),
                                    sub,
                                    task.headRows().apply(batch),
                                    task.headWidth() == 0 ? a.model().hidden() : task.headWidth());
                }
            }
            Resident memory = new Resident(
                    baseline,
                    model - baseline,
                    ProcessMemory.peakRssMib() - baseline,
                    ProcessMemory.rssMib() - baseline,
                    reset);
            StepFigures f = new StepFigures(
                    "finetune",
                    a.name(),
                    encoder.parameterCount() + head.parameterCount(),
                    BenchMath.median(nodes),
                    BenchMath.median(edges),
                    Timing.of(total),
                    Timing.of(host),
                    flops / settings.repeats() / 1e9,
                    nonFinite,
                    memory);
            log.accept(describe(f));
            return f;
        }
    }

    /**
     * Embeds {@code passes} chunks of every type and as many again of the largest type alone, as a
     * deployment does (inference mode, frozen parameters, {@value ScalingEstimate#EMBEDDING_CHUNK}
     * seeds per type per pass); the chunks are spread over each type's id range.
     */
    private EmbeddingFigures embed(HeteroGraph graph, Architecture a) {
        log.accept("  " + a.name() + ": embedding passes");
        int chunk = settings.chunk();
        int passes = settings.passes();
        int warm = Math.min(settings.warmup(), 1);
        String largest = graph.nodeTypes().get(0);
        for (String t : graph.nodeTypes()) {
            if (graph.numNodes(t) > graph.numNodes(largest)) {
                largest = t;
            }
        }
        Map<String, int[]> ids = new LinkedHashMap<>();
        for (String t : graph.nodeTypes()) {
            ids.put(t, spreadChunks(graph.numNodes(t), (t.equals(largest) ? 2 * passes : passes) + warm, chunk));
        }
        GraphSchema schema = GraphSchema.of(graph);
        SubgraphSampler sampler = Samplers.forGraph(graph, SamplingConfig.defaults());
        long baseline = baselineRss();
        try (NDManager manager = NDManager.newBaseManager(device)) {
            GraphEncoder encoder = new GraphEncoder(schema, a.model());
            ModelInitialization.initialize(settings.seed(), manager, encoder);
            for (Parameter p : encoder.parameters().values()) {
                p.getArray().setRequiresGradient(false);
            }
            long model = ProcessMemory.rssMib();
            boolean reset = ProcessMemory.resetPeak();
            int total = 0;
            int allTypesEnd = Integer.MAX_VALUE;
            int othersEnd = 0;
            for (Map.Entry<String, int[]> e : ids.entrySet()) {
                int p = (e.getValue().length + chunk - 1) / chunk;
                total = Math.max(total, p);
                allTypesEnd = Math.min(allTypesEnd, p);
                if (!e.getKey().equals(largest)) {
                    othersEnd = Math.max(othersEnd, p);
                }
            }
            long[] marks = new long[total + 1];
            int[] done = {0};
            NodeEmbedder embedder = new NodeEmbedder(graph, sampler, chunk);
            long before = MemoryBenchmark.usedAfterGc();
            Map<String, NodeEmbedder.Table> tables;
            marks[0] = System.nanoTime();
            try (NDManager scope = manager.newSubManager()) {
                tables = embedder.embed(
                        encoder, ids, scope, settings.seed(), (d, t) -> marks[++done[0]] = System.nanoTime());
            }
            long tableBytes = MemoryBenchmark.usedAfterGc() - before;
            Resident memory = new Resident(
                    baseline,
                    model - baseline,
                    ProcessMemory.peakRssMib() - baseline,
                    ProcessMemory.rssMib() - baseline,
                    reset);
            // passes before allTypesEnd have seeds of every type, passes from othersEnd of the largest type alone
            List<Double> all = new ArrayList<>();
            List<Double> alone = new ArrayList<>();
            for (int p = warm; p < total; p++) {
                double ms = (marks[p + 1] - marks[p]) / 1e6;
                if (p < allTypesEnd) {
                    all.add(ms);
                } else if (p >= othersEnd) {
                    alone.add(ms);
                }
            }
            // sizes and FLOPs of the timed all-types passes, sampled again as the embedder did (same seeds and streams)
            int from = Math.min(warm, Math.max(0, allTypesEnd - 1));
            int to = Math.max(from + 1, Math.min(allTypesEnd, warm + passes));
            int[] sampledNodes = new int[to - from];
            int[] sampledEdges = new int[to - from];
            double gflop = 0;
            for (int p = from; p < to; p++) {
                Map<String, int[]> seeds = new LinkedHashMap<>();
                for (Map.Entry<String, int[]> e : ids.entrySet()) {
                    int start = Math.min(e.getValue().length, p * chunk);
                    int end = Math.min(e.getValue().length, start + chunk);
                    if (end > start) {
                        seeds.put(e.getKey(), Arrays.copyOfRange(e.getValue(), start, end));
                    }
                }
                Subgraph sub = sampler.sample(graph, seeds, StepRandom.rngFor(settings.seed(), p));
                sampledNodes[p - from] = sub.totalNodes();
                sampledEdges[p - from] = sub.totalEdges();
                gflop += FlopCounter.encoderFlops(schema, a.model(), sub) / (to - from) / 1e9;
            }
            long embedded = 0;
            for (int[] v : ids.values()) {
                embedded += v.length;
            }
            if (tables.size() != ids.size()) {
                throw new IllegalStateException(
                        "the embedder returned " + tables.size() + " tables for " + ids.size() + " types");
            }
            EmbeddingFigures f = new EmbeddingFigures(
                    a.name(),
                    chunk,
                    timing(all),
                    timing(alone),
                    BenchMath.median(sampledNodes),
                    BenchMath.median(sampledEdges),
                    gflop,
                    embedded,
                    tableBytes,
                    memory);
            log.accept(String.format(
                    Locale.ROOT,
                    "    %.1f ms per pass of all types (p10 %.1f, p90 %.1f), %.1f ms "
                            + "largest type alone; %,d nodes / %,d edges sampled; tables %.0f B/node; RSS +%d MiB peak",
                    f.allTypes() == null ? Double.NaN : f.allTypes().median(),
                    f.allTypes() == null ? Double.NaN : f.allTypes().p10(),
                    f.allTypes() == null ? Double.NaN : f.allTypes().p90(),
                    f.largestOnly() == null ? Double.NaN : f.largestOnly().median(),
                    f.sampledNodes(),
                    f.sampledEdges(),
                    f.tableBytesPerNode(),
                    memory.peakMib()));
            return f;
        }
    }

    private static Timing timing(List<Double> millis) {
        return millis.isEmpty()
                ? null
                : Timing.of(millis.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** {@code chunks} blocks of {@code chunk} consecutive ids, spread evenly over {@code 0..n-1} (fewer when n is small). */
    static int[] spreadChunks(int n, int chunks, int chunk) {
        if ((long) chunks * chunk >= n) {
            int[] all = new int[n];
            Arrays.setAll(all, i -> i);
            return all;
        }
        int[] out = new int[chunks * chunk];
        long stride = (n - (long) chunk) / Math.max(1, chunks - 1);
        for (int c = 0; c < chunks; c++) {
            long start = chunks == 1 ? 0 : c * stride;
            for (int i = 0; i < chunk; i++) {
                out[c * chunk + i] = (int) (start + i);
            }
        }
        return out;
    }

    /** RSS after full collections and with the allocator's free memory handed back. */
    private static long baselineRss() {
        MemoryBenchmark.usedAfterGc();
        ProcessMemory.releaseFreeNativeMemory();
        return ProcessMemory.rssMib();
    }

    private static String describe(StepFigures f) {
        return String.format(
                Locale.ROOT,
                "    %.1f ms per step (p10 %.1f, p90 %.1f; host %.1f), %.2f steps/s; "
                        + "%,d nodes / %,d edges sampled; %.2f GFLOP; RSS +%d MiB model, +%d MiB peak, +%d MiB after%s",
                f.step().median(),
                f.step().p10(),
                f.step().p90(),
                f.host().median(),
                f.stepsPerSecond(),
                f.sampledNodes(),
                f.sampledEdges(),
                f.gflop(),
                f.memory().modelMib(),
                f.memory().peakMib(),
                f.memory().afterMib(),
                f.nonFinite() > 0 ? "; " + f.nonFinite() + " non-finite steps" : "");
    }

    private static final double MIB = 1024.0 * 1024;
}
