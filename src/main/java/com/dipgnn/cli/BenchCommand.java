package com.dipgnn.cli;

import ai.djl.Device;
import com.dipgnn.bench.BenchConfiguration;
import com.dipgnn.bench.BenchReport;
import com.dipgnn.bench.KernelComparisonBenchmark;
import com.dipgnn.bench.MemoryBenchmark;
import com.dipgnn.bench.NodeEmbeddingBenchmark;
import com.dipgnn.bench.OperatorProfile;
import com.dipgnn.bench.PretrainBenchReport;
import com.dipgnn.bench.PretrainFlopCounter;
import com.dipgnn.bench.PretrainStepBenchmark;
import com.dipgnn.bench.RecommendBenchmark;
import com.dipgnn.bench.RecommenderBenchmark;
import com.dipgnn.bench.ScalingBenchmark;
import com.dipgnn.bench.ScalingFigures;
import com.dipgnn.bench.ScalingProjection;
import com.dipgnn.bench.StepBenchmark;
import com.dipgnn.bench.StepTimes;
import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.FineTuneDefaults;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.synthetic.GraphLocations;
import com.dipgnn.model.Backbone;
import com.dipgnn.pretraining.PretrainConfig;
import com.dipgnn.ranking.PopularityPrior;
import com.dipgnn.ranking.PopularityPriorSetting;
import com.dipgnn.recommend.RecommenderKind;
import com.dipgnn.runtime.Devices;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bench}: training-step timings against a measured matrix-product ceiling, and graph memory. */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description = "Times training steps (sampling / forward / backward / optimizer) of named configurations "
                + "and compares the achieved GFLOP/s with a dense matrix-product ceiling measured in the same run; "
                + "'dipgnn-<configuration>' times a DiP-GNN pre-training step (generator and discriminator) on that "
                + "configuration's graph and model; 'memory' measures the heap held by an OAG-CS-shaped graph; "
                + "'recommend' deploys a link-prediction model on a query-product graph and times top-k "
                + "recommendations, exact scan against the inverted-file index, with recall; 'scaling' measures, at several "
                + "sizes of one graph shape, the heap per node and edge, pre-training and fine-tuning steps per second "
                + "and embedding passes per second with the process's resident memory, and projects them to the "
                + "shape's full size (the paper's product graph or OAG-CS); 'node-embeddings' times a link-prediction "
                + "fine-tuning step with per-node embedding tables of several sizes and gives their state per node; "
                + "'gnn-link' times that step on the own edge split of --bench-dataset (Gowalla by default); 'kernels' "
                + "runs the --workloads with both aggregation kernels (coo, torchscript) in one process, interleaved, "
                + "and compares step time, CPU time and peak resident memory.")
public final class BenchCommand implements Callable<Integer> {

    private static final int PROFILE_ROWS = 25;

    @Spec
    CommandSpec spec;

    @Option(
            names = "--config",
            defaultValue = "all",
            description =
                    "gat-homo, hgt-homo, hgt-hetero, hgt-text, all (those four), dipgnn-gat-homo, dipgnn-hgt-homo, "
                            + "dipgnn-hgt-hetero, dipgnn-hgt-text, dipgnn-all (those four), memory, recommend, scaling, node-embeddings, gnn-link, recommender "
                            + "or kernels (default: ${DEFAULT-VALUE})")
    String config;

    @Option(names = "--repeats", defaultValue = "20", description = "timed steps (default: ${DEFAULT-VALUE})")
    int repeats;

    @Option(names = "--warmup", defaultValue = "3", description = "untimed steps first (default: ${DEFAULT-VALUE})")
    int warmup;

    @Option(
            names = "--scale",
            defaultValue = "1.0",
            description = "graph scale of the memory benchmark (default: ${DEFAULT-VALUE})")
    double scale;

    @Option(
            names = "--products",
            defaultValue = "100000",
            description = "recommend: candidate products (default: ${DEFAULT-VALUE})")
    int products;

    @Option(
            names = "--queries",
            defaultValue = "2000",
            description = "recommend: timed queries per index setting (default: ${DEFAULT-VALUE})")
    int queries;

    @Option(
            names = "--train-steps",
            defaultValue = "200",
            description =
                    "recommend: fine-tuning steps before deploying; 0 deploys an untrained model (default: ${DEFAULT-VALUE})")
    int trainSteps;

    @Option(
            names = "--model",
            description = "recommend: deploy this link-prediction model directory (trained on the "
                    + "benchmark's graph) instead of fine-tuning one")
    Path model;

    @Option(
            names = "--popularity-prior",
            defaultValue = "auto",
            description = "recommend: the created model's popularity prior, as finetune's --popularity-prior (auto: "
                    + "chosen on validation after fine-tuning, none for an untrained model; off; or a weight such as "
                    + "0.02); a --model keeps its own (default: ${DEFAULT-VALUE})")
    String popularityPrior;

    @Option(
            names = "--nlist",
            defaultValue = "0",
            description = "recommend: inverted lists, 0 = automatic (default: ${DEFAULT-VALUE})")
    int nlist;

    @Option(
            names = "--nprobe",
            split = ",",
            defaultValue = "8,16,32,64,128",
            description = "recommend: lists probed per query, each timed (default: ${DEFAULT-VALUE})")
    int[] nprobes;

