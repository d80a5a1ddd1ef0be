package com.dipgnn.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.DenseFeatures;
import com.dipgnn.graph.FeatureScaling;
import com.dipgnn.graph.FeatureScalingException;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.split.NodeTransferSplit;
import com.dipgnn.sampling.FullGraphSampler;
import com.dipgnn.store.ModelStore;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model saved with a {@link FeatureScaling}: a deployment standardises the graph's dense features
 * with it, as training did, and a new node's features the same way, so a new node sent with the
 * raw features and the edges of an existing node gets that node's embedding (up to float summation
 * order), by exact inference and by sampled inference over the full graph alike. The queries' first
 * column is shifted to about 2000 (a year), which standardisation matters for. A model saved
 * without one (as before scalings were stored) reads the features as loaded.
 */
class StandardizedFeaturesDeploymentTest {

    private static final float TOLERANCE = 1e-5f;

    @TempDir
    static Path dir;

    static HeteroGraph graph;
    static FeatureScaling scaling;
    static Path model;

    @BeforeAll
    static void save() throws Exception {
        HeteroGraph g = ServingFixtures.queryProduct();
        DenseFeatures queries = (DenseFeatures) g.nodes("query").features();
        float[] values = queries.values().clone();
        for (int q = 0; q < queries.count(); q++) {
            values[q * queries.dim()] += 2000f;
        }
        graph = g.withNodes(g.nodes("query").withFeatures(new DenseFeatures(queries.count(), queries.dim(), values)));
        scaling = FeatureScaling.fit(graph);
        model = dir.resolve("standardised");
        ServingFixtures.randomLinkModel(graph, model, false, scaling);
    }

    /** A node of {@code type} with the raw features and all the neighbours of node {@code id}. */
    private static NewNode copyOf(String type, int id) {
        RelationType clicked = graph.relation("clicked");
        RelationType into = clicked.source().equals(type) ? clicked : clicked.reverse();
        return new NewNode(
                type,
                graph.nodes(type).features().gather(new int[] {id}),
                Map.of("clicked", graph.adjacency(into).neighbors(id)),
                graph.nodes(type).text()[id]);
    }

    @Test
    void theModelDirectoryListsItsScaling() throws Exception {
        assertThat(scaling.types()).containsOnlyKeys("query", "product");
        assertThat(ModelStore.readManifest(model).files()).containsKey(FeatureScaling.FILE_NAME);
        assertThat(FeatureScaling.loadIfPresent(model)).contains(scaling);
    }

    @Test
    void exactInferenceScalesANewNodesFeaturesLikeTheGraphs() throws Exception {
        try (ModelDeployment d =
                ModelDeployment.deploy(model, graph, DeploymentOptions.defaults(), DeploymentListener.NONE)) {
            assertScaledLikeTraining(d);
            for (int query : new int[] {0, 5, 42, 149}) {
                assertThat(d.embedNewNode(ServingFixtures.forModel(d, copyOf("query", query))))
                        .containsExactly(d.embeddings("query", new int[] {query})[0], within(TOLERANCE));
            }
            for (int product : new int[] {0, 17, 199}) {
                assertThat(d.embedNewNode(ServingFixtures.forModel(d, copyOf("product", product))))
                        .containsExactly(d.embeddings("product", new int[] {product})[0], within(TOLERANCE));
            }
        }
    }

    @Test
    void sampledInferenceOverTheFullGraphScalesThemToo() throws Exception {
        try (ModelDeployment d = ModelDeployment.deploy(
                model,
                graph,
                DeploymentOptions.defaults().withSampler(new FullGraphSampler()),
                DeploymentListener.NONE)) {
            assertScaledLikeTraining(d);
            assertThat(d.embedNewNode(ServingFixtures.forModel(d, copyOf("query", 5))))
                    .containsExactly(d.embeddings("query", new int[] {5})[0], within(TOLERANCE));
        }
    }

    private static void assertScaledLikeTraining(ModelDeployment d) {
        float[] deployed = d.graph().nodes("query").features().gather(new int[] {5});
        float[] raw = graph.nodes("query").features().gather(new int[] {5});
        assertThat(raw[0]).isGreaterThan(1000f);
        assertThat(deployed).containsExactly(scaling.applyRow("query", raw));
        assertThat(Math.abs(deployed[0])).as("a standardised year").isLessThan(10f);
    }

    @Test
    void aModelSavedWithoutAScalingReadsTheFeaturesAsLoaded() throws Exception {
        Path old = dir.resolve("unscaled");
        ServingFixtures.randomLinkModel(graph, old, false, null);
        try (ModelDeployment d =
                ModelDeployment.deploy(old, graph, DeploymentOptions.defaults(), DeploymentListener.NONE)) {
            assertThat(d.graph().nodes("query").features().gather(new int[] {5}))
                    .containsExactly(graph.nodes("query").features().gather(new int[] {5}));
            assertThat(d.embedNewNode(ServingFixtures.forModel(d, copyOf("query", 5))))
                    .containsExactly(d.embeddings("query", new int[] {5})[0], within(TOLERANCE));
        }
    }

    @Test
    void aModelThatClaimsBothRowNormalisationAndAScalingIsRefused() throws Exception {
        Path both = dir.resolve("both");
        ServingFixtures.randomLinkModel(graph, both, true, scaling);

        assertThatThrownBy(() ->
                        ModelDeployment.deploy(both, graph, DeploymentOptions.defaults(), DeploymentListener.NONE))
                .isInstanceOf(FeatureScalingException.class)
                .hasMessageContaining(FeatureScaling.FILE_NAME)
                .hasMessageContaining("not both");
    }

    @Test
    void aFineTunedModelCarriesTheScalingOfItsPretrainingPart() throws Exception {
        Path trained = dir.resolve("trained");
        ServingFixtures.train(graph, TaskKind.LINK_PREDICTION, null, trained);

        // ServingFixtures.train uses the transfer split with split seed 3
        FeatureScaling expected = FeatureScaling.fit(graph, new NodeTransferSplit(3).pretrainNodes(graph));
        assertThat(FeatureScaling.loadIfPresent(trained)).contains(expected);
        assertThat(expected).isNotEqualTo(scaling);
        try (ModelDeployment d =
                ModelDeployment.deploy(trained, graph, DeploymentOptions.defaults(), DeploymentListener.NONE)) {
            assertThat(d.graph().nodes("query").dataFeatures().gather(new int[] {5}))
                    .containsExactly(expected.applyRow(
                            "query", graph.nodes("query").features().gather(new int[] {5})));
            assertThat(d.embedNewNode(ServingFixtures.forModel(d, copyOf("query", 42))))
                    .containsExactly(d.embeddings("query", new int[] {42})[0], within(TOLERANCE));
        }
    }
}
