package com.dipgnn.bench;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDManager;
import com.dipgnn.finetuning.FineTuneDefaults;
import com.dipgnn.finetuning.LinkBatch;
import com.dipgnn.finetuning.LinkPredictionTask;
import com.dipgnn.finetuning.LinkTaskConfig;
import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.StepRandom;
import com.dipgnn.graph.split.LinkSplit;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.ChunkedArrays;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.NodeEmbeddingTable;
import com.dipgnn.model.NodeIdSpace;
import com.dipgnn.model.NodeInputConfig;
import com.dipgnn.optim.ModelInitialization;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.optim.ParameterUpdater;
import com.dipgnn.optim.TrainingStep;
import com.dipgnn.ranking.RankingLoss;
import com.dipgnn.runtime.Devices;
import com.dipgnn.sampling.FullGraphSampler;
import com.dipgnn.sampling.Samplers;
import com.dipgnn.sampling.SamplingConfig;
import com.dipgnn.sampling.WholeGraphBudget;
import com.dipgnn.store.NodeEmbeddingFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Consumer;

/**
 * What per-node embeddings cost as the table grows: a link-prediction fine-tuning step (the task's
 * own batch and loss, HGSampling around 256 positive edges) on an id-only user-item graph whose
 * user table has each of the given row counts (items: a fifth as many, so the sampled subgraphs
 * look alike at every size). A step touches the same number of rows at every size, so its time
 * should not grow with the table; the state per node is the row, its two Adam moments and a flag.
 */
public final class NodeEmbeddingBenchmark {

    /** The relation of the benchmark graph. */
    public static final RelationType CLICKS = new RelationType("user", "clicks", "item");

    /**
     * @param rows user-table sizes to time
     * @param width embedding width (= hidden width of the encoder, 2 layers, 4 heads)
     * @param clicksPerUser clicks of each user (items get 5 times as many on average)
     * @param warmup untimed steps first
     * @param repeats timed steps
     * @param roundTrip also time writing and reading the tables of each size
     * @param backbone the encoder's layers (the recommendation default: GAT)
     * @param positives positive pairs a step on a data set's own split ({@link #runOn}); 0 = the
     *     recommendation default's batch
     */
    public record Settings(
            int[] rows,
            int width,
            int clicksPerUser,
            int warmup,
            int repeats,
            boolean roundTrip,
            Backbone backbone,
            int positives) {
        public Settings {
            if (positives < 0) {
                throw new IllegalArgumentException("positives must be 0 (the default batch) or more, got " + positives);
            }
        }

        public static Settings defaults() {
            return new Settings(
                    new int[] {10_000, 1_000_000},
                    64,
                    3,
                    5,
                    30,
                    true,
                    FineTuneDefaults.recommendation().model().backbone(),
                    0);
        }
    }

    /** The figures of one table size. */
    public record SizeReport(
            int userRows,
            int itemRows,
            int sampledNodes,
            StepTimes sampling,
            StepTimes forward,
            StepTimes backward,
            StepTimes optimizer,
            StepTimes math,
            long stateNativeMib,
            long fileBytes,
            double writeSeconds,
            double readSeconds) {}

    /**
     * @param stateBytesPerNode the row, its first and second moments (float32 each) and one bit of
     *     trained flag: 12 x width + 1/8 bytes
     * @param measuredBytesPerNode native memory growth per row (both tables) when the largest table
     *     and its moments were created
     * @param positives positive pairs a timed step had
     */
    public record Report(
            String device,
            Backbone backbone,
            int width,
            int positives,
            double stateBytesPerNode,
            double measuredBytesPerNode,
            List<SizeReport> sizes,
            String loadAverage) {}

    /** Positive pairs a step of the synthetic-graph sizes ({@link #run}) has. */
    static final int SYNTHETIC_POSITIVES = 256;

    /** HGSampling two hops of 128 nodes per type around each step's positives. */
    private static final SamplingConfig SAMPLING = new SamplingConfig(2, 128);

    private final Settings settings;
    private final Device device;

    public NodeEmbeddingBenchmark(Settings settings, Device device) {
        this.settings = settings;
        this.device = device;
    }

    /** Runs every size; {@code log} receives a line per phase. */
    public Report run(Consumer<String> log) {
        List<SizeReport> sizes = new ArrayList<>();
        SizeReport largest = null;
        for (int rows : settings.rows()) {
            log.accept(String.format(Locale.ROOT, "user table of %,d rows: building the graph", rows));
            HeteroGraph graph = graph(rows, settings.clicksPerUser(), 1);
            SizeReport r = runSize(graph, task(graph), CLICKS, settings.roundTrip(), log);
            sizes.add(r);
            largest = largest == null || r.userRows() > largest.userRows() ? r : largest;
        }
        double measured = largest == null
                ? Double.NaN
                : largest.stateNativeMib() * 1024.0 * 1024.0 / (largest.userRows() + largest.itemRows());
        double perNode = 3.0 * Float.BYTES * settings.width() + 1.0 / 8;
        return new Report(
                device.toString(),
                settings.backbone(),
                settings.width(),
                SYNTHETIC_POSITIVES,
                perNode,
                measured,
                sizes,
                loadAverage());
    }

