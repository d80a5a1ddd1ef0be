package com.dipgnn.cli;

import ai.djl.Device;
import com.dipgnn.bench.BenchConfiguration;
import com.dipgnn.bench.BenchReport;
import com.dipgnn.bench.KernelComparisonBenchmark;
import com.dipgnn.bench.MemoryBenchmark;
import com.dipgnn.bench.NodeEmbeddingBenchmark;
import com.dipgnn.bench.OperatorProfile;
import com.dipgnn.bench.PretrainBenchReport;
import com.dipgnn.bench.PretrainStepBenchmark;
import com.dipgnn.bench.RecommendBenchmark;
import com.dipgnn.bench.RecommenderBenchmark;
import com.dipgnn.bench.ScalingBenchmark;
import com.dipgnn.bench.StepBenchmark;
import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.FineTuneDefaults;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.synthetic.GraphLocations;
import com.dipgnn.model.Backbone;
import com.dipgnn.pretraining.PretrainConfig;
import com.dipgnn.ranking.PopularityPriorSetting;
import com.dipgnn.recommend.RecommenderKind;
import com.dipgnn.runtime.Devices;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
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
                + "and compares step time, CPU time and peak resident memory; 'recommend-train' trains each --paths on each "
                + "--graphs for --budget-steps in a process of its own and gives step time, epoch time, peak "
                + "resident and native memory, host sampling and test Recall@20 / NDCG@20.")
public final class BenchCommand implements Callable<Integer> {

    private static final int PROFILE_ROWS = 25;

    @Spec
    CommandSpec spec;

    @Option(
            names = "--config",
            defaultValue = "all",
            description =
                    "gat-homo, hgt-homo, hgt-hetero, hgt-text, all (those four), dipgnn-gat-homo, dipgnn-hgt-homo, "
                            + "dipgnn-hgt-hetero, dipgnn-hgt-text, dipgnn-all (those four), memory, recommend, scaling, node-embeddings, gnn-link, recommender, "
                            + RecommendTrainOptions.CONFIG
                            + " or kernels (default: ${DEFAULT-VALUE})")
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

    @picocli.CommandLine.Mixin
    RecommendTrainOptions recommendTrain = new RecommendTrainOptions();

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
            ProfileRequest.check(spec.commandLine(), config, baseName(config), profile);
        }
        if (RecommendTrainOptions.CONFIG.equals(config)) {
            List<String> commandLine =
                    spec.root().commandLine().getParseResult().originalArgs();
            return recommendTrain.run(warmup, device, json, recommenderOptions, commandLine, out);
        }
        if ("memory".equals(config)) {
            MemoryBenchmark.Report report = MemoryBenchmark.run(scale);
            out.println(json ? new ObjectMapper().writeValueAsString(report) : ScalingBenchText.memoryText(report));
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
            out.println(json ? new ObjectMapper().writeValueAsString(report) : ScalingBenchText.scalingText(report));
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
                            : StepBenchText.nodeEmbeddingsText(report, StepBenchText.nodeEmbeddingsHeader(report)));
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
                            : StepBenchText.nodeEmbeddingsText(
                                    report, StepBenchText.gnnLinkHeader(report, benchDataset)));
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
                            : RecommendBenchText.recommenderText(r, benchDataset));
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
            out.println(
                    json ? new ObjectMapper().writeValueAsString(report) : RecommendBenchText.recommendText(report));
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
                System.err.print(
                        StepBenchText.profileText(OperatorProfile.summarise(profile, PROFILE_ROWS, repeats), profile));
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
        figures.put(r.configuration(), StepBenchText.jsonOf(r));
        return StepBenchText.stepText(r);
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
        figures.put(r.step().configuration(), StepBenchText.pretrainJson(r));
        return StepBenchText.pretrainText(r);
    }

    /** The engine configurations a {@code --config} value names (pre-training ones by their base configuration). */
    static List<BenchConfiguration> selected(String config) {
        String base = baseName(config);
        return "all".equals(base) ? BenchConfiguration.all() : List.of(BenchConfiguration.named(base));
    }

    /** A {@code --config} value without the pre-training prefix. */
    static String baseName(String config) {
        return config.startsWith(PretrainStepBenchmark.PREFIX)
                ? config.substring(PretrainStepBenchmark.PREFIX.length())
                : config;
    }

    private void progress(int r) {
        System.err.printf(Locale.ROOT, "\r  step %d/%d", r, repeats);
    }
}