    @Option(
            names = "--shape",
            defaultValue = "query-product",
            description = "scaling: graph shape, query-product (scale 1 = the paper's product graph: 633k queries, "
                    + "2.71M products, 228M clicks) or oag (scale 1 = OAG-CS) (default: ${DEFAULT-VALUE})")
    String shape;

    @Option(
            names = "--scales",
            split = ",",
            description = "scaling: graph sizes as fractions of the shape's scale 1, ascending (default: 0.05,0.2 for "
                    + "query-product, 0.1,1.0 for oag)")
    double[] scales;

    @Option(
            names = "--archs",
            split = ",",
            defaultValue = "paper,small",
            description = "scaling: architectures, paper (HGT 3 x 400 x 8) and/or small (HGT 2 x 128 x 4), or none "
                    + "(the graph and its sampling only) (default: ${DEFAULT-VALUE})")
    List<String> archs;

    @Option(
            names = "--passes",
            defaultValue = "5",
            description = "scaling: timed embedding passes with every type's seeds, and as many of the largest type "
                    + "alone (default: ${DEFAULT-VALUE})")
    int passes;

    @Option(
            names = "--feature-dim",
            description = "scaling: dense feature width (default: 32 for query-product, " + "400 for oag)")
    Integer featureDim;

    @Option(
            names = "--gpu-tflops",
            defaultValue = "19.5",
            description = "scaling: assumed float32 peak of one GPU for the projection's estimate; 19.5 = A100 without "
                    + "tensor cores (default: ${DEFAULT-VALUE})")
    double gpuTflops;

    @Option(
            names = "--gpu-efficiency",
            defaultValue = "0.1",
            description = "scaling: assumed fraction of that peak a step reaches (default: ${DEFAULT-VALUE})")
    double gpuEfficiency;

    @Option(
            names = "--table-rows",
            split = ",",
            defaultValue = "10000,1000000",
            description =
                    "node-embeddings: user-table sizes to time (items: a fifth as many) (default: ${DEFAULT-VALUE})")
    int[] tableRows;

    @Option(
            names = "--embedding-width",
            defaultValue = "64",
            description = "node-embeddings: embedding and hidden width (default: ${DEFAULT-VALUE})")
    int embeddingWidth;

    @Option(
            names = "--bench-dataset",
            defaultValue = "gowalla",
            description = "recommender and gnn-link: the interaction data set (default: ${DEFAULT-VALUE})")
    String benchDataset;

    @Option(
            names = "--recommender",
            defaultValue = "lightgcn",
            description = "recommender: lightgcn or mf (default: ${DEFAULT-VALUE})")
    String recommender;

    @Option(
            names = "--backbone",
            description =
                    "node-embeddings and gnn-link: the encoder, hgt or gat, 2 layers x --embedding-width x 4 heads; "
                            + "recommend: the created model's encoder, 2 layers x 128 x 8 heads "
                            + "(default: the recommendation default's, gat)")
    String backbone;

    @Option(
            names = "--positives",
            defaultValue = "0",
            description =
                    "gnn-link: positive pairs a step; 0 = the link task's default batch (default: ${DEFAULT-VALUE})")
    int positives;

    @picocli.CommandLine.Mixin
    RecommenderOptions recommenderOptions = new RecommenderOptions();

    @Option(names = "--device", defaultValue = "auto", description = "auto, cpu or gpu (default: ${DEFAULT-VALUE})")
    String device;

    @Option(
            names = "--workloads",
            split = ",",
            defaultValue = "dipgnn-hgt-homo,dipgnn-gat-homo,gnn-link",
            description = "kernels: the steps compared, any of dipgnn-<configuration> and gnn-link (on --bench-dataset "
                    + "with --backbone) (default: ${DEFAULT-VALUE})")
    List<String> workloads;

    @Option(names = "--json", description = "print the figures as one JSON object on standard output")
    boolean json;

    @Option(
            names = "--profile",
            paramLabel = "FILE",
            description = "step benchmarks of one configuration: write "
                    + "PyTorch's operator profile of the prefetched pass (a Chrome trace with input shapes) to FILE and print "
                    + "the operators that took the most self time")
    Path profile;

