package com.dipgnn.cli;

import com.dipgnn.experiments.BaselineComparison;
import com.dipgnn.experiments.Reproduction;
import com.dipgnn.experiments.ReproductionReport;
import com.dipgnn.experiments.ReproductionResult;
import com.dipgnn.experiments.ReproductionSpec;
import com.dipgnn.experiments.RunRecord;
import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.FineTuneExperiment;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.synthetic.GraphLocations;
import com.dipgnn.optim.TrainingListener;
import com.dipgnn.pretraining.PretrainListener;
import com.dipgnn.pretraining.PretrainMethod;
import com.dipgnn.recommend.RecommenderConfig;
import com.dipgnn.recommend.RecommenderKind;
import com.dipgnn.runtime.Devices;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code reproduce}: every chosen method through pre-training and fine-tuning on the same split
 * and seeds, then the paper-style table with paired tests, a Markdown report and a plot.
 */
@Command(
        name = "reproduce",
        mixinStandardHelpOptions = true,
        description =
                "Compares pre-training methods (DiP-GNN, its ablations, GPT-GNN, GAE, none) on one data set "
                        + "and task: mean ± std over runs, paired t-tests against no pre-training, a Markdown report and an SVG plot.")
public final class ReproduceCommand implements Callable<Integer>, TrainingCommand {

    @Mixin
    final PretrainingOptions training = new PretrainingOptions();

    final FineTuningOptions options = training.fineTuning;
    final PretrainOptions pretrain = training.pretrain;

    @Override
    public FineTuningOptions fineTuning() {
        return options;
    }

    @Option(
            names = "--methods",
            defaultValue = "none,dipgnn,gpt-gnn",
            split = ",",
            description = "methods to compare: none, dipgnn, dipgnn-edges, dipgnn-features, random-edges, gpt-gnn, gae "
                    + "(default: ${DEFAULT-VALUE})")
    List<String> methods;

    @Option(
            names = "--pretrain-per-run",
            description = "pre-train again for each run (default: once per method, "
                    + "and every run fine-tunes that model with its own seed)")
    boolean pretrainPerRun;

    @Option(
            names = "--probe",
            description = "node task: also fit a linear probe (logistic regression) on each run's "
                    + "frozen starting encoder, to show what pre-training put into the representations")
    boolean probe;

    @Option(
            names = "--out",
            description = "directory for the report, plot, JSON and pre-trained models "
                    + "(default: reports/<dataset>-<task>)")
    Path out;

    @Option(names = "--json", description = "print the whole result as one JSON object on standard output")
    boolean json;

    @Option(
            names = "--baselines",
            split = ",",
            description =
                    "link task on an edge split: also run these baseline "
                            + "recommenders (popularity, mf, lightgcn) with the same split and seeds, and add their table to the report")
    List<String> baselines = List.of();

    @Mixin
    RecommenderOptions recommender = new RecommenderOptions();

    @Override
    public Integer call() throws Exception {
        TaskKind kind = TaskKind.parse(options.task);
        if (probe && kind != TaskKind.NODE_CLASSIFICATION) {
            throw new IllegalArgumentException("--probe fits a classifier on node labels: it needs --task node");
        }
        List<PretrainMethod> chosen =
                methods.stream().map(PretrainMethod::parse).toList();
        HeteroGraph graph = GraphLocations.load(options.graphLocation(), options.splitSeed);
        ExperimentSpec spec = options.spec(kind, graph);
        // checked before the reproduction, which can take hours
        List<RecommenderConfig> baselineConfigs = baselineConfigs(kind, spec);
        FineTuneExperiment experiment = new FineTuneExperiment(
                        graph, options.dataset, spec, Devices.select(options.device), TextCaches.cli())
                .withPopularityPrior(options.popularityPrior());
        Path dir =
                out != null ? out : Path.of("reports", Path.of(options.dataset).getFileName() + "-" + kind.shortName());
        ReproductionSpec plan = new ReproductionSpec(
                chosen,
                options.runs,
                options.seed,
                pretrain.config(PretrainMethod.DIPGNN, options.seed, spec),
                pretrainPerRun,
                probe,
                pretrain.gradientNormsEvery);
        PrintStream err = System.err;
        err.println("data: " + graph.describe());
        ReproductionResult result =
                new Reproduction(experiment, plan, new Progress(err, experiment.primaryMetric())).run(dir);
        Path report = ReproductionReport.write(result, dir);
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        Files.writeString(dir.resolve("result.json"), mapper.writeValueAsString(result));
        if (!baselineConfigs.isEmpty()) {
            List<BaselineComparison.Baseline> rows = BaselineComparison.run(
                    graph,
                    options.relation,
                    spec.split(),
                    options.splitSeed,
                    baselineConfigs,
                    options.runs,
                    options.seed,
                    Devices.select(options.device),
                    (k, s) -> new ProgressBar(err, k.cliName() + " seed " + s, "recall@20"));
            Files.writeString(report, "\n" + BaselineComparison.markdown(rows), StandardOpenOption.APPEND);
            Files.writeString(dir.resolve("baselines.json"), mapper.writeValueAsString(rows));
        }
        err.println("report: " + report + " (plot: " + dir.resolve("validation.svg") + ")");
        if (json) {
            System.out.println(new ObjectMapper().writeValueAsString(result));
        } else {
            System.out.print(ReproductionReport.markdown(result, null));
        }
        return 0;
    }

    /** The recommenders {@code --baselines} names, refused unless the task can compare them (link, edge split). */
    private List<RecommenderConfig> baselineConfigs(TaskKind kind, ExperimentSpec spec) {
        if (baselines.isEmpty()) {
            return List.of();
        }
        if (!spec.split().holdsOutEdgesFor(kind)) {
            throw new IllegalArgumentException("--baselines need the link task on an edge split (--split dataset, "
                    + "holdout or leave-one-out): they learn one vector per node and cannot rank nodes they never saw");
        }
        return baselines.stream()
                .map(b -> recommender.config(RecommenderKind.parse(b), options.negatives))
                .toList();
    }

    /** CLI progress of a reproduction. */
    private static final class Progress implements Reproduction.Listener {
        private final PrintStream err;
        private final String metric;

        Progress(PrintStream err, String metric) {
            this.err = err;
            this.metric = metric;
        }

        @Override
        public void onPhase(String line) {
            err.println(line);
        }

        @Override
        public PretrainListener pretraining(PretrainMethod method, long seed) {
            return new PretrainProgress(err, method.cliName() + " pretrain");
        }

        @Override
        public TrainingListener fineTuning(PretrainMethod method, long seed) {
            return new ProgressBar(err, method.cliName() + " seed " + seed, metric);
        }

        @Override
        public void onRun(PretrainMethod method, RunRecord run) {
            err.printf(
                    Locale.ROOT,
                    "%s seed %d: test %s %.4f, val %.4f (best step %d, %.1f s)%n",
                    method.displayName(),
                    run.seed(),
                    metric,
                    run.metrics().get("test").get(metric),
                    run.metrics().get("val").get(metric),
                    run.bestStep(),
                    run.seconds());
        }
    }
}
