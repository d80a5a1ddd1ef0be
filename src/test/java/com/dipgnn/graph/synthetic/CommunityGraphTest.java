package com.dipgnn.graph.synthetic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.DenseFeatures;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeLabels;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CommunityGraphTest {

    private static final RelationType LINK = new RelationType("node", "link", "node");

    @Test
    void sameSeedGivesTheSameGraphAndAnotherSeedAnotherGraph() {
        HeteroGraph first = SyntheticGraphs.community(7);
        HeteroGraph again = SyntheticGraphs.community(7);
        HeteroGraph other = SyntheticGraphs.community(8);

        GraphAssertions.assertIdentical(first, again);
        assertThat(GraphAssertions.differ(first, other)).isTrue();
        assertThat(other.fingerprint()).isNotEqualTo(first.fingerprint());
    }

    @Test
    void hasTheConfiguredShapeWithDistinctSymmetricEdgesAndNoSelfLoops() {
        CommunityConfig config = CommunityConfig.defaults();
        HeteroGraph graph = SyntheticGraphs.community(config);

        assertThat(graph.nodeTypes()).containsExactly("node");
        assertThat(graph.relationTypes()).containsExactly(LINK);
        NodeTable nodes = graph.nodes("node");
        assertThat(nodes.count()).isEqualTo(2_000);
        assertThat(nodes.featureDim()).isEqualTo(64);
        CsrAdjacency links = graph.adjacency(LINK);
        assertThat(links.numEdges()).isEqualTo(2 * config.numEdges()).isEqualTo(20_000);
        for (int u = 0; u < nodes.count(); u++) {
            assertThat(links.hasEdge(u, u)).isFalse();
            for (int v : links.neighbors(u)) {
                assertThat(links.hasEdge(v, u)).isTrue();
            }
        }
    }

    @Test
    void classesAreBalancedAndTimesAreYearsInTheConfiguredRange() {
        NodeTable nodes = SyntheticGraphs.community(3).nodes("node");
        NodeLabels labels = nodes.labels();

        assertThat(labels.numClasses()).isEqualTo(5);
        int[] sizes = new int[5];
        for (int n = 0; n < nodes.count(); n++) {
            sizes[labels.label(n)]++;
        }
        assertThat(sizes).containsOnly(400);
        assertThat(Arrays.stream(nodes.time()).min().getAsLong()).isEqualTo(2000L);
        assertThat(Arrays.stream(nodes.time()).max().getAsLong()).isEqualTo(2019L);
        assertThat(Arrays.stream(nodes.time()).distinct().count()).isEqualTo(20);
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.8, 0.5, 0.2})
    void theShareOfIntraClassEdgesIsTheHomophily(double homophily) {
        HeteroGraph graph = SyntheticGraphs.community(CommunityConfig.defaults().withHomophily(homophily));

        assertThat(intraClassShare(graph)).isCloseTo(homophily, within(0.02));
    }

    @Test
    void degreesAreSkewed() {
        CsrAdjacency links = SyntheticGraphs.community(1).adjacency(LINK);
        int max = 0;
        for (int u = 0; u < links.numSources(); u++) {
            max = Math.max(max, links.degree(u));
        }
        double mean = (double) links.numEdges() / links.numSources();

        assertThat(mean).isCloseTo(10.0, within(1e-9));
        assertThat(max).isGreaterThan((int) (5 * mean));
    }

    @Test
    void ownFeaturesCarryAWeakClassSignalThatNeighboursStrengthen() {
        HeteroGraph graph = SyntheticGraphs.community(5);
        NodeTable nodes = graph.nodes("node");
        float[] own = ((DenseFeatures) nodes.features()).values();
        float[] neighbourMean = neighbourMean(graph.adjacency(LINK), own, nodes.featureDim());

        double ownAccuracy = nearestClassMeanAccuracy(own, nodes);
        double neighbourAccuracy = nearestClassMeanAccuracy(neighbourMean, nodes);

        assertThat(ownAccuracy).isBetween(0.3, 0.7);
        assertThat(neighbourAccuracy).isGreaterThan(ownAccuracy + 0.15);
    }

    @Test
    void rejectsImpossibleSettingsNamingTheField() {
        CommunityConfig defaults = CommunityConfig.defaults();

        assertThatThrownBy(() -> defaults.withHomophily(1.5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("homophily");
        assertThatThrownBy(() -> defaults.withNumClasses(1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("numClasses");
        assertThatThrownBy(() -> defaults.withNumNodes(20))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("averageDegree");
    }

    static double intraClassShare(HeteroGraph graph) {
        CsrAdjacency links = graph.adjacency(LINK);
        NodeLabels labels = graph.nodes("node").labels();
        long intra = 0;
        for (int u = 0; u < links.numSources(); u++) {
            for (int v : links.neighbors(u)) {
                if (labels.label(u) == labels.label(v)) {
                    intra++;
                }
            }
        }
        return (double) intra / links.numEdges();
    }

    private static float[] neighbourMean(CsrAdjacency links, float[] features, int dim) {
        float[] out = new float[features.length];
        for (int u = 0; u < links.numSources(); u++) {
            int degree = links.degree(u);
            for (int v : links.neighbors(u)) {
                for (int j = 0; j < dim; j++) {
                    out[u * dim + j] += features[v * dim + j] / degree;
                }
            }
        }
        return out;
    }

    /** Class means from the even nodes; accuracy of the nearest mean on the odd nodes. */
    private static double nearestClassMeanAccuracy(float[] x, NodeTable nodes) {
        int dim = nodes.featureDim();
        int k = nodes.labels().numClasses();
        double[] mean = new double[k * dim];
        int[] count = new int[k];
        for (int n = 0; n < nodes.count(); n += 2) {
            int c = nodes.labels().label(n);
            count[c]++;
            for (int j = 0; j < dim; j++) {
                mean[c * dim + j] += x[n * dim + j];
            }
        }
        for (int i = 0; i < mean.length; i++) {
            mean[i] /= count[i / dim];
        }
        int correct = 0;
        int total = 0;
        for (int n = 1; n < nodes.count(); n += 2) {
            int best = -1;
            double bestDistance = Double.MAX_VALUE;
            for (int c = 0; c < k; c++) {
                double distance = 0;
                for (int j = 0; j < dim; j++) {
                    double d = x[n * dim + j] - mean[c * dim + j];
                    distance += d * d;
                }
                if (distance < bestDistance) {
                    bestDistance = distance;
                    best = c;
                }
            }
            correct += best == nodes.labels().label(n) ? 1 : 0;
            total++;
        }
        return (double) correct / total;
    }
}