    @Override
    public Integer call() throws Exception {
        PrintStream out = System.out;
        if (profile != null) {
            checkProfileRequest();
        }
        if ("memory".equals(config)) {
            MemoryBenchmark.Report report = MemoryBenchmark.run(scale);
            out.println(json ? new ObjectMapper().writeValueAsString(report) : memoryText(report));
            return 0;
        }
        if ("scaling".equals(config)) {
            ScalingBenchmark.Shape chosen = ScalingBenchmark.Shape.parse(shape);
            boolean oag = chosen == ScalingBenchmark.Shape.OAG;
            double[] sizes = scales != null ? scales : oag ? new double[] {0.1, 1.0} : new double[] {0.05, 0.2};
            List<ScalingBenchmark.Architecture> architectures = archs.stream()
                    .filter(a -> !"none".equals(a))
                    .map(ScalingBenchmark.Architecture::parse)
                    .toList();
            ScalingBenchmark.Settings settings = new ScalingBenchmark.Settings(
                    chosen,
                    sizes,
                    architectures,
                    warmup,
                    repeats,
                    passes,
                    com.dipgnn.bench.ScalingEstimate.EMBEDDING_CHUNK,
                    featureDim != null ? featureDim : oag ? 400 : 32,
                    gpuTflops,
                    gpuEfficiency,
                    1);
            ScalingBenchmark.Report report =
                    new ScalingBenchmark(settings, Devices.select(device), System.err::println).run();
            out.println(json ? new ObjectMapper().writeValueAsString(report) : scalingText(report));
            return 0;
        }
        if ("node-embeddings".equals(config)) {
            NodeEmbeddingBenchmark.Report report = new NodeEmbeddingBenchmark(
                            new NodeEmbeddingBenchmark.Settings(
                                    tableRows, embeddingWidth, 3, warmup, repeats, true, backbone(), 0),
                            Devices.select(device))
                    .run(System.err::println);
            out.println(
                    json
                            ? new ObjectMapper().writeValueAsString(report)
                            : nodeEmbeddingsText(
                                    report,
                                    String.format(
                                            Locale.ROOT,
                                            "== node-embeddings on %s, width %d: link-prediction fine-tuning step, %s 2 x %d x 4, "
                                                    + "%d positives, HGSampling 2 x 128",
                                            report.device(),
                                            report.width(),
                                            report.backbone(),
                                            report.width(),
                                            report.positives())));
            return 0;
        }
        if ("gnn-link".equals(config)) {
            NodeEmbeddingBenchmark.Settings settings = new NodeEmbeddingBenchmark.Settings(
                    new int[0], embeddingWidth, 0, warmup, repeats, false, backbone(), positives);
            HeteroGraph graph = GraphLocations.load(benchDataset, 0);
            NodeEmbeddingBenchmark.Report report = new NodeEmbeddingBenchmark(settings, Devices.select(device))
                    .runOn(graph, ExperimentSpec.predictedRelation(graph, null), System.err::println);
            out.println(
                    json
                            ? new ObjectMapper().writeValueAsString(report)
                            : nodeEmbeddingsText(
                                    report,
                                    String.format(
                                            Locale.ROOT,
                                            "== gnn-link on %s, %s: the link task's step on an edge split, %s 2 x %d x 4, "
                                                    + "%d positives, 255 negatives",
                                            benchDataset,
                                            report.device(),
                                            report.backbone(),
                                            report.width(),
                                            report.positives())));
            return 0;
        }
        if ("kernels".equals(config)) {
            KernelComparisonBenchmark.Report report =
                    new KernelComparisonBenchmark(warmup, repeats).run(kernelWorkloads(), System.err::println);
            out.println(json ? new ObjectMapper().writeValueAsString(report) : KernelComparisonText.of(report));
            return 0;
        }
        if ("recommender".equals(config)) {
            RecommenderBenchmark.Report r = RecommenderBenchmark.run(
                    GraphLocations.load(benchDataset, 0),
                    recommenderOptions.config(RecommenderKind.parse(recommender), 255),
                    Devices.select(device),
                    warmup,
                    repeats);
            out.println(
                    json
                            ? new ObjectMapper().writeValueAsString(r)
                            : String.format(
                                    Locale.ROOT,
                                    "== %s on %s: %,d users, %,d items, %,d training pairs%nstep median %.1f ms (p10 %.1f, p90 %.1f)"
                                            + "%nepoch (projected) %.1f s%nfull ranking of %,d test users x %,d items: %.1f s%n"
                                            + "load average at the end: %s%n",
                                    r.model(),
                                    benchDataset,
                                    r.users(),
                                    r.items(),
                                    r.trainPairs(),
                                    r.step().median(),
                                    r.step().percentile(10),
                                    r.step().percentile(90),
                                    r.epochSeconds(),
                                    r.testUsers(),
                                    r.items(),
                                    r.fullRankingSeconds(),
                                    r.loadAverage()));
            return 0;
        }
        if ("recommend".equals(config)) {
            RecommendBenchmark.Settings d = RecommendBenchmark.Settings.defaults();
            RecommendBenchmark.Report report = new RecommendBenchmark(new RecommendBenchmark.Settings(
                            products,
                            Math.max(1, products / 5),
                            products * 5,
                            Math.max(2, Math.min(100, products / 1000)),
                            d.hidden(),
                            trainSteps,
                            queries,
                            d.warmup(),
                            d.k(),
                            nlist,
                            nprobes,
                            d.seed(),
                            model,
                            PopularityPriorSetting.parse(popularityPrior),
                            backbone()))
                    .run(System.err::println);
            out.println(json ? new ObjectMapper().writeValueAsString(report) : recommendText(report));
            return 0;
        }
        Map<String, Object> all = new LinkedHashMap<>();
        for (BenchConfiguration c : selected(config)) {
            System.err.println(c.name() + ": " + c.description());
            String text =
                    config.startsWith(PretrainStepBenchmark.PREFIX) ? runPretraining(c, all) : runTraining(c, all);
            System.err.println();
            if (!json) {
                out.println(text);
            }
            if (profile != null) {
                System.err.print(profileText(OperatorProfile.summarise(profile, PROFILE_ROWS, repeats), profile));
            }
        }
        if (json) {
            out.println(new ObjectMapper().writeValueAsString(all));
        }
        return 0;
    }

