package com.dipgnn.pretraining;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.split.PretrainSplit;
import com.dipgnn.inference.PreparedInputs;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.optim.TrainingCancelledException;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.text.TextInputCache;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The one entry point of pre-training, which the command line, jobs and reproductions all run
 * through: it prepares the graph's inputs from the nodes pre-training sees under the split (text
 * inputs and feature standardisation, {@link PreparedInputs#learn}), takes the split's
 * pre-training part ({@link PretrainSplit#graph}), pre-trains on it ({@link Pretrainer}) and saves
 * the kept encoder with the inputs' files when asked ({@link PretrainedModels}).
 */
public final class PretrainingRun {

    /**
     * What a run pre-trains on.
     *
     * @param graph the graph as loaded
     * @param datasetName the data set's name, recorded with the model
     * @param split what pre-training sees of the graph
     * @param inputs how the graph's text and dense features are prepared
     * @param model the encoder architecture ({@code auto} node inputs are resolved for an edge split,
     *     as fine-tuning resolves them)
     */
    public record Data(
            HeteroGraph graph,
            String datasetName,
            PretrainSplit split,
            PreparedInputs.Settings inputs,
            ModelConfig model) {

        public Data {
            Objects.requireNonNull(graph, "graph");
            Objects.requireNonNull(split, "split");
            Objects.requireNonNull(inputs, "inputs");
            Objects.requireNonNull(model, "model");
        }
    }

    /**
     * How one pre-training runs.
     *
     * @param config the method and its settings
     * @param kept the network saved as the model
     * @param gradientNormsEvery steps between gradient-norm logs, 0 for none
     * @param checkpoints directory for checkpoints, resumed from when it holds one; null for none
     * @param saveTo new directory for the model; null: nothing is saved
     */
    public record Settings(
            PretrainConfig config, PretrainMethod.Kept kept, int gradientNormsEvery, Path checkpoints, Path saveTo) {

        public Settings {
            Objects.requireNonNull(config, "config");
            Objects.requireNonNull(kept, "kept");
        }

        /** The method's own network kept, no gradient norms, no checkpoints, nothing saved. */
        public static Settings of(PretrainConfig config) {
            return new Settings(config, config.method().kept(), 0, null, null);
        }
    }

    /**
     * What a run produced.
     *
     * @param result the figures of the run (its networks are closed once the run returns)
     * @param manifest the saved model's manifest, or null when nothing was saved
     */
    public record Outcome(PretrainResult result, ModelManifest manifest) {}

    private final PreparedInputs inputs;
    private final HeteroGraph pretrainGraph;
    private final ModelConfig model;
    private final String datasetName;
    private final long splitSeed;
    private final Device device;

    private PretrainingRun(
            PreparedInputs inputs,
            HeteroGraph pretrainGraph,
            ModelConfig model,
            String datasetName,
            long splitSeed,
            Device device) {
        this.inputs = inputs;
        this.pretrainGraph = pretrainGraph;
        this.model = model;
        this.datasetName = datasetName;
        this.splitSeed = splitSeed;
        this.device = device;
    }

    /**
     * Prepares {@code data}'s inputs and its pre-training part.
     *
     * @param cache where text-derived rows are cached (null: computed every time)
     * @throws IllegalArgumentException when the split holds back no part to pre-train on, or leaves
     *     too little for fine-tuning
     */
    public static PretrainingRun prepare(Data data, Device device, TextInputCache cache) {
        PreparedInputs inputs = PreparedInputs.learn(data.graph(), data.split(), data.inputs(), cache);
        return on(inputs, data.split(), data.model(), data.datasetName(), device);
    }

    /**
     * A run on inputs prepared already with the same {@code split} (those a fine-tuning experiment
     * reads), so that pre-training and fine-tuning read the graph alike.
     */
    public static PretrainingRun on(
            PreparedInputs inputs, PretrainSplit split, ModelConfig model, String datasetName, Device device) {
        ModelConfig resolved = split instanceof PretrainSplit.TrainingEdges edges
                ? model.withEveryNodeOf(inputs.graph(), edges.relation())
                : model;
        return new PretrainingRun(inputs, split.graph(inputs.graph()), resolved, datasetName, split.seed(), device);
    }

    /**
     * Pre-trains on the pre-training part and, when {@code settings} says where, saves the kept
     * encoder with the text inputs and feature scaling (atomically; the directory must not exist).
     *
     * @throws TrainingCancelledException when the listener asks to stop (the last checkpoint is kept)
     */
    public Outcome run(Settings settings, PretrainListener listener) throws IOException {
        settings.config().requireKeepable(settings.kept());
        try (NDManager manager = NDManager.newBaseManager(device)) {
            PretrainResult result = new Pretrainer(settings.config(), listener)
                    .withGradientNorms(settings.gradientNormsEvery())
                    .run(pretrainGraph, inputs.text(), model, manager, settings.checkpoints());
            ModelManifest manifest = settings.saveTo() == null
                    ? null
                    : PretrainedModels.save(
                            settings.saveTo(),
                            result,
                            settings.config(),
                            settings.kept(),
                            model.withDropout(settings.config().dropout()),
                            pretrainGraph,
                            datasetName,
                            splitSeed,
                            inputs.text(),
                            inputs.scaling());
            return new Outcome(result, manifest);
        }
    }

    /** The graph pre-training runs on: the split's pre-training part of the prepared graph. */
    public HeteroGraph pretrainGraph() {
        return pretrainGraph;
    }

    /** The graph's inputs as prepared: the text inputs and feature scaling saved with the model. */
    public PreparedInputs inputs() {
        return inputs;
    }

    /** The encoder architecture pre-trained (node inputs resolved for the split). */
    public ModelConfig model() {
        return model;
    }
}