    /** The machine's load averages (1, 5, 15 minutes) at the end, from /proc/loadavg; "unknown" elsewhere. */
    static String loadAverage() {
        try {
            String[] parts = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return parts[0] + " " + parts[1] + " " + parts[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    /**
     * The link task's default step on an edge split ({@link FineTuneDefaults#recommendation()}:
     * 1,024 positives against the log-Q corrected pool, the whole graph when it has at most 100,000
     * nodes, else HGSampling 2 × 128)
     * on a data set's own edge split (its training edges only), e.g. Gowalla, or a seeded per-user
     * hold-out where the relation has no split marks: one size, the data set's, and no file round
     * trip. The encoder is the settings' backbone, 2 layers × width × 4 heads (the recommendation
     * default: GAT at width 64), and a step has the settings' positives.
     *
     * @param relation the predicted user-item relation
     */
    public Report runOn(HeteroGraph graph, RelationType relation, Consumer<String> log) {
        DatasetTask t = datasetTask(graph, relation);
        log.accept(t.summary());
        SizeReport r = runSize(t.structure(), t.task(), relation, false, log);
        return new Report(
                device.toString(),
                settings.backbone(),
                settings.width(),
                t.positives(),
                3.0 * Float.BYTES * settings.width() + 1.0 / 8,
                Double.NaN,
                List.of(r),
                loadAverage());
    }

    /** The link task of {@link #runOn}, the graph it trains on, its positives a step and a line saying what a step is. */
    record DatasetTask(LinkPredictionTask task, HeteroGraph structure, int positives, String summary) {}

    /** The link task {@link #runOn} steps: the data set's own edge split, the recommendation default's sampling. */
    DatasetTask datasetTask(HeteroGraph graph, RelationType relation) {
        SplitMode mode = graph.adjacency(relation).hasSplits() ? SplitMode.DATASET : SplitMode.HOLDOUT;
        LinkSplit split = mode.edgeSplit(graph, relation, 0);
        FineTuneDefaults defaults = FineTuneDefaults.recommendation();
        int positives = settings.positives() > 0 ? settings.positives() : defaults.batchSize();
        HeteroGraph structure = split.structure();
        ModelConfig model = encoder();
        boolean whole = WholeGraphBudget.ofNodes(defaults.fullGraphMaxNodes())
                .allows(structure, model.hidden(), model.layers(), 1);
        LinkPredictionTask task = new LinkPredictionTask(
                structure,
                split,
                whole ? new FullGraphSampler() : Samplers.forGraph(structure, SAMPLING),
                LinkTaskConfig.sampledSoftmax(positives, 255, 255, 0.1, 1)
                        .withObjective(RankingLoss.SOFTMAX, defaults.linkNegatives(RankingLoss.SOFTMAX)));
        String summary = String.format(
                Locale.ROOT,
                "%s: %,d training pairs, %s %d x %d x %d, %s, %d positives" + " a step",
                graph.name(),
                split.train().src().length,
                model.backbone(),
                model.layers(),
                model.hidden(),
                model.heads(),
                whole ? "the whole graph every step" : "HGSampling 2 x 128",
                positives);
        return new DatasetTask(task, structure, positives, summary);
    }

    /** The recommendation default's encoder (2 layers × 4 heads) with the benchmark's backbone and width. */
    ModelConfig encoder() {
        ModelConfig d = FineTuneDefaults.recommendation().model();
        return new ModelConfig(
                settings.backbone(),
                d.layers(),
                settings.width(),
                d.heads(),
                d.dropout(),
                d.attentionDropout(),
                NodeInputConfig.DEFAULT);
    }

    private SizeReport runSize(
            HeteroGraph graph,
            LinkPredictionTask task,
            RelationType relation,
            boolean roundTrip,
            Consumer<String> log) {
        Engine engine = Devices.engine();
        ModelConfig model = encoder();
        int steps = settings.warmup() + settings.repeats();
        double[][] phases = new double[4][settings.repeats()];
        int[] nodes = new int[settings.repeats()];
        try (NDManager manager = NDManager.newBaseManager(device)) {
            ProcessMemory.releaseFreeNativeMemory();
            long before = ProcessMemory.rssMib();
            GraphEncoder encoder =
                    new GraphEncoder(GraphSchema.of(graph, model.nodeInputs()), model, NodeIdSpace.of(graph));
            GraphModule head = task.createHead(model.hidden());
            ModelInitialization.initialize(1, manager, encoder, head);
            ParameterUpdater updater = new ParameterUpdater(OptimizerConfig.FINE_TUNING, encoder, head);
            long grown = -1;
            for (int step = 0; step < steps; step++) {
                long t0 = System.nanoTime();
                LinkBatch batch = task.prepare(step + 1, StepRandom.rngFor(3, step + 1));
                long[] marks = step(engine, task, encoder, head, batch, manager, updater);
                if (step == 0) {
                    ProcessMemory.releaseFreeNativeMemory();
                    grown = ProcessMemory.rssMib() - before;
                }
                int r = step - settings.warmup();
                if (r >= 0) {
                    phases[0][r] = (marks[0] - t0) / 1e6;
                    phases[1][r] = (marks[1] - marks[0]) / 1e6;
                    phases[2][r] = (marks[2] - marks[1]) / 1e6;
                    phases[3][r] = (marks[3] - marks[2]) / 1e6;
                    nodes[r] = batch.subgraph().totalNodes();
                }
            }
            log.accept(String.format(Locale.ROOT, "  %d steps timed", settings.repeats()));
            long[] io = roundTrip ? roundTrip(encoder, manager, log) : new long[] {-1, -1, -1};
            return new SizeReport(
                    graph.numNodes(relation.source()),
                    graph.numNodes(relation.target()),
                    BenchMath.median(nodes),
                    new StepTimes(phases[0]),
                    new StepTimes(phases[1]),
                    new StepTimes(phases[2]),
                    new StepTimes(phases[3]),
                    new StepTimes(BenchMath.sum(phases[1], phases[2], phases[3])),
                    grown,
                    io[0],
                    io[1] / 1e9,
                    io[2] / 1e9);
        }
    }

    /** One fine-tuning step; the nano times at its start and after forward, backward and the optimizer. */
    static long[] step(
            Engine engine,
            LinkPredictionTask task,
            GraphEncoder encoder,
            GraphModule head,
            LinkBatch batch,
            NDManager manager,
            ParameterUpdater updater) {
        long[] marks = new long[4];
        marks[0] = System.nanoTime();
        TrainingStep.run(
                manager,
                engine,
                updater,
                scope -> new TrainingStep.Forward<Void>(task.loss(encoder, head, batch, scope), null),
                "benchmark loss",
                new StepBenchmark.PhaseMarks(marks, 1, head));
        return marks;
    }

    /** Bytes, write and read nanoseconds of the encoder's tables through {@link NodeEmbeddingFiles}. */
    private static long[] roundTrip(GraphEncoder encoder, NDManager manager, Consumer<String> log) {
        try {
            Path file = Files.createTempFile("dipgnn-node-embeddings", ".bin");
            try {
                long t0 = System.nanoTime();
                NodeEmbeddingFiles.write(file, encoder, ChunkedArrays.DEFAULT_CHUNK_FLOATS);
                long t1 = System.nanoTime();
                NodeEmbeddingFiles.read(file, manager, ChunkedArrays.DEFAULT_CHUNK_FLOATS)
                        .values()
                        .forEach(NodeEmbeddingTable::close);
                long t2 = System.nanoTime();
                log.accept(String.format(Locale.ROOT, "  tables written (%,d bytes) and read back", Files.size(file)));
                return new long[] {Files.size(file), t1 - t0, t2 - t1};
            } finally {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The task: every click a training positive, a few held out for the (unused) evaluation. */
    private static LinkPredictionTask task(HeteroGraph graph) {
        int[] src = sources(graph);
        int[] dst = graph.adjacency(CLICKS).targetArray();
        LinkSplit.Edges train = new LinkSplit.Edges(src, dst);
        LinkSplit.Edges few = new LinkSplit.Edges(Arrays.copyOf(src, 16), Arrays.copyOf(dst, 16));
        LinkSplit split = new LinkSplit(CLICKS, graph, train, few, few);
        return new LinkPredictionTask(
                graph,
                split,
                Samplers.forGraph(graph, SAMPLING),
                LinkTaskConfig.sampledSoftmax(SYNTHETIC_POSITIVES, 255, 255, 0.1, 1));
    }

    private static int[] sources(HeteroGraph graph) {
        com.dipgnn.graph.CsrAdjacency a = graph.adjacency(CLICKS);
        int[] src = new int[a.numEdges()];
        for (int s = 0; s < a.numSources(); s++) {
            Arrays.fill(src, a.rowStart(s), a.rowEnd(s), s);
        }
        return src;
    }

    /** An id-only graph: {@code users} users, a fifth as many items, each user clicking distinct random items. */
    static HeteroGraph graph(int users, int clicksPerUser, long seed) {
        int items = Math.max(clicksPerUser * 2, users / 5);
        Random rng = new Random(seed);
        int[] src = new int[users * clicksPerUser];
        int[] dst = new int[users * clicksPerUser];
        for (int u = 0; u < users; u++) {
            int first = rng.nextInt(items);
            for (int k = 0; k < clicksPerUser; k++) {
                src[u * clicksPerUser + k] = u;
                dst[u * clicksPerUser + k] = (first + k * (1 + rng.nextInt(items / clicksPerUser - 1))) % items;
            }
        }
        return new GraphBuilder("node-embeddings-" + users)
                .addNodes(NodeTable.ofCount("user", users))
                .addNodes(NodeTable.ofCount("item", items))
                .addEdges(CLICKS, src, dst, null, true)
                .build();
    }
}