    /** The {@code --workloads} of {@code --config kernels}, each built when the benchmark reaches it. */
    private List<Supplier<KernelComparisonBenchmark.Workload<?>>> kernelWorkloads() {
        Device chosen = Devices.select(device);
        return workloads.stream()
                .map(w -> KernelComparisonBenchmark.workload(w.trim(), chosen, () -> {
                    NodeEmbeddingBenchmark.Settings settings = new NodeEmbeddingBenchmark.Settings(
                            new int[0], embeddingWidth, 0, warmup, repeats, false, backbone(), positives);
                    return new KernelComparisonBenchmark.LinkSetting(GraphLocations.load(benchDataset, 0), settings);
                }))
                .toList();
    }

    /** {@code --backbone} as given, else the recommendation default's encoder. */
    private Backbone backbone() {
        return backbone == null ? FineTuneDefaults.recommendation().model().backbone() : Backbone.parse(backbone);
    }

    private String runTraining(BenchConfiguration c, Map<String, Object> figures) {
        BenchReport r = new StepBenchmark(c, Devices.select(device), warmup, repeats, profile).run(this::progress);
        figures.put(r.configuration(), jsonOf(r));
        return stepText(r);
    }

    private String runPretraining(BenchConfiguration c, Map<String, Object> figures) {
        PretrainConfig p = PretrainStepBenchmark.pretrainConfig(c);
        System.err.printf(
                Locale.ROOT,
                "  DiP-GNN pre-training step: %d negatives per masked edge, edge mask ratio %.2f, "
                        + "feature mask ratio %.2f%n",
                p.negatives(),
                p.edgeMaskRatio(),
                p.featureMaskRatio());
        PretrainBenchReport r =
                new PretrainStepBenchmark(c, Devices.select(device), warmup, repeats, profile).run(this::progress);
        figures.put(r.step().configuration(), pretrainJson(r));
        return pretrainText(r);
    }

    /** The engine configurations a {@code --config} value names (pre-training ones by their base configuration). */
    static List<BenchConfiguration> selected(String config) {
        String base = baseName(config);
        return "all".equals(base) ? BenchConfiguration.all() : List.of(BenchConfiguration.named(base));
    }

    /** A {@code --config} value without the pre-training prefix. */
    private static String baseName(String config) {
        return config.startsWith(PretrainStepBenchmark.PREFIX)
                ? config.substring(PretrainStepBenchmark.PREFIX.length())
                : config;
    }

    private void progress(int r) {
        System.err.printf(Locale.ROOT, "\r  step %d/%d", r, repeats);
    }

    static String nodeEmbeddingsText(NodeEmbeddingBenchmark.Report r, String header) {
        StringBuilder sb = new StringBuilder();
        sb.append(header).append(System.lineSeparator());
        sb.append(String.format(
                Locale.ROOT,
                "%12s %10s %8s %9s %9s %9s %9s %9s %9s %9s %10s %8s %8s%n",
                "user rows",
                "item rows",
                "sampled",
                "sampling",
                "forward",
                "backward",
                "optimizer",
                "math",
                "math p10",
                "math p90",
                "state MiB",
                "write s",
                "read s"));
        for (NodeEmbeddingBenchmark.SizeReport s : r.sizes()) {
            sb.append(String.format(
                    Locale.ROOT,
                    "%,12d %,10d %8d %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %10d %8.2f %8.2f%n",
                    s.userRows(),
                    s.itemRows(),
                    s.sampledNodes(),
                    s.sampling().median(),
                    s.forward().median(),
                    s.backward().median(),
                    s.optimizer().median(),
                    s.math().median(),
                    s.math().percentile(10),
                    s.math().percentile(90),
                    s.stateNativeMib(),
                    s.writeSeconds(),
                    s.readSeconds()));
        }
        sb.append(String.format(
                Locale.ROOT,
                "state per node: %.3f bytes (row + two Adam moments, float32, + 1 flag bit); "
                        + "measured native growth %.1f bytes per row of the largest size (times in ms, medians unless "
                        + "marked; load average at the end: %s)%n",
                r.stateBytesPerNode(),
                r.measuredBytesPerNode(),
                r.loadAverage()));
        return sb.toString();
    }

