package com.dipgnn.cli;

import com.dipgnn.experiments.RecommenderCurvePlot;
import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.FineTuneExperiment;
import com.dipgnn.finetuning.FineTuneResult;
import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.split.EdgeSplitKind;
import com.dipgnn.graph.synthetic.GraphLocations;
import com.dipgnn.recommend.RecommenderConfig;
import com.dipgnn.recommend.RecommenderExperiment;
import com.dipgnn.recommend.RecommenderResult;
import com.dipgnn.runtime.Devices;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code finetune}: supervised fine-tuning ("w/o pre-train") with a progress bar and a result table. */
@Command(
        name = "finetune",
        mixinStandardHelpOptions = true,
        description = "Fine-tunes a GNN on a node classification or link prediction task and reports test metrics.")
public final class FinetuneCommand implements Callable<Integer>, TrainingCommand {

    @picocli.CommandLine.Mixin
    final FineTuningOptions options = FineTuningOptions.dataSetSplitByDefault();

    @Option(
            names = "--split",
            description =
                    "split: " + FineTuningOptions.SPLITS + " (default: dataset when the "
                            + "data set marks one for the task, else transfer; the baseline recommenders take holdout instead of transfer)")
    void split(String value) {
        options.split(value);
    }

    @Override
    public FineTuningOptions fineTuning() {
        return options;
    }

    @Option(names = "--save", description = "save the model of the first run to this new directory")
    Path save;

    @Option(
            names = "--pretrained",
            description = "start the encoder from this pre-trained model: a directory (from pretrain), or the id of "
                    + "a model the service stored (see --data-dir)")
    Path pretrained;

    @Option(
            names = "--time-limit",
            converter = TimeLimitConverter.class,
            description = "end each run's training after the step in progress once this much time has passed (90s, "
                    + "10m, 1.5h; a resumed run counts from its resume): it is validated and the best validated weights "
                    + "are kept (default: none)")
    Duration timeLimit;

    @Option(names = "--json", description = "print the final result as one JSON object on standard output")
    boolean json;

    /** {@code --pretrained}: a model directory, or the id of a model the service stored (--data-dir). */
    private Path pretrainedModel() {
        return ServiceData.at(options.dataDir).model("--pretrained", pretrained.toString());
    }

    @Option(
            names = "--model",
            defaultValue = "gnn",
            description = "gnn (the encoder of --backbone), or a baseline recommender for the link task: popularity, "
                    + "mf (MF-BPR) or lightgcn (default: ${DEFAULT-VALUE})")
    String model;

    @picocli.CommandLine.Mixin
    RecommenderOptions recommender = new RecommenderOptions();

    @Option(
            names = "--checkpoint-dir",
            description =
                    "save a checkpoint of each run here (the GNN at every "
                            + "validation, baseline recommenders after every epoch) and resume from the last one; the GNN may "
                            + "resume with another --steps: more to go on, or its checkpoint's step to end there and be evaluated")
    Path checkpointDir;

    @Option(
            names = "--rec-val-fraction",
            description = "baseline recommenders on a data set's own split that marks "
                    + "no validation pairs: the share of training pairs carved out for validation; 0 trains on them all for "
                    + "--epochs with no validation or early stopping (default: 0.05)")
    Double validationFraction;

    @Option(
            names = "--rec-plot",
            description = "baseline recommenders: write the validation Recall@20 over epochs "
                    + "of every run to this SVG file")
    Path plot;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec commandSpec;

    /** Options only the GNN reads; a baseline recommender reads {@code --epochs} and {@code --rec-*} instead. */
    private static final List<String> GNN_ONLY = List.of(
            "--save",
            "--pretrained",
            "--backbone",
            "--propagation-weights",
            "--layer-combination",
            "--preset",
            "--steps",
            "--lr",
            "--weight-decay",
            "--l2",
            "--clip",
            "--dropout",
            "--attention-dropout",
            "--layers",
            "--hidden",
            "--heads",
            "--node-embeddings",
            "--embedding-width",
            "--structural-inputs",
            "--embedding-row-dropout",
            "--batch-size",
            "--eval-every",
            "--patience",
            "--depth",
            "--width",
            "--full-graph-max-nodes",
            "--label-fraction",
            "--normalize-features",
            "--standardize-features",
            "--link-loss",
            "--link-negatives",
            "--train-negatives",
            "--target-type");

