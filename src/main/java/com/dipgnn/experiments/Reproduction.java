package com.dipgnn.experiments;

import ai.djl.MalformedModelException;
import com.dipgnn.finetuning.FineTuneExperiment;
import com.dipgnn.finetuning.FineTuneResult;
import com.dipgnn.graph.FeatureScaling;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.optim.TrainingListener;
import com.dipgnn.pretraining.PretrainCheckpoint;
import com.dipgnn.pretraining.PretrainConfig;
import com.dipgnn.pretraining.PretrainListener;
import com.dipgnn.pretraining.PretrainMethod;
import com.dipgnn.pretraining.PretrainProvenance;
import com.dipgnn.pretraining.PretrainResult;
import com.dipgnn.pretraining.PretrainingRun;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.store.ModelStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs every method of a {@link ReproductionSpec} through pre-training ({@link PretrainingRun}, on
 * the pre-training part of the experiment's split, reading the graph as fine-tuning does) and fine-tuning (on the fine-tuning part, same split, same seeds
 * for every method), and compares each method with fine-tuning from scratch by a paired t-test.
 * Pre-trained models are saved under the work directory and reused by a later run with the same
 * settings.
 */
public final class Reproduction {

    /** Progress of a reproduction. */
    public interface Listener {
        /** A line describing what starts now. */
        default void onPhase(String line) {}

        /** The listener of one pre-training. */
        default PretrainListener pretraining(PretrainMethod method, long seed) {
            return PretrainListener.NONE;
        }

        /** The listener of one fine-tuning run. */
        default TrainingListener fineTuning(PretrainMethod method, long seed) {
            return TrainingListener.NONE;
        }

        /** After a fine-tuning run. */
        default void onRun(PretrainMethod method, RunRecord run) {}
    }

    /** Prefix of the comparisons of linear-probe results. */
    public static final String PROBE = "linear probe: ";

    private final FineTuneExperiment experiment;
    private final ReproductionSpec spec;
    private final Listener listener;

    public Reproduction(FineTuneExperiment experiment, ReproductionSpec spec, Listener listener) {
        this.experiment = experiment;
        this.spec = spec;
        this.listener = listener;
    }

    /** Runs everything; pre-trained models go to {@code workDir/pretrained}. */
    public ReproductionResult run(Path workDir) throws IOException, MalformedModelException {
        PretrainingRun pretraining = spec.methods().stream().anyMatch(m -> m != PretrainMethod.NONE)
                ? PretrainingRun.on(
                        experiment.inputs(),
                        experiment.pretrainSplit(),
                        experiment.spec().model(),
                        experiment.datasetName(),
                        experiment.device())
                : null;
        List<MethodReport> reports = new ArrayList<>();
        for (PretrainMethod method : spec.methods()) {
            reports.add(runMethod(method, pretraining, workDir));
        }
        return new ReproductionResult(
                experiment.graph().name(),
                experiment.graph().describe(),
                experiment.spec().task().shortName(),
                experiment.primaryMetric(),
                settings(pretraining == null ? null : pretraining.pretrainGraph()),
                reports,
                comparisons(reports));
    }

    private MethodReport runMethod(PretrainMethod method, PretrainingRun pretraining, Path workDir)
            throws IOException, MalformedModelException {
        List<RunRecord> runs = new ArrayList<>();
        ModelStore.EncoderWeights shared = null;
        PretrainedModel first = null;
        double pretrainSeconds = 0;
        int pretrainings = 0;
        for (int r = 0; r < spec.runs(); r++) {
            long seed = spec.firstSeed() + r;
            ModelStore.EncoderWeights start = null;
            if (method != PretrainMethod.NONE) {
                if (shared == null || spec.pretrainPerRun()) {
                    long pretrainSeed = spec.pretrainPerRun() ? seed : spec.firstSeed();
                    PretrainedModel model = pretrained(method, pretrainSeed, pretraining, workDir);
                    first = first == null ? model : first;
                    pretrainSeconds += model.seconds;
                    pretrainings++;
                    shared = model.weights;
                }
                start = shared;
            }
            listener.onPhase(
                    method.displayName() + ": fine-tuning run " + (r + 1) + "/" + spec.runs() + " (seed " + seed + ")");
            CurveRecorder curve = new CurveRecorder(listener.fineTuning(method, seed), experiment.primaryMetric());
            FineTuneResult result = experiment.run(seed, curve, null, start);
            Map<String, Map<String, Double>> probe =
                    spec.probe() ? experiment.probe(seed, start).metrics() : null;
            RunRecord record =
                    new RunRecord(seed, result.metrics(), result.bestStep(), result.seconds(), curve.points, probe);
            runs.add(record);
            listener.onRun(method, record);
        }
        return new MethodReport(
                method,
                runs,
                method == PretrainMethod.NONE ? 0 : spec.pretrain().steps(),
                pretrainings == 0 ? 0 : pretrainSeconds / pretrainings,
                first == null ? Map.of() : first.finalMetrics,
                first == null ? Map.of() : first.history);
    }

    /** A pre-trained encoder with the figures of its pre-training. */
    private record PretrainedModel(
            ModelStore.EncoderWeights weights,
            double seconds,
            Map<String, Double> finalMetrics,
            Map<Long, Map<String, Double>> history) {}

