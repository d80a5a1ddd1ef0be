package com.dipgnn.bench;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.FineTuneConfig;
import com.dipgnn.finetuning.FineTuneDefaults;
import com.dipgnn.finetuning.FineTuneExperiment;
import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.synthetic.QueryProductConfig;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.CosineScorer;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.optim.ModelInitialization;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.optim.TrainingListener;
import com.dipgnn.ranking.PopularityPrior;
import com.dipgnn.ranking.PopularityPriorSetting;
import com.dipgnn.runtime.Devices;
import com.dipgnn.sampling.SamplingConfig;
import com.dipgnn.serving.DeploymentListener;
import com.dipgnn.serving.DeploymentOptions;
import com.dipgnn.serving.ExactIndex;
import com.dipgnn.serving.GraphIndex;
import com.dipgnn.serving.IndexOptions;
import com.dipgnn.serving.IvfIndex;
import com.dipgnn.serving.ModelDeployment;
import com.dipgnn.serving.RecallCalibration;
import com.dipgnn.serving.ScoredNode;
import com.dipgnn.serving.VectorIndex;
import com.dipgnn.store.InputPreparation;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.store.ModelStore;
import com.dipgnn.store.ModelTask;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;

/**
 * Top-k recommendation latency of a deployed link-prediction model on a query-product graph with
 * many products: the whole serving path (model directory, embedding every node through the GNN,
 * index build), then single-thread top-k queries of query nodes against the exact scan and the
 * inverted file at several {@code nprobe}, with recall@k of the inverted file against the exact
 * answer (with and without excluding the query's clicked products).
 */
public final class RecommendBenchmark {

    /**
     * What to measure.
     *
     * @param products product nodes (the candidates)
     * @param queryNodes query nodes
     * @param clicks click edges
     * @param categories product categories
     * @param hidden model width
     * @param trainSteps fine-tuning steps before deploying (0: an untrained, randomly initialised model)
     * @param measured timed queries per configuration
     * @param warmup untimed queries first
     * @param k results per query
     * @param nlist inverted lists (0: automatic)
     * @param nprobes the nprobe values to time
     * @param seed graph, model and query seed
     * @param model an existing link-prediction model directory for this graph, or null to create one
     * @param popularityPrior the popularity prior of the model created: as the product sets it (auto:
     *     chosen on validation after fine-tuning; an untrained model has none unless fixed); an
     *     existing model keeps its own
     * @param backbone the encoder of the model created (2 layers, {@code hidden} wide, 8 heads); an existing
     *     model keeps its own
     */
    public record Settings(
            int products,
            int queryNodes,
            int clicks,
            int categories,
            int hidden,
            int trainSteps,
            int measured,
            int warmup,
            int k,
            int nlist,
            int[] nprobes,
            long seed,
            Path model,
            PopularityPriorSetting popularityPrior,
            Backbone backbone) {

        public Settings {
            Objects.requireNonNull(popularityPrior, "popularityPrior");
            Objects.requireNonNull(backbone, "backbone");
        }

        /**
         * Settings whose created model's popularity prior is the product's default ({@link
         * PopularityPriorSetting#AUTO}) and whose encoder is an HGT (the recommendation default until
         * 2026-11-27; {@link #withBackbone} for another).
         */
        public Settings(
                int products,
                int queryNodes,
                int clicks,
                int categories,
                int hidden,
                int trainSteps,
                int measured,
                int warmup,
                int k,
                int nlist,
                int[] nprobes,
                long seed,
                Path model) {
            this(
                    products,
                    queryNodes,
                    clicks,
                    categories,
                    hidden,
                    trainSteps,
                    measured,
                    warmup,
                    k,
                    nlist,
                    nprobes,
                    seed,
                    model,
                    PopularityPriorSetting.AUTO,
                    Backbone.HGT);
        }

        /**
         * 100,000 products, 20,000 queries, 500,000 clicks, 100 categories, hidden 128, 200 fine-tuning
         * steps, 2,000 timed queries.
         */
        public static Settings defaults() {
            return new Settings(
                    100_000, 20_000, 500_000, 100, 128, 200, 2000, 300, 10, 0, new int[] {8, 16, 32, 64, 128}, 1, null);
        }

        /** These settings with the created model's encoder replaced. */
        public Settings withBackbone(Backbone encoder) {
            return new Settings(
                    products,
                    queryNodes,
                    clicks,
                    categories,
                    hidden,
                    trainSteps,
                    measured,
                    warmup,
                    k,
                    nlist,
                    nprobes,
                    seed,
                    model,
                    popularityPrior,
                    encoder);
        }
    }