    @Override
    public Integer call() throws Exception {
        TaskKind kind = TaskKind.parse(options.task);
        if (save != null && Files.exists(save)) {
            throw new IllegalArgumentException("--save " + save + " already exists; models are never overwritten: "
                    + "choose a new directory or delete the old one");
        }
        boolean gnn = "gnn".equalsIgnoreCase(model.trim());
        refuseOptionsTheModelIgnores(gnn);
        // a model that cannot be found is named before the graph loads, which can take long
        Path startFrom = pretrained == null ? null : pretrainedModel();
        HeteroGraph graph = GraphLocations.load(options.graphLocation(), options.splitSeed);
        if (!gnn) {
            return runBaseline(kind, graph);
        }
        com.dipgnn.store.ModelStore.EncoderWeights start =
                startFrom == null ? null : com.dipgnn.store.ModelStore.readEncoderWeights(startFrom);
        ExperimentSpec spec = start == null
                ? options.spec(kind, graph)
                : options.spec(kind, graph, start.manifest().modelConfig());
        PrintStream err = System.err;
        err.println("data: " + graph.describe());
        FineTuneExperiment experiment = (startFrom == null
                        ? new FineTuneExperiment(
                                graph, options.dataset, spec, Devices.select(options.device), TextCaches.cli())
                        : FineTuneExperiment.fromPretrained(
                                startFrom,
                                graph,
                                options.dataset,
                                spec,
                                Devices.select(options.device),
                                TextCaches.cli()))
                .withPopularityPrior(options.popularityPrior());
        List<FineTuneResult> results = new ArrayList<>();
        for (int r = 0; r < options.runs; r++) {
            long runSeed = options.seed + r;
            String primary = experiment.primaryMetric();
            ProgressBar bar = new ProgressBar(err, String.format("run %d/%d", r + 1, options.runs), primary)
                    .limitedTo(timeLimit, "fine-tuning");
            FineTuneResult result = experiment.run(
                    runSeed,
                    bar,
                    r == 0 ? save : null,
                    start,
                    checkpointDir == null ? null : checkpointDir.resolve("seed" + runSeed),
                    spec.training().evalEvery());
            bar.finish();
            results.add(result);
            err.printf(
                    Locale.ROOT,
                    "run %d seed %d: test %s %.4f (best step %d of %d run, %.1f s)%n",
                    r + 1,
                    runSeed,
                    primary,
                    result.metrics().get("test").get(primary),
                    result.bestStep(),
                    result.stepsRun(),
                    result.seconds());
        }
        Map<String, Map<String, RunSummary.Stat>> summary = RunSummary.of(results);
        if (json) {
            System.out.println(new ObjectMapper().writeValueAsString(jsonReport(experiment.spec(), results, summary)));
        } else {
            System.out.print(RunSummary.table(summary));
        }
        return 0;
    }

    /** Refuses options given on the command line that the chosen model would silently ignore. */
    private void refuseOptionsTheModelIgnores(boolean gnn) {
        if (commandSpec == null) {
            return; // not parsed by picocli (tests that set fields directly)
        }
        List<String> ignored = commandSpec.commandLine().getParseResult().matchedOptions().stream()
                .map(picocli.CommandLine.Model.OptionSpec::longestName)
                .filter(name -> gnn ? name.startsWith("--rec-") || name.equals("--epochs") : GNN_ONLY.contains(name))
                .distinct()
                .toList();
        if (!ignored.isEmpty()) {
            throw new IllegalArgumentException(
                    gnn
                            ? "options " + ignored
                                    + " are the baseline recommenders' (--model popularity|mf|lightgcn) and the "
                                    + "GNN ignores them; drop them, or use the GNN's own (--steps, --lr, --batch-size, ...)"
                            : "options " + ignored + " are the GNN's and --model " + model
                                    + " ignores them; drop them, or "
                                    + "use the recommender's own (--epochs, --rec-lr, --rec-batch, ...)");
        }
    }

