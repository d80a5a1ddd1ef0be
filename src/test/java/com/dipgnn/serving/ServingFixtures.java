package com.dipgnn.serving;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.FineTuneConfig;
import com.dipgnn.finetuning.FineTuneExperiment;
import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.FeatureScaling;
import com.dipgnn.graph.FeatureStandardization;
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
import com.dipgnn.sampling.SamplingConfig;
import com.dipgnn.store.InputPreparation;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.store.ModelStore;
import com.dipgnn.store.ModelTask;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Tiny graphs and models for the serving tests. */
final class ServingFixtures {

    static final ModelConfig TINY = new ModelConfig(Backbone.HGT, 2, 16, 2, 0.1, 0.0);
    static final SamplingConfig SAMPLING = new SamplingConfig(2, 16);

    private ServingFixtures() {}

    /** 150 queries, 200 products, about 1,200 clicks, 4 categories, 8 (queries) / 9 (products) features. */
    static HeteroGraph queryProduct() {
        return SyntheticGraphs.queryProduct(QueryProductConfig.defaults()
                .withSize(150, 200, 1200)
                .withNumCategories(4)
                .withFeatures(8, 1.0)
                .withSeed(5));
    }

    /** {@code node} as {@code deployment}'s model takes it: without its text when the model reads none of its type. */
    static NewNode forModel(ModelDeployment deployment, NewNode node) {
        return deployment.textTypes().contains(node.type())
                ? node
                : new NewNode(node.type(), node.features(), node.neighbours());
    }

    /**
     * Fine-tunes a tiny model for a few steps and saves it to {@code dir}; a link model without a
     * popularity prior, so that its scores are its cosine alone (PopularityPriorDeploymentTest has one).
     */
    static void train(HeteroGraph graph, TaskKind task, String targetType, Path dir) throws IOException {
        train(graph, task, targetType, dir, TINY);
    }

    /** {@link #train(HeteroGraph, TaskKind, String, Path)} with the architecture {@code model}. */
    static void train(HeteroGraph graph, TaskKind task, String targetType, Path dir, ModelConfig model)
            throws IOException {
        ExperimentSpec spec = new ExperimentSpec(
                task,
                targetType,
                null,
                SplitMode.TRANSFER,
                3,
                1.0,
                model,
                new FineTuneConfig(4, 32, 4, 0, OptimizerConfig.FINE_TUNING.withLearningRate(5e-3), 0),
                SAMPLING,
                0,
                false,
                31,
                31,
                0.1);
        new FineTuneExperiment(graph, "synthetic:query-product", spec, Device.cpu())
                .withPopularityPrior(PopularityPriorSetting.OFF)
                .run(1, TrainingListener.NONE, dir);
    }

    /**
     * Saves a randomly initialised link model of {@code query__clicked__product} whose manifest says
     * it was trained on row-normalised features (without training: the weights do not matter).
     */
    static void randomNormalizedLinkModel(HeteroGraph graph, Path dir) throws IOException {
        randomLinkModel(graph, dir, true, null);
    }

    /**
     * Saves a randomly initialised link model of {@code query__clicked__product} (without training:
     * the weights do not matter) whose manifest says whether it was trained on row-normalised
     * features, with {@code scaling}'s file when it is not null.
     */
    static void randomLinkModel(HeteroGraph graph, Path dir, boolean normalized, FeatureScaling scaling)
            throws IOException {
        randomLinkModel(graph, dir, normalized, scaling, PopularityPrior.NONE);
    }

    /** {@link #randomLinkModel(HeteroGraph, Path, boolean, FeatureScaling)} whose manifest stores {@code prior}. */
    static void randomLinkModel(
            HeteroGraph graph, Path dir, boolean normalized, FeatureScaling scaling, PopularityPrior prior)
            throws IOException {
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            GraphEncoder encoder = new GraphEncoder(GraphSchema.of(graph), TINY);
            CosineScorer head = new CosineScorer(TINY.hidden());
            ModelInitialization.initialize(9, manager, encoder, head);
            ModelTask task = ModelTask.LinkPrediction.untrained(RelationType.parse("query__clicked__product"), 0.1);
            InputPreparation preparation = new InputPreparation(
                    SAMPLING,
                    normalized,
                    scaling == null ? FeatureStandardization.NONE : FeatureStandardization.AUTO,
                    scaling == null ? List.of() : List.copyOf(scaling.types().keySet()));
            ModelManifest manifest = ModelManifest.of(
                    TINY,
                    GraphSchema.of(graph),
                    task,
                    "synthetic:query-product",
                    graph.fingerprint(),
                    0,
                    preparation,
                    Map.of());
            ModelStore.save(
                    dir,
                    prior.changesScores() ? manifest.withSection(PopularityPrior.SECTION, prior) : manifest,
                    encoder,
                    head,
                    scaling == null ? null : scaling::save);
        }
    }

    /** All ids of a type. */
    static int[] all(HeteroGraph graph, String type) {
        int[] ids = new int[graph.numNodes(type)];
        Arrays.setAll(ids, i -> i);
        return ids;
    }
}