    /**
     * One index configuration's figures.
     *
     * @param name exact, or ivf nprobe=N
     * @param latency per-query wall milliseconds
     * @param cpu per-query CPU milliseconds of the querying thread (immune to other processes' load)
     * @param queriesPerSecond single-thread throughput (measured queries / their summed wall time)
     * @param recall mean recall@k against the exact answer
     * @param recallExcluding the same with the query's clicked products excluded
     */
    public record Row(
            String name,
            StepTimes latency,
            StepTimes cpu,
            double queriesPerSecond,
            double recall,
            double recallExcluding) {}

    /**
     * The figures.
     *
     * @param graph a description of the graph
     * @param candidates products indexed
     * @param dim embedding width
     * @param model how the model was obtained
     * @param graphSeconds graph generation time
     * @param modelSeconds model creation (and training) time
     * @param embeddingSeconds time to embed every node
     * @param indexSeconds time to build the index (candidate transform and k-means)
     * @param index the default index's description
     * @param rows exact first, then the inverted file per nprobe
     * @param inference how the deployment embedded the nodes (its statistics' sampler)
     * @param api the deployment's own {@code recommend} call (validation, normalisation, default index, exclusion)
     * @param newNode {@code recommendForNewNode} for copies of existing queries (features and clicks): the
     *     encoder on the copy and its neighbours, then the default index; recall against the exact top k of
     *     the existing query with its clicks excluded, as for {@code api}
     * @param newNodeAgreement mean share of the existing query's own {@code recommend} answer (same index, k and
     *     exclusion) that its copy's answer holds: 1 when the inductive path agrees with the deployed embedding
     * @param newNodeMaxDifference largest absolute difference between a copy's embedding and its original's,
     *     over every coordinate of the timed copies
     * @param popularityPrior the deployed model's popularity prior (its weight 0 for none): with one, every
     *     indexed vector has one more coordinate than {@code dim}
     */
    public record Report(
            String graph,
            int candidates,
            int dim,
            String model,
            double graphSeconds,
            double modelSeconds,
            double embeddingSeconds,
            double indexSeconds,
            String index,
            String inference,
            List<Row> rows,
            Row api,
            Row newNode,
            double newNodeAgreement,
            double newNodeMaxDifference,
            PopularityPrior popularityPrior) {}

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final Settings settings;

    public RecommendBenchmark(Settings settings) {
        this.settings = settings;
    }

    /** Runs the benchmark; {@code log} receives progress lines. */
    public Report run(Consumer<String> log) throws Exception {
        long t0 = System.nanoTime();
        HeteroGraph graph = SyntheticGraphs.queryProduct(QueryProductConfig.defaults()
                .withSize(settings.queryNodes(), settings.products(), settings.clicks())
                .withNumCategories(settings.categories())
                .withSeed(settings.seed()));
        double graphSeconds = (System.nanoTime() - t0) / 1e9;
        log.accept(String.format("graph: %s in %.1f s", graph.describe(), graphSeconds));
        Path dir = Files.createTempDirectory("recommend-bench-");
        try {
            Path modelDir = settings.model() != null ? settings.model() : dir.resolve("model");
            t0 = System.nanoTime();
            String model =
                    settings.model() != null ? "the model in " + settings.model() : createModel(graph, modelDir, log);
            double modelSeconds = (System.nanoTime() - t0) / 1e9;
            IndexOptions index =
                    IndexOptions.defaults().withKind(IndexOptions.Kind.IVF).withLists(settings.nlist(), 0);
            try (ModelDeployment deployment = ModelDeployment.deploy(
                    modelDir, graph, DeploymentOptions.defaults().withIndex(index), progress(log))) {
                log.accept("deployed: " + deployment.stats());
                return measure(graph, deployment, model, graphSeconds, modelSeconds, log);
            }
        } finally {
            ModelStore.deleteRecursively(dir);
        }
    }