    private PretrainedModel pretrained(PretrainMethod method, long seed, PretrainingRun pretraining, Path workDir)
            throws IOException, MalformedModelException {
        PretrainConfig config = spec.pretrain().withMethod(method).withSeed(seed);
        Path dir = workDir.resolve("pretrained").resolve(method.cliName() + "-seed" + seed);
        if (Files.isDirectory(dir) && sameSettings(dir, config)) {
            listener.onPhase(method.displayName() + ": reusing the pre-trained model in " + dir);
            ModelStore.EncoderWeights weights = ModelStore.readEncoderWeights(dir);
            ModelManifest m = weights.manifest();
            return new PretrainedModel(
                    weights,
                    PretrainProvenance.of(m).orElseThrow().seconds(),
                    m.metrics().get("pretrain_final"),
                    Map.of());
        }
        if (Files.exists(dir)) {
            throw new IllegalArgumentException(dir + " holds a model pre-trained with other settings; delete it or "
                    + "choose another --out directory");
        }
        listener.onPhase(method.displayName() + ": pre-training " + config.steps() + " steps on '"
                + pretraining.pretrainGraph().name() + "' (seed " + seed + ")");
        Path checkpoints = workDir.resolve("checkpoints").resolve(method.cliName() + "-seed" + seed);
        PretrainResult result = pretraining
                .run(
                        new PretrainingRun.Settings(config, method.kept(), spec.gradientNormsEvery(), checkpoints, dir),
                        listener.pretraining(method, seed))
                .result();
        PretrainCheckpoint.delete(checkpoints);
        Map<Long, Map<String, Double>> history = new LinkedHashMap<>();
        result.history().forEach(e -> history.put(e.step(), e.metrics()));
        return new PretrainedModel(
                ModelStore.readEncoderWeights(dir), result.seconds(), result.finalMetrics(), history);
    }

    /**
     * Whether the model in {@code dir} was pre-trained with {@code config} on features standardised as
     * this experiment's are (a model saved before scalings were stored counts as unstandardised; one
     * whose manifest records no typed pre-training, format 1, is pre-trained again).
     */
    private boolean sameSettings(Path dir, PretrainConfig config) throws IOException {
        ModelManifest manifest = ModelStore.readManifest(dir);
        return PretrainProvenance.of(manifest)
                        .map(p -> p.config().equals(config))
                        .orElse(false)
                && FeatureScaling.loadIfPresent(dir)
                        .orElse(FeatureScaling.identity())
                        .equals(experiment.featureScaling());
    }

    private Map<String, PairedTTest.Result> comparisons(List<MethodReport> reports) {
        Map<String, PairedTTest.Result> out = new LinkedHashMap<>();
        String metric = experiment.primaryMetric();
        MethodReport baseline = find(reports, PretrainMethod.NONE);
        MethodReport gpt = find(reports, PretrainMethod.GPT_GNN);
        for (MethodReport r : reports) {
            if (spec.runs() < 2) {
                break;
            }
            if (baseline != null && r != baseline) {
                out.put(
                        r.method().displayName() + " vs " + baseline.method().displayName(),
                        PairedTTest.test(r.test(metric), baseline.test(metric)));
            }
            if (gpt != null && r.method().hasDiscriminator()) {
                out.put(
                        r.method().displayName() + " vs " + gpt.method().displayName(),
                        PairedTTest.test(r.test(metric), gpt.test(metric)));
            }
            if (baseline != null && r != baseline && r.probeTest(metric).length > 0) {
                out.put(
                        PROBE + r.method().displayName() + " vs "
                                + baseline.method().displayName(),
                        PairedTTest.test(r.probeTest(metric), baseline.probeTest(metric)));
            }
        }
        return out;
    }

    private static MethodReport find(List<MethodReport> reports, PretrainMethod method) {
        return reports.stream().filter(r -> r.method() == method).findFirst().orElse(null);
    }

    private Map<String, Object> settings(HeteroGraph pretrainGraph) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("model", experiment.spec().model());
        s.put("fine_tuning", experiment.spec().training());
        s.put("split", experiment.spec().split().name().toLowerCase(Locale.ROOT));
        s.put("split_seed", experiment.spec().splitSeed());
        s.put("label_fraction", experiment.spec().labelFraction());
        s.put(
                "standardize_features",
                experiment.spec().normalizeFeatures()
                        ? "none (row-normalised)"
                        : experiment.spec().standardizeFeatures().cliName());
        s.put("pretraining", spec.pretrain());
        s.put("pretrain_per_run", spec.pretrainPerRun());
        s.put("linear_probe", spec.probe());
        s.put("runs", spec.runs());
        if (pretrainGraph != null) {
            s.put("pretrain_graph", pretrainGraph.describe());
        }
        return s;
    }

    /** Records the validation curve and forwards every event. */
    private static final class CurveRecorder implements TrainingListener {
        private final TrainingListener delegate;
        private final String metric;
        private final List<double[]> points = new ArrayList<>();

        CurveRecorder(TrainingListener delegate, String metric) {
            this.delegate = delegate;
            this.metric = metric;
        }

        @Override
        public void onStep(long step, long totalSteps, double loss) {
            delegate.onStep(step, totalSteps, loss);
        }

        @Override
        public void onValidation(long step, Map<String, Double> metrics, boolean improved) {
            points.add(new double[] {step, metrics.getOrDefault(metric, Double.NaN)});
            delegate.onValidation(step, metrics, improved);
        }
    }
}