    /** Refuses a --profile request before any work: one step benchmark, and a new file in an existing directory. */
    private void checkProfileRequest() {
        String base = baseName(config);
        if (BenchConfiguration.all().stream().noneMatch(c -> c.name().equals(base))) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--profile times one step benchmark, not '"
                            + config
                            + "': name one training or pre-training configuration, for example --config hgt-homo "
                            + "or --config dipgnn-hgt-homo");
        }
        Path directory = profile.toAbsolutePath().getParent();
        if (Files.exists(profile)) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--profile: " + profile + " already exists; name a new file or remove it");
        }
        if (directory == null || !Files.isDirectory(directory)) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--profile: the directory of " + profile
                            + " does not exist; create it or name a file in an existing one");
        }
    }

    /** The operators of a profile with the most self time, one line each. */
    static String profileText(List<OperatorProfile.OperatorTime> top, Path trace) {
        StringBuilder sb = new StringBuilder(String.format(
                Locale.ROOT,
                "operators by self time in the prefetched pass (trace: %s)%n%10s %6s %7s  %-36s %s%n",
                trace,
                "ms/step",
                "share",
                "calls",
                "operator",
                "input shapes of its heaviest calls"));
        for (OperatorProfile.OperatorTime t : top) {
            sb.append(String.format(
                    Locale.ROOT,
                    "%10.1f %5.1f%% %7.1f  %-36s %s%n",
                    t.selfMillisPerStep(),
                    100 * t.share(),
                    t.callsPerStep(),
                    t.operator(),
                    t.heaviestShapes()));
        }
        return sb.toString();
    }

    static String stepText(BenchReport r) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT, "== %s on %s (%,d parameters)%n", r.configuration(), r.device(), r.parameters()));
        sb.append(String.format(
                Locale.ROOT, "sampled per step: %d nodes, %d edges%n", r.sampledNodes(), r.sampledEdges()));
        sb.append(String.format(Locale.ROOT, "%-10s %9s %9s %9s%n", "phase", "median", "p10", "p90"));
        line(sb, "step", r.total());
        line(sb, "sampling", r.sampling());
        line(sb, "forward", r.forward());
        line(sb, "backward", r.backward());
        line(sb, "optimizer", r.optimizer());
        sb.append(String.format(Locale.ROOT, "sampling share of a sequential step: %.1f%%%n", 100 * r.samplingShare()));
        sb.append(String.format(
                Locale.ROOT,
                "with sampling prefetched: %.1f ms/step, waiting %.2f ms/step for batches%n",
                r.pipelinedMillis(),
                r.pipelinedWaitMillis()));
        sb.append(String.format(
                Locale.ROOT,
                "analytic %.2f GFLOP/step; achieved %.1f GFLOP/s in the math "
                        + "(forward+backward+optimizer) vs a %.1f GFLOP/s matmul ceiling: %.1f%%%n",
                r.stepGflop(),
                r.achievedGflops(),
                r.ceilingGflops(),
                100 * r.ceilingRatio()));
        sb.append(String.format(
                Locale.ROOT,
                "a matmul of the step's own shape (%d x hidden x hidden) reaches %.1f GFLOP/s%n",
                r.sampledNodes(),
                r.modelShapedGflops()));
        sb.append(String.format(Locale.ROOT, "peak resident memory of the process: %d MiB%n", r.peakRssMib()));
        return sb.toString();
    }

    static String pretrainText(PretrainBenchReport p) {
        BenchReport r = p.step();
        PretrainFlopCounter.Breakdown f = p.flops();
        StringBuilder sb = new StringBuilder(stepText(r)
                .replace("sampling share", "host preparation share")
                .replace("with sampling prefetched", "with host preparation prefetched"));
        sb.append(String.format(
                Locale.ROOT,
                "masked edges per step: %d, %d candidates each ('sampling' above is the "
                        + "host preparation: sampling, masking, candidates)%n",
                p.maskedEdges(),
                p.candidates()));
        sb.append(String.format(
                Locale.ROOT,
                "forward split (encoders timed alone on the same batches): generator "
                        + "encoder %.1f ms, discriminator encoder %.1f ms, heads/scoring/losses %.1f ms%n",
                p.generatorEncoder().median(),
                p.discriminatorEncoder().median(),
                p.headsMillis()));
        sb.append(String.format(
                Locale.ROOT,
                "forward GFLOP: generator encoder %.2f, candidate scoring %.2f, feature "
                        + "regression %.2f, discriminator encoder %.2f, feature detection %.3f, pair scoring %.2f, "
                        + "text pair %.2f%n",
                f.generatorEncoder() / 1e9,
                f.generatorScoring() / 1e9,
                f.generatorFeatures() / 1e9,
                f.discriminatorEncoder() / 1e9,
                f.discriminatorFeatures() / 1e9,
                f.discriminatorEdges() / 1e9,
                f.text() / 1e9));
        if (p.nonFiniteSteps() > 0) {
            sb.append(String.format(
                    Locale.ROOT,
                    "WARNING: %d of %d steps had a non-finite gradient norm; the optimizer "
                            + "skipped their updates%n",
                    p.nonFiniteSteps(),
                    2 * r.total().millis().length));
        }
        return sb.toString();
    }

    private static Map<String, Object> pretrainJson(PretrainBenchReport p) {
        Map<String, Object> m = jsonOf(p.step());
        m.put("masked_edges", p.maskedEdges());
        m.put("candidates", p.candidates());
        m.put("generator_encoder_ms_median", p.generatorEncoder().median());
        m.put("discriminator_encoder_ms_median", p.discriminatorEncoder().median());
        m.put("heads_ms_median", p.headsMillis());
        m.put("non_finite_steps", p.nonFiniteSteps());
        PretrainFlopCounter.Breakdown f = p.flops();
        m.put("gflop_generator_encoder", f.generatorEncoder() / 1e9);
        m.put("gflop_candidate_scoring", f.generatorScoring() / 1e9);
        m.put("gflop_feature_regression", f.generatorFeatures() / 1e9);
        m.put("gflop_discriminator_encoder", f.discriminatorEncoder() / 1e9);
        m.put("gflop_feature_detection", f.discriminatorFeatures() / 1e9);
        m.put("gflop_pair_scoring", f.discriminatorEdges() / 1e9);
        m.put("gflop_text_pair", f.text() / 1e9);
        return m;
    }

    private static void line(StringBuilder sb, String name, StepTimes t) {
        sb.append(String.format(
                Locale.ROOT,
                "%-10s %7.1f ms %7.1f ms %7.1f ms%n",
                name,
                t.median(),
                t.percentile(10),
                t.percentile(90)));
    }

    static String memoryText(MemoryBenchmark.Report r) {
        return String.format(
                Locale.ROOT,
                "OAG-shaped graph at scale %.3f: %,d nodes, %,d input edges (%,d stored with reverses), built in %.1f s%n"
                        + "heap held: %.2f GiB of %.2f GiB max (%.1f bytes per node, %.1f bytes per input edge, all included)%n"
                        + "adjacency: %.2f GiB = %.2f bytes per stored edge; features: %.2f GiB; "
                        + "everything else: %.1f bytes per node%n",
                r.scale(),
                r.nodes(),
                r.inputEdges(),
                r.storedEdges(),
                r.buildSeconds(),
                r.heapBytes() / GIB,
                r.maxHeapBytes() / GIB,
                r.heapBytesPerNode(),
                r.heapBytesPerInputEdge(),
                r.adjacencyBytes() / GIB,
                r.bytesPerStoredEdge(),
                r.featureBytes() / GIB,
                (double) (r.heapBytes() - r.adjacencyBytes() - r.featureBytes()) / r.nodes());
    }

    static String scalingText(ScalingBenchmark.Report r) {
        StringBuilder sb = new StringBuilder();
        sb.append(
                String.format(
                        Locale.ROOT,
                        "== scaling: %s-shaped graphs, features %s wide; %d processors; heap max " + "%.1f GiB, %s%n",
                        r.shape(),
                        r.featureDim(),
                        r.processors(),
                        r.maxHeapBytes() / GIB,
                        r.heapPretouched()
                                ? "pre-touched (RSS growth = memory outside the Java heap)"
                                : "NOT pre-touched: RSS growth includes heap growth (run with -Xms = -Xmx and -XX:+AlwaysPreTouch)"));
        for (ScalingFigures.SizeFigures s : r.sizes()) {
            ScalingFigures.GraphFigures g = s.graph();
            sb.append(String.format(
                    Locale.ROOT,
                    "%n-- scale %s: %s nodes (%,d), %,d input edges, %,d stored; built in "
                            + "%.1f s; load average %.2f before, %.2f after%s%n",
                    g.scale(),
                    g.nodesByType(),
                    g.nodes(),
                    g.inputEdges(),
                    g.storedEdges(),
                    g.buildSeconds(),
                    s.loadBefore(),
                    s.loadAfter(),
                    s.steps().isEmpty()
                            ? ""
                            : String.format(
                                    Locale.ROOT,
                                    "; matmul ceiling %.1f GFLOP/s before the " + "steps, %.1f after",
                                    s.ceilingBefore(),
                                    s.ceilingAfter())));
            sb.append(String.format(
                    Locale.ROOT,
                    "graph heap %.1f MiB: %.1f B/node, %.1f B/input edge; CSR %.2f B/stored "
                            + "edge; features %.1f MiB; everything but the CSR %.1f B/node%n",
                    g.heapBytes() / MIB,
                    g.bytesPerNode(),
                    g.bytesPerInputEdge(),
                    g.adjacencyBytesPerStoredEdge(),
                    g.featureBytes() / MIB,
                    g.otherBytesPerNode()));
            sb.append(String.format(
                    Locale.ROOT,
                    "node-transfer split (pre-training part %,d stored edges, fine-tuning "
                            + "part %,d): +%.1f MiB (%.0f%% of the graph); fine-tuning task (%s, %,d validation items): "
                            + "+%.1f MiB%n",
                    g.pretrainStoredEdges(),
                    g.finetuneStoredEdges(),
                    g.splitBytes() / MIB,
                    100.0 * g.splitBytes() / g.heapBytes(),
                    g.task(),
                    g.evalItems(),
                    g.taskBytes() / MIB));
            ScalingFigures.SamplingFigures h = s.sampling();
            sb.append(String.format(
                    Locale.ROOT,
                    "host preparation (median ms, subgraph nodes / stored edges): "
                            + "pre-training batch %s, %,d / %,d; fine-tuning batch %s, %,d / %,d; embedding pass "
                            + "sampling %s, %,d / %,d%n",
                    timing(h.pretrainHost()),
                    h.pretrainNodes(),
                    h.pretrainEdges(),
                    timing(h.finetuneHost()),
                    h.finetuneNodes(),
                    h.finetuneEdges(),
                    timing(h.embedSampling()),
                    h.embedNodes(),
                    h.embedEdges()));
            if (s.text() != null) {
                ScalingFigures.TextFigures t = s.text();
                sb.append(String.format(
                        Locale.ROOT,
                        "text: %,d key and text strings (%,d chars) held %.1f MiB (%.1f B "
                                + "per string beyond 1 B/char); TF-IDF rows of %s as a text-only type: %.1f B/node; token "
                                + "ids of every node: %.1f B/node with text; vocabulary %,d%n",
                        t.strings(),
                        t.chars(),
                        t.stringBytes() / MIB,
                        t.bytesPerStringOverhead(),
                        t.tfidfType(),
                        (double) t.tfidfBytes() / Math.max(1, t.tfidfRows()),
                        (double) t.tokenBytes() / t.nodes(),
                        t.vocabulary()));
            }
            if (s.steps().isEmpty()) {
                continue;
            }
            sb.append(String.format(
                    Locale.ROOT,
                    "%-9s %-8s %11s %9s %9s %9s %13s %8s %8s %8s %7s %7s %9s %9s %9s%n",
                    "step",
                    "arch",
                    "parameters",
                    "nodes",
                    "edges",
                    "median ms",
                    "p10-p90",
                    "min ms",
                    "host ms",
                    "steps/s",
                    "GFLOP",
                    "GFLOP/s",
                    "RSS model",
                    "RSS peak",
                    "RSS after"));
            sb.append(String.format(
                    Locale.ROOT,
                    "(RSS: growth above the process's RSS before the model existed, %s MiB)%n",
                    s.steps().stream()
                            .map(f -> String.valueOf(f.memory().baselineMib()))
                            .distinct()
                            .collect(Collectors.joining(", "))));
            for (ScalingFigures.StepFigures f : s.steps()) {
                sb.append(String.format(
                        Locale.ROOT,
                        "%-9s %-8s %,11d %,9d %,9d %9.1f %13s %8.1f %8.1f %8.3f %7.2f %7.1f " + "%7d M %7d M %7d M%s%n",
                        f.kind(),
                        f.architecture(),
                        f.parameters(),
                        f.sampledNodes(),
                        f.sampledEdges(),
                        f.step().median(),
                        String.format(
                                Locale.ROOT,
                                "%.0f-%.0f",
                                f.step().p10(),
                                f.step().p90()),
                        f.step().min(),
                        f.host().median(),
                        f.stepsPerSecond(),
                        f.gflop(),
                        f.achievedGflops(),
                        f.memory().modelMib(),
                        f.memory().peakMib(),
                        f.memory().afterMib(),
                        f.nonFinite() > 0 ? " (" + f.nonFinite() + " non-finite)" : ""));
            }
            for (ScalingFigures.EmbeddingFigures e : s.embeddings()) {
                sb.append(String.format(
                        Locale.ROOT,
                        "embed     %-8s %,d seeds/type/pass: %s ms per pass of all types "
                                + "(%,d nodes, %,d edges, %.2f GFLOP), %s ms of the largest type alone; tables %.0f B/node; "
                                + "RSS +%d M peak%n",
                        e.architecture(),
                        e.seedsPerType(),
                        timing(e.allTypes()),
                        e.sampledNodes(),
                        e.sampledEdges(),
                        e.gflop(),
                        timing(e.largestOnly()),
                        e.tableBytesPerNode(),
                        e.memory().peakMib()));
            }
        }
        ScalingProjection.Projection p = r.projection();
        if (p == null) {
            return sb.toString();
        }
        sb.append(String.format(
                Locale.ROOT,
                "%n-- projection to scale 1 from scale %s (arithmetic, not measured): %s " + "nodes, %,d input edges%n",
                p.fromScale(),
                p.nodesByType(),
                p.inputEdges()));
        sb.append(String.format(
                Locale.ROOT,
                "heap: graph %.1f GiB (strings %.1f GiB of it), split +%.1f GiB, "
                        + "fine-tuning task +%.1f GiB; one type holds at most %,d nodes of 400-wide rows (one array)%n",
                p.graphBytes() / GIB,
                p.stringBytes() / GIB,
                p.splitBytes() / GIB,
                p.taskBytes() / GIB,
                p.maxNodesPerType()));
        sb.append(String.format(
                Locale.ROOT,
                "GPU figures are estimates: analytic GFLOP at %.1f TFLOP/s x %.2f, with the "
                        + "host work measured here (batch preparation, one prefetch thread; pass sampling, inline)%n",
                p.gpuPeakTflops(),
                p.gpuEfficiency()));
        for (ScalingProjection.ArchitectureProjection a : p.architectures()) {
            sb.append(String.format(
                    Locale.ROOT,
                    "%s: pre-training %,d steps: %.2f h on this CPU; GPU: %.1f ms of math and "
                            + "%.0f ms of host preparation per step: %.3f h; training state %.2f GiB; step peak +%d MiB "
                            + "RSS%n",
                    a.architecture(),
                    a.pretrainSteps(),
                    a.pretrainCpuHours(),
                    a.pretrainGpuMathMs(),
                    a.pretrainHostMs(),
                    a.pretrainGpuHours(),
                    a.pretrainStateBytes() / GIB,
                    a.stepPeakMib()));
            sb.append(String.format(
                    Locale.ROOT,
                    "%s: fine-tuning %,d steps: %.2f h on this CPU (GPU %.3f h), plus %d "
                            + "validations of %,d passes: %.2f h on this CPU (GPU %.2f h)%n",
                    a.architecture(),
                    a.finetuneSteps(),
                    a.finetuneCpuHours(),
                    a.finetuneGpuHours(),
                    a.validations(),
                    a.passesPerValidation(),
                    a.validationCpuHours(),
                    a.validationGpuHours()));
            sb.append(String.format(
                    Locale.ROOT,
                    "%s: embedding every node: %,d passes, %.2f h on this CPU (GPU %.2f h); "
                            + "%.1f GiB of heap for the embeddings while they are built%n",
                    a.architecture(),
                    a.embeddingPasses(),
                    a.embeddingCpuHours(),
                    a.embeddingGpuHours(),
                    a.embeddingBytes() / GIB));
        }
        return sb.toString();
    }

    private static String timing(ScalingFigures.Timing t) {
        return t == null
                ? "-"
                : String.format(Locale.ROOT, "%.1f (p10 %.1f, p90 %.1f, n %d)", t.median(), t.p10(), t.p90(), t.n());
    }

    private static final double MIB = 1024.0 * 1024;

    static String recommendText(RecommendBenchmark.Report r) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT,
                "== recommend: top-10 of %,d candidate products, embeddings of width %d%n",
                r.candidates(),
                r.dim()));
        sb.append(String.format(
                Locale.ROOT,
                "graph: %s (generated in %.1f s)%nmodel: %s (%.1f s)%n",
                r.graph(),
                r.graphSeconds(),
                r.model(),
                r.modelSeconds()));
        sb.append(String.format(
                Locale.ROOT,
                "deployment: every node embedded in %.1f s (%s); index built in %.1f s: %s%n",
                r.embeddingSeconds(),
                r.inference(),
                r.indexSeconds(),
                r.index()));
        PopularityPrior prior = r.popularityPrior();
        sb.append(
                prior.changesScores()
                        ? String.format(
                                Locale.ROOT,
                                "ranking: cosine + %s * log(1 + in-degree) (popularity prior, %s)%n",
                                prior.beta(),
                                prior.chosenBy())
                        : "ranking: cosine (no popularity prior)\n");
        sb.append(String.format(
                Locale.ROOT,
                "%-30s %8s %8s %8s %8s %9s %9s %9s%n",
                "single thread",
                "p50 ms",
                "p99 ms",
                "cpu p50",
                "cpu p99",
                "queries/s",
                "recall@10",
                "excluding"));
        for (RecommendBenchmark.Row row : r.rows()) {
            recommendLine(sb, row);
        }
        recommendLine(sb, r.api());
        recommendLine(sb, r.newNode());
        sb.append(String.format(
                Locale.ROOT,
                "new nodes: top-10 agreement with the copied query's own recommend() "
                        + "%.4f; largest embedding difference from the copied query's %.2g%n",
                r.newNodeAgreement(),
                r.newNodeMaxDifference()));
        RecommendBenchmark.Row exact = r.rows().get(0);
        for (RecommendBenchmark.Row row : r.rows().subList(1, r.rows().size())) {
            sb.append(String.format(
                    Locale.ROOT,
                    "exact / %s: %.1fx the p50 latency, %.1fx the p50 CPU time, " + "%.1fx fewer queries/s%n",
                    row.name(),
                    exact.latency().median() / row.latency().median(),
                    exact.cpu().median() / row.cpu().median(),
                    row.queriesPerSecond() / exact.queriesPerSecond()));
        }
        sb.append(
                "(recall@10: share of the exact top 10 found; 'excluding': with the query's clicked products excluded; "
                        + "cpu: CPU time of the querying thread; recommend(): the deployment's own call with its default nprobe, "
                        + "excluding clicked products; recommendForNewNode(): copies of existing queries (features and "
                        + "clicks) as new nodes, through the encoder and the default index, recall against the existing "
                        + "query's exact top 10)\n");
        return sb.toString();
    }

    private static void recommendLine(StringBuilder sb, RecommendBenchmark.Row row) {
        sb.append(String.format(
                Locale.ROOT,
                "%-30s %8.3f %8.3f %8.3f %8.3f %9.0f %9.4f %9.4f%n",
                row.name(),
                row.latency().median(),
                row.latency().percentile(99),
                row.cpu().median(),
                row.cpu().percentile(99),
                row.queriesPerSecond(),
                row.recall(),
                row.recallExcluding()));
    }

    private static final double GIB = 1024.0 * 1024 * 1024;

    private static Map<String, Object> jsonOf(BenchReport r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("device", r.device());
        m.put("parameters", r.parameters());
        m.put("sampled_nodes", r.sampledNodes());
        m.put("sampled_edges", r.sampledEdges());
        for (Map.Entry<String, StepTimes> e : Map.of(
                        "step",
                        r.total(),
                        "sampling",
                        r.sampling(),
                        "forward",
                        r.forward(),
                        "backward",
                        r.backward(),
                        "optimizer",
                        r.optimizer())
                .entrySet()) {
            m.put(e.getKey() + "_ms_median", e.getValue().median());
            m.put(e.getKey() + "_ms_p10", e.getValue().percentile(10));
            m.put(e.getKey() + "_ms_p90", e.getValue().percentile(90));
        }
        m.put("sampling_share", r.samplingShare());
        m.put("pipelined_ms", r.pipelinedMillis());
        m.put("pipelined_wait_ms", r.pipelinedWaitMillis());
        m.put("step_gflop", r.stepGflop());
        m.put("achieved_gflops", r.achievedGflops());
        m.put("ceiling_gflops", r.ceilingGflops());
        m.put("ceiling_ratio", r.ceilingRatio());
        m.put("model_shaped_matmul_gflops", r.modelShapedGflops());
        m.put("peak_rss_mib", r.peakRssMib());
        return m;
    }
}
