package com.dipgnn.finetuning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import ai.djl.Device;
import com.dipgnn.graph.DenseFeatures;
import com.dipgnn.graph.FeatureScaling;
import com.dipgnn.graph.FeatureStandardization;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.split.NodeTransferSplit;
import com.dipgnn.graph.synthetic.QueryProductConfig;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.optim.TrainingListener;
import com.dipgnn.sampling.SamplingConfig;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.store.ModelStore;
import com.dipgnn.text.TextInputScope;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a fine-tuning experiment's standardisation comes from: fitted on the features of the nodes
 * pre-training may see (a fine-tuning node's extreme value does not move it), every node without a
 * pre-training part, none when asked or with row normalisation, a pre-trained model's stored one
 * when fine-tuning it; and it is saved with the model.
 *
 * <p>The products' features are set by hand: column 0 is 10 on every product but one, column 1 a
 * 0/1 indicator. On the pre-training part column 0 is therefore constant: centred (mean 10) and not
 * scaled; column 1 is left as it is.
 */
class FeatureStandardizationExperimentTest {

    private static final long SPLIT_SEED = 3;
    private static final ModelConfig TINY = new ModelConfig(Backbone.HGT, 2, 16, 2, 0.1, 0.0);
    private static final float EXTREME = 1e6f;

    @TempDir
    Path dir;

    private static HeteroGraph queryProduct() {
        return SyntheticGraphs.queryProduct(QueryProductConfig.defaults()
                .withSize(150, 200, 1200)
                .withNumCategories(4)
                .withFeatures(8, 1.0)
                .withSeed(5));
    }

    /** The graph with product {@code extremeNode}'s column 0 at {@link #EXTREME} (none when -1). */
    private static HeteroGraph withProducts(HeteroGraph g, int extremeNode) {
        int n = g.numNodes("product");
        float[] values = new float[n * 2];
        for (int p = 0; p < n; p++) {
            values[2 * p] = p == extremeNode ? EXTREME : 10f;
            values[2 * p + 1] = p % 2;
        }
        return g.withNodes(g.nodes("product").withFeatures(new DenseFeatures(n, 2, values)));
    }

    /** A product that pre-training never sees (true) or does see (false) under the split seed. */
    private static int product(HeteroGraph g, boolean fineTuningOnly) {
        int[] pretrain = new NodeTransferSplit(SPLIT_SEED).pretrainNodes(g).get("product");
        for (int p = 0; p < g.numNodes("product"); p++) {
            if ((Arrays.binarySearch(pretrain, p) >= 0) != fineTuningOnly) {
                return p;
            }
        }
        throw new AssertionError("no such product");
    }

    private static ExperimentSpec spec(SplitMode split, boolean normalize, FeatureStandardization standardization) {
        return new ExperimentSpec(
                        TaskKind.NODE_CLASSIFICATION,
                        "product",
                        null,
                        split,
                        SPLIT_SEED,
                        1.0,
                        TINY,
                        new FineTuneConfig(2, 32, 2, 0, OptimizerConfig.FINE_TUNING, 0),
                        new SamplingConfig(2, 16),
                        100_000,
                        normalize,
                        31,
                        31,
                        0.1)
                .withFeatureStandardization(standardization);
    }

    private static ExperimentSpec transfer() {
        return spec(SplitMode.TRANSFER, false, FeatureStandardization.AUTO);
    }

    private static float productFeature(HeteroGraph g, int node, int column) {
        return ((DenseFeatures) g.nodes("product").dataFeatures()).get(node, column);
    }

    @Test
    void statisticsComeFromThePretrainingPartOnly() {
        HeteroGraph raw = queryProduct();
        int finetuneOnly = product(raw, true);
        HeteroGraph extreme = withProducts(raw, finetuneOnly);

        FineTuneExperiment experiment = new FineTuneExperiment(extreme, "qp", transfer(), Device.cpu());

        FeatureScaling.Columns products = experiment.featureScaling().types().get("product");
        assertThat(products.means())
                .as("the extreme fine-tuning node does not move the mean")
                .containsExactly(10, 0);
        assertThat(products.scales()).containsExactly(1, 1);
        assertThat(experiment.featureScaling())
                .isEqualTo(
                        new FineTuneExperiment(withProducts(raw, -1), "qp", transfer(), Device.cpu()).featureScaling());
        // applied to the whole graph, the pre-training part included
        assertThat(productFeature(experiment.graph(), finetuneOnly, 0)).isEqualTo(EXTREME - 10);
        // the products' text columns follow their features and are left as they are: a unit-norm TF-IDF row
        NodeTable productTable = experiment.graph().nodes("product");
        assertThat(productTable.featureDim()).isGreaterThan(productTable.dataFeatureDim());
        float[] row = productTable.features().gather(new int[] {finetuneOnly});
        double norm = 0;
        for (int j = productTable.dataFeatureDim(); j < row.length; j++) {
            norm += row[j] * row[j];
        }
        assertThat(norm).isCloseTo(1.0, within(1e-5));
        HeteroGraph pretrain = experiment.pretrainGraph();
        for (int p = 0; p < pretrain.numNodes("product"); p++) {
            assertThat(productFeature(pretrain, p, 0)).isZero();
        }
        // the dense query features are standardised too; the original graph is untouched
        assertThat(experiment.featureScaling().types()).containsOnlyKeys("query", "product");
        assertThat(productFeature(extreme, finetuneOnly, 0)).isEqualTo(EXTREME);
    }

    @Test
    void theSameValueOnAPretrainingNodeDoesMoveIt() {
        HeteroGraph raw = queryProduct();
        int pretrainNode = product(raw, false);
        int pretrainCount = new NodeTransferSplit(SPLIT_SEED).pretrainNodes(raw).get("product").length;

        FineTuneExperiment experiment =
                new FineTuneExperiment(withProducts(raw, pretrainNode), "qp", transfer(), Device.cpu());

        assertThat(pretrainCount).isEqualTo(140);
        // (139 x 10 + 1e6) / 140
        assertThat(experiment.featureScaling().types().get("product").means()[0])
                .isCloseTo(7152.785714285714, within(1e-6));
    }

    @Test
    void withoutAPretrainingPartEveryNodeCounts() {
        HeteroGraph graph = withProducts(queryProduct(), 0);

        FineTuneExperiment experiment = new FineTuneExperiment(
                graph, "qp", spec(SplitMode.DATASET, false, FeatureStandardization.AUTO), Device.cpu());

        // (199 x 10 + 1e6) / 200
        assertThat(experiment.featureScaling().types().get("product").means()[0])
                .isCloseTo(5009.95, within(1e-6));
    }

    @Test
    void noneAndRowNormalisationStandardiseNothing() {
        HeteroGraph graph = withProducts(queryProduct(), 0);

        FineTuneExperiment none = new FineTuneExperiment(
                graph, "qp", spec(SplitMode.TRANSFER, false, FeatureStandardization.NONE), Device.cpu());
        // products read their features alone here, so a row's sum is its features' (TextInputsTest sums text too)
        FineTuneExperiment normalized = new FineTuneExperiment(
                graph,
                "qp",
                spec(SplitMode.TRANSFER, true, FeatureStandardization.AUTO).withTextInputs(TextInputScope.FEATURELESS),
                Device.cpu());

        assertThat(none.featureScaling().isIdentity()).isTrue();
        assertThat(productFeature(none.graph(), 1, 0)).isEqualTo(10f);
        assertThat(normalized.featureScaling().isIdentity()).isTrue();
        assertThat(normalized.featurePreprocessing().rowNormalize()).isTrue();
        // row 1 is [10, 1]: it sums to 11
        assertThat(productFeature(normalized.graph(), 1, 0)).isCloseTo(10f / 11, within(1e-7f));
    }

    @Test
    void fineTuningAPretrainedModelUsesItsStoredScaling() throws Exception {
        HeteroGraph graph = withProducts(queryProduct(), -1);
        Path pretrained = Files.createDirectories(dir.resolve("pretrained"));
        FeatureScaling stored = new FeatureScaling(
                Map.of("product", new FeatureScaling.Columns(new double[] {4, 0}, new double[] {2, 1})));
        stored.save(pretrained);

        FineTuneExperiment experiment =
                FineTuneExperiment.fromPretrained(pretrained, graph, "qp", transfer(), Device.cpu(), null);

        assertThat(experiment.featureScaling()).isEqualTo(stored);
        assertThat(productFeature(experiment.graph(), 0, 0)).as("(10 - 4) / 2").isEqualTo(3f);
        assertThat(productFeature(experiment.graph(), 1, 1)).isEqualTo(1f);
        assertThatThrownBy(() -> FineTuneExperiment.fromPretrained(
                        pretrained,
                        graph,
                        "qp",
                        spec(SplitMode.TRANSFER, false, FeatureStandardization.NONE),
                        Device.cpu(),
                        null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("standardises the dense features of [product]")
                .hasMessageContaining("--standardize-features auto");

        // a model saved before scalings were stored: nothing is standardised, as then
        Path old = Files.createDirectories(dir.resolve("old"));
        FineTuneExperiment fromOld =
                FineTuneExperiment.fromPretrained(old, graph, "qp", transfer(), Device.cpu(), null);
        assertThat(fromOld.featureScaling().isIdentity()).isTrue();
        assertThat(productFeature(fromOld.graph(), 0, 0)).isEqualTo(10f);
    }

    @Test
    void theScalingIsSavedWithTheModelAndListedInItsManifest() throws Exception {
        FineTuneExperiment experiment =
                new FineTuneExperiment(withProducts(queryProduct(), 0), "qp", transfer(), Device.cpu());
        Path model = dir.resolve("model");

        experiment.run(1, TrainingListener.NONE, model);

        assertThat(FeatureScaling.loadIfPresent(model)).contains(experiment.featureScaling());
        ModelManifest manifest = ModelStore.readManifest(model);
        assertThat(manifest.files()).containsKey(FeatureScaling.FILE_NAME);
        assertThat(manifest.preparation().standardizeFeatures()).isEqualTo(FeatureStandardization.AUTO);
        assertThat(manifest.preparation().standardizedFeatureTypes()).isNotEmpty();
    }

    @Test
    void nothingToStandardiseWritesNoFile() throws Exception {
        FineTuneExperiment experiment = new FineTuneExperiment(
                withProducts(queryProduct(), 0),
                "qp",
                spec(SplitMode.TRANSFER, false, FeatureStandardization.NONE),
                Device.cpu());
        Path model = dir.resolve("model");

        experiment.run(1, TrainingListener.NONE, model);

        assertThat(model.resolve(FeatureScaling.FILE_NAME)).doesNotExist();
        assertThat(ModelStore.readManifest(model).files()).doesNotContainKey(FeatureScaling.FILE_NAME);
    }
}