    /** Trains and evaluates a baseline recommender ({@code --model popularity|mf|lightgcn}) over the runs. */
    private int runBaseline(TaskKind kind, HeteroGraph graph) throws Exception {
        if (kind != TaskKind.LINK_PREDICTION) {
            throw new IllegalArgumentException("--model " + model + " is a recommender: it needs --task link");
        }
        if (save != null || pretrained != null) {
            throw new IllegalArgumentException("--save and --pretrained are for GNN models; the baseline recommenders "
                    + "are trained and evaluated only");
        }
        // without --split, a relation with no split of its own gets the per-user hold-out; an explicit
        // --split transfer is refused by the experiment with the splits that work
        SplitMode mode = options.split() != null
                ? SplitMode.parse(options.split())
                : options.defaultSplit(graph, kind) == SplitMode.TRANSFER
                        ? SplitMode.HOLDOUT
                        : options.defaultSplit(graph, kind);
        RecommenderConfig config =
                recommender.config(com.dipgnn.recommend.RecommenderKind.parse(model), options.negatives);
        PrintStream err = System.err;
        err.println("data: " + graph.describe());
        if (plot != null && validationFraction != null && validationFraction == 0) {
            throw new IllegalArgumentException("--rec-plot draws the validation curve, and --rec-val-fraction 0 "
                    + "leaves no validation pairs: drop one of them");
        }
        RecommenderExperiment experiment = new RecommenderExperiment(
                        graph,
                        options.relation,
                        mode,
                        options.splitSeed,
                        validationFraction == null ? EdgeSplitKind.DEFAULT_VALIDATION_FRACTION : validationFraction,
                        config,
                        Devices.select(options.device))
                .withPopularityPrior(options.recommenderPopularityPrior());
        err.printf(
                Locale.ROOT,
                "split %s: %d train, %d validation, %d test pairs%n",
                mode.name().toLowerCase(Locale.ROOT),
                experiment.split().train().size(),
                experiment.split().val().size(),
                experiment.split().test().size());
        List<RecommenderResult> results = new ArrayList<>();
        for (int r = 0; r < options.runs; r++) {
            long runSeed = options.seed + r;
            ProgressBar bar = new ProgressBar(err, String.format("run %d/%d", r + 1, options.runs), "recall@20")
                    .limitedTo(timeLimit, "training");
            Path checkpoints = checkpointDir == null ? null : checkpointDir.resolve("seed" + runSeed);
            RecommenderResult result = experiment.run(runSeed, bar, checkpoints);
            bar.finish();
            results.add(result);
            if (!result.popularityPrior().equals(com.dipgnn.ranking.PopularityPrior.NONE)) {
                err.printf(
                        Locale.ROOT,
                        "run %d seed %d: popularity prior weight %s (%s)%n",
                        r + 1,
                        runSeed,
                        result.popularityPrior().beta(),
                        result.popularityPrior().chosenBy());
            }
            err.printf(
                    Locale.ROOT,
                    "run %d seed %d: test recall@20 %.4f ndcg@20 %.4f (best epoch %d of %d, " + "%.1f s)%n",
                    r + 1,
                    runSeed,
                    result.metrics().get("test").get("recall@20"),
                    result.metrics().get("test").get("ndcg@20"),
                    result.bestEpoch(),
                    result.epochsRun(),
                    result.seconds());
        }
        Map<String, Map<String, RunSummary.Stat>> summary = RunSummary.ofMetrics(
                results.stream().map(RecommenderResult::metrics).toList());
        if (plot != null) {
            RecommenderCurvePlot.of(
                            options.dataset + ": " + model + ", " + mode.name().toLowerCase(Locale.ROOT) + " split",
                            options.seed,
                            results,
                            config.fullK())
                    .write(plot);
            err.println("wrote the validation curve to " + plot);
        }
        if (json) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("dataset", options.dataset);
            out.put("split", mode.name().toLowerCase(Locale.ROOT));
            out.put("config", config);
            List<Map<String, Object>> runList = new ArrayList<>();
            for (int i = 0; i < results.size(); i++) {
                Map<String, Object> run = new LinkedHashMap<>();
                run.put("seed", options.seed + i);
                run.put("metrics", results.get(i).metrics());
                run.put("best_epoch", results.get(i).bestEpoch());
                run.put("epochs_run", results.get(i).epochsRun());
                run.put("seconds", results.get(i).seconds());
                run.put("curve", results.get(i).curve());
                run.put("popularity_prior", results.get(i).popularityPrior());
                runList.add(run);
            }
            out.put("runs", runList);
            out.put("summary", summary);
            System.out.println(new ObjectMapper().writeValueAsString(out));
        } else {
            System.out.print(RunSummary.table(summary));
        }
        return 0;
    }

    private Map<String, Object> jsonReport(
            ExperimentSpec spec, List<FineTuneResult> results, Map<String, Map<String, RunSummary.Stat>> summary) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("dataset", options.dataset);
        out.put("config", spec);
        List<Map<String, Object>> runList = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            Map<String, Object> run = new LinkedHashMap<>();
            run.put("seed", options.seed + i);
            run.put("metrics", results.get(i).metrics());
            run.put("best_step", results.get(i).bestStep());
            run.put("steps_run", results.get(i).stepsRun());
            run.put("seconds", results.get(i).seconds());
            if (results.get(i).popularityPrior() != null) {
                run.put("popularity_prior", results.get(i).popularityPrior());
            }
            runList.add(run);
        }
        out.put("runs", runList);
        out.put("summary", summary);
        return out;
    }
}