    private static DeploymentListener progress(Consumer<String> log) {
        long[] last = {0};
        return (phase, done, total) -> {
            long now = System.nanoTime();
            if (done == total || now - last[0] > 2_000_000_000L) {
                last[0] = now;
                log.accept("  " + phase.name().toLowerCase() + " " + done + "/" + total);
            }
        };
    }

    private ModelConfig modelConfig() {
        return new ModelConfig(settings.backbone(), 2, settings.hidden(), 8, 0.1, 0.0);
    }

    private static final SamplingConfig SAMPLING = new SamplingConfig(2, 64);

    /** Fine-tunes briefly, or saves an untrained model, to {@code dir}; returns a description. */
    private String createModel(HeteroGraph graph, Path dir, Consumer<String> log) throws IOException {
        if (settings.trainSteps() > 0) {
            ExperimentSpec spec = new ExperimentSpec(
                    TaskKind.LINK_PREDICTION,
                    null,
                    null,
                    SplitMode.TRANSFER,
                    3,
                    1.0,
                    modelConfig(),
                    new FineTuneConfig(
                            settings.trainSteps(),
                            256,
                            settings.trainSteps(),
                            0,
                            OptimizerConfig.FINE_TUNING,
                            settings.seed()),
                    SAMPLING,
                    0,
                    false,
                    255,
                    255,
                    0.1);
            var result = new FineTuneExperiment(graph, "synthetic:query-product", spec, Device.cpu())
                    .withPopularityPrior(settings.popularityPrior())
                    .run(settings.seed(), TrainingListener.NONE, dir);
            log.accept("fine-tuned: " + result.metrics());
            return settings.backbone() + " fine-tuned " + settings.trainSteps()
                    + " steps (link prediction, transfer split)";
        }
        Devices.engine();
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            GraphEncoder encoder = new GraphEncoder(GraphSchema.of(graph), modelConfig());
            CosineScorer head = new CosineScorer(settings.hidden());
            ModelInitialization.initialize(settings.seed(), manager, encoder, head);
            ModelManifest manifest = ModelManifest.of(
                    modelConfig(),
                    GraphSchema.of(graph),
                    ModelTask.LinkPrediction.untrained(
                            RelationType.parse("query__clicked__product"), FineTuneDefaults.PAPER_LINK_TEMPERATURE),
                    "synthetic:query-product",
                    graph.fingerprint(),
                    0,
                    InputPreparation.of(SAMPLING),
                    Map.of());
            PopularityPrior prior = settings.popularityPrior().auto()
                    ? PopularityPrior.NONE
                    : settings.popularityPrior().fixed();
            ModelStore.save(
                    dir,
                    prior.changesScores() ? manifest.withSection(PopularityPrior.SECTION, prior) : manifest,
                    encoder,
                    head);
        }
        return settings.backbone() + " untrained (random initialisation), 2 layers";
    }

    private Report measure(
            HeteroGraph graph,
            ModelDeployment deployment,
            String model,
            double graphSeconds,
            double modelSeconds,
            Consumer<String> log) {
        RelationType relation = deployment.linkRelation().orElseThrow();
        CsrAdjacency clicked = graph.adjacency(relation);
        int[] queries = new SplittableRandom(settings.seed() + 7)
                .ints(settings.warmup() + settings.measured(), 0, graph.numNodes(relation.source()))
                .toArray();
        VectorIndex exact = deployment.exactIndex().orElseThrow();
        IvfIndex ivf = (IvfIndex) deployment.index().orElseThrow();
        float[][] vectors = new float[queries.length][];
        for (int i = 0; i < queries.length; i++) {
            vectors[i] = deployment.queryVector(null, queries[i]);
        }
        int k = settings.k();
        List<Set<Integer>> truth = new ArrayList<>();
        List<Set<Integer>> truthExcluding = new ArrayList<>();
        for (int i = 0; i < queries.length; i++) {
            truth.add(ids(exact.search(vectors[i], k, id -> false)));
            truthExcluding.add(ids(exact.search(vectors[i], k, linked(clicked, queries[i]))));
        }
        List<Row> rows = new ArrayList<>();
        rows.add(time(
                "exact",
                queries,
                q -> exact.search(vectors[q], k, id -> false),
                q -> exact.search(vectors[q], k, linked(clicked, queries[q])),
                truth,
                truthExcluding));
        log.accept("  exact: " + rows.get(0).latency().median() + " ms median");
        for (int nprobe : settings.nprobes()) {
            rows.add(time(
                    "ivf nprobe=" + nprobe,
                    queries,
                    q -> ivf.search(vectors[q], k, id -> false, nprobe),
                    q -> ivf.search(vectors[q], k, linked(clicked, queries[q]), nprobe),
                    truth,
                    truthExcluding));
        }
        long built = System.nanoTime();
        GraphIndex graphIndex = GraphIndex.build(
                ((ExactIndex) exact).copyOfVectors(),
                exact.dim(),
                IndexOptions.defaults().withKind(IndexOptions.Kind.GRAPH),
                DeploymentListener.NONE);
        log.accept(String.format("  %s built in %.1f s", graphIndex.describe(), (System.nanoTime() - built) / 1e9));
        rows.add(time(
                "graph index",
                queries,
                q -> graphIndex.search(vectors[q], k, id -> false),
                q -> graphIndex.search(vectors[q], k, linked(clicked, queries[q])),
                truth,
                truthExcluding));
        RecallCalibration.Result calibrated = RecallCalibration.calibrate(
                graphIndex,
                exact,
                calibrationQueries(graph, deployment, relation),
                k,
                IndexOptions.defaults().targetRecall());
        log.accept("  graph index calibrated on other queries: " + calibrated.describe());
        VectorIndex wide = calibrated.index();
        rows.add(time(
                "graph index, overquery " + ((GraphIndex) wide).overquery(),
                queries,
                q -> wide.search(vectors[q], k, id -> false),
                q -> wide.search(vectors[q], k, linked(clicked, queries[q])),
                truth,
                truthExcluding));
        Row api = time(
                "recommend() nprobe=" + ivf.nprobe() + " excl.",
                queries,
                q -> deployment.recommend(null, queries[q], k, true),
                q -> deployment.recommend(null, queries[q], k, true),
                truthExcluding,
                truthExcluding);
        NewNodes copies = timeNewNodes(graph, deployment, relation, queries, truthExcluding);
        log.accept(String.format(
                "  new nodes: recall %.4f, agreement with recommend() %.4f, largest embedding " + "difference %.2g",
                copies.row().recall(), copies.agreement(), copies.maxDifference()));
        return new Report(
                graph.describe(),
                exact.size(),
                deployment.dim(),
                model,
                graphSeconds,
                modelSeconds,
                deployment.stats().embeddingSeconds(),
                deployment.stats().indexSeconds(),
                ivf.describe(),
                deployment.stats().sampler(),
                rows,
                api,
                copies.row(),
                copies.agreement(),
                copies.maxDifference(),
                deployment.popularityPrior());
    }

    /**
     * Query vectors of {@link RecallCalibration#DEFAULT_QUERIES} source nodes drawn apart from the timed ones,
     * as a deployment calibrates its index.
     */
    private List<float[]> calibrationQueries(HeteroGraph graph, ModelDeployment deployment, RelationType relation) {
        return new SplittableRandom(settings.seed() + 11)
                .ints(RecallCalibration.DEFAULT_QUERIES, 0, graph.numNodes(relation.source()))
                .mapToObj(q -> deployment.queryVector(null, q))
                .toList();
    }

    /** The timed new-node requests and how their answers and embeddings compare with their originals'. */
    private record NewNodes(Row row, double agreement, double maxDifference) {}

    /**
     * New-node requests are slower (an encoder pass each): a tenth of the queries are timed. Each is a copy
     * of an existing query (its features, its text where the model reads it, and its clicks); its answer is compared with that query's exact top k
     * (as the other rows are) and with the query's own {@code recommend} answer, and its embedding, computed
     * again untimed, with the query's.
     */
    private NewNodes timeNewNodes(
            HeteroGraph graph,
            ModelDeployment deployment,
            RelationType relation,
            int[] queries,
            List<Set<Integer>> truthExcluding) {
        int count = Math.max(1, settings.measured() / 10);
        int warm = Math.min(settings.warmup(), 20);
        double[] millis = new double[count];
        double[] cpuMillis = new double[count];
        double hits = 0;
        double agreeing = 0;
        double maxDifference = 0;
        for (int i = 0; i < warm + count; i++) {
            int q = queries[i % queries.length];
            String type = relation.source();
            String[] texts = graph.nodes(type).text();
            com.dipgnn.serving.NewNode copy = new com.dipgnn.serving.NewNode(
                    type,
                    graph.nodes(type).features().gather(new int[] {q}),
                    Map.of(relation.key(), graph.adjacency(relation).neighbors(q)),
                    deployment.textTypes().contains(type) && texts != null ? texts[q] : null);
            long cpuStart = THREADS.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            List<ScoredNode> result = deployment.recommendForNewNode(null, copy, settings.k(), true);
            long end = System.nanoTime();
            long cpuEnd = THREADS.getCurrentThreadCpuTime();
            if (i >= warm) {
                millis[i - warm] = (end - start) / 1e6;
                cpuMillis[i - warm] = (cpuEnd - cpuStart) / 1e6;
                hits += overlap(result, truthExcluding.get(i % queries.length));
                agreeing += overlap(result, ids(deployment.recommend(null, q, settings.k(), true)));
                maxDifference = Math.max(
                        maxDifference,
                        largestDifference(
                                deployment.embedNewNode(copy),
                                deployment.embeddings(relation.source(), new int[] {q})[0]));
            }
        }
        double total = Arrays.stream(millis).sum();
        double recall = hits / ((double) count * settings.k());
        Row row = new Row(
                "recommendForNewNode() excl.",
                new StepTimes(millis),
                new StepTimes(cpuMillis),
                count / (total / 1000),
                recall,
                recall);
        return new NewNodes(row, agreeing / ((double) count * settings.k()), maxDifference);
    }

    private static double largestDifference(float[] a, float[] b) {
        double max = 0;
        for (int i = 0; i < a.length; i++) {
            max = Math.max(max, Math.abs(a[i] - b[i]));
        }
        return max;
    }

    private static IntPredicate linked(CsrAdjacency adjacency, int source) {
        int[] targets = adjacency.targetArray();
        int from = adjacency.rowStart(source);
        int to = adjacency.rowEnd(source);
        return id -> Arrays.binarySearch(targets, from, to, id) >= 0;
    }

    private static Set<Integer> ids(List<ScoredNode> result) {
        Set<Integer> out = new HashSet<>();
        result.forEach(s -> out.add(s.id()));
        return out;
    }

    /** Times {@code plain} per query (after warm-up) and measures both recalls. */
    private Row time(
            String name,
            int[] queries,
            IntFunction<List<ScoredNode>> plain,
            IntFunction<List<ScoredNode>> excluding,
            List<Set<Integer>> truth,
            List<Set<Integer>> truthExcluding) {
        int warm = settings.warmup();
        double[] millis = new double[settings.measured()];
        double[] cpuMillis = new double[settings.measured()];
        double hits = 0;
        double hitsExcluding = 0;
        for (int q = 0; q < queries.length; q++) {
            long cpuStart = THREADS.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            List<ScoredNode> result = plain.apply(q);
            long end = System.nanoTime();
            long cpuEnd = THREADS.getCurrentThreadCpuTime();
            if (q >= warm) {
                millis[q - warm] = (end - start) / 1e6;
                cpuMillis[q - warm] = (cpuEnd - cpuStart) / 1e6;
                hits += overlap(result, truth.get(q));
                hitsExcluding += overlap(excluding.apply(q), truthExcluding.get(q));
            }
        }
        double total = 0;
        for (double m : millis) {
            total += m;
        }
        double denominator = (double) settings.measured() * settings.k();
        return new Row(
                name,
                new StepTimes(millis),
                new StepTimes(cpuMillis),
                settings.measured() / (total / 1000),
                hits / denominator,
                hitsExcluding / denominator);
    }

    /** How many of {@code result}'s nodes are in {@code truth} (recall@k is this over k). */
    static int overlap(List<ScoredNode> result, Set<Integer> truth) {
        int n = 0;
        for (ScoredNode s : result) {
            if (truth.contains(s.id())) {
                n++;
            }
        }
        return n;
    }
}
