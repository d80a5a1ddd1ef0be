package com.dipgnn.graph.synthetic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.DenseFeatures;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class QueryProductGraphTest {

    private static final RelationType CLICKED = new RelationType("query", "clicked", "product");

    private static HeteroGraph graph;

    @BeforeAll
    static void generate() {
        graph = SyntheticGraphs.queryProduct(QueryProductConfig.defaults());
    }

    @Test
    void sameSeedGivesTheSameGraphAndAnotherSeedAnotherGraph() {
        GraphAssertions.assertIdentical(graph, SyntheticGraphs.queryProduct(0));
        HeteroGraph other = SyntheticGraphs.queryProduct(1);

        assertThat(GraphAssertions.differ(graph, other)).isTrue();
        assertThat(other.fingerprint()).isNotEqualTo(graph.fingerprint());
    }

    @Test
    void hasTheConfiguredShapeAndTheReverseRelation() {
        assertThat(graph.nodeTypes()).containsExactly("query", "product");
        assertThat(graph.numNodes("query")).isEqualTo(2_000);
        assertThat(graph.numNodes("product")).isEqualTo(3_000);
        assertThat(graph.relationTypes()).containsExactly(CLICKED, CLICKED.reverse());
        assertThat(graph.adjacency(CLICKED).numEdges()).isEqualTo(30_000);
        GraphAssertions.assertReverseOf(graph.adjacency(CLICKED), graph.adjacency(CLICKED.reverse()));
        assertThat(graph.nodes("query").featureDim()).isEqualTo(32);
        assertThat(graph.nodes("product").featureDim()).isEqualTo(33);
        assertThat(graph.nodes("query").labels().numClasses()).isEqualTo(10);
        assertThat(graph.nodes("product").labels().labeledCount()).isEqualTo(3_000);
    }

    @Test
    void textNamesTheCategoryOrIntentAndKeysAreUnique() {
        NodeTable products = graph.nodes("product");
        NodeTable queries = graph.nodes("query");
        for (int p = 0; p < products.count(); p++) {
            assertThat(products.text()[p])
                    .contains(CategoryWords.category(products.labels().label(p)))
                    .endsWith("item " + p);
        }
        for (int q = 0; q < queries.count(); q++) {
            assertThat(queries.text()[q])
                    .contains(CategoryWords.category(queries.labels().label(q)));
        }
        assertThat(Arrays.stream(products.keys()).distinct().count()).isEqualTo(products.count());
        assertThat(Arrays.stream(queries.keys()).distinct().count()).isEqualTo(queries.count());
    }

    @Test
    void theTopTenthOfProductsGetsALargeShareOfTheClicks() {
        int[] clicks = clicksPerProduct();
        int[] sorted = clicks.clone();
        Arrays.sort(sorted);
        long top = 0;
        for (int i = sorted.length - sorted.length / 10; i < sorted.length; i++) {
            top += sorted[i];
        }

        assertThat((double) top / 30_000).isGreaterThan(0.4);
    }

    @Test
    void thePopularityFeatureFollowsTheClicks() {
        NodeTable products = graph.nodes("product");
        DenseFeatures features = (DenseFeatures) products.features();
        int[] clicks = clicksPerProduct();
        long popularClicks = 0;
        long obscureClicks = 0;
        int popular = 0;
        int obscure = 0;
        for (int p = 0; p < products.count(); p++) {
            float popularity = features.get(p, features.dim() - 1);
            assertThat(popularity).isBetween(0f, 1f);
            if (popularity > 0.8f) {
                popularClicks += clicks[p];
                popular++;
            } else if (popularity < 0.3f) {
                obscureClicks += clicks[p];
                obscure++;
            }
        }

        assertThat((double) popularClicks / popular).isGreaterThan(5.0 * obscureClicks / obscure);
    }

    @Test
    void mostClicksOfAQueryLandInItsIntentCategory() {
        CsrAdjacency clicked = graph.adjacency(CLICKED);
        NodeTable queries = graph.nodes("query");
        NodeTable products = graph.nodes("product");
        long onIntent = 0;
        int activeQueries = 0;
        int majorityOnIntent = 0;
        for (int q = 0; q < queries.count(); q++) {
            int[] perCategory = new int[10];
            for (int p : clicked.neighbors(q)) {
                perCategory[products.labels().label(p)]++;
            }
            int intent = queries.labels().label(q);
            onIntent += perCategory[intent];
            if (clicked.degree(q) >= 3) {
                activeQueries++;
                majorityOnIntent += 2 * perCategory[intent] > clicked.degree(q) ? 1 : 0;
            }
        }

        assertThat((double) onIntent / clicked.numEdges()).isGreaterThan(0.8);
        assertThat(majorityOnIntent).isGreaterThan((int) (0.85 * activeQueries));
    }

    @Test
    void withoutIntentNoiseEveryClickLandsInTheIntentCategory() {
        HeteroGraph exact =
                SyntheticGraphs.queryProduct(QueryProductConfig.defaults().withIntentNoise(0, 0));
        CsrAdjacency clicked = exact.adjacency(CLICKED);
        NodeTable queries = exact.nodes("query");
        NodeTable products = exact.nodes("product");

        assertThat(clicked.numEdges()).isEqualTo(30_000);
        for (int q = 0; q < queries.count(); q++) {
            for (int p : clicked.neighbors(q)) {
                assertThat(products.labels().label(p))
                        .isEqualTo(queries.labels().label(q));
            }
        }
    }

    @Test
    void queryActivityIsSkewed() {
        CsrAdjacency clicked = graph.adjacency(CLICKED);
        int max = 0;
        for (int q = 0; q < clicked.numSources(); q++) {
            max = Math.max(max, clicked.degree(q));
        }

        assertThat(max).isGreaterThan(4 * 15);
    }

    @Test
    void rejectsTooFewProductsForTheCategories() {
        assertThatThrownBy(() -> QueryProductConfig.defaults().withSize(10, 15, 20))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("numProducts");
    }

    @Test
    void rejectsMoreClicksThanTheQueriesCanMake() {
        QueryProductConfig config = QueryProductConfig.defaults().withSize(10, 100, 900);

        assertThatThrownBy(() -> SyntheticGraphs.queryProduct(config))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("query__clicked__product")
                .hasMessageContaining("900 distinct edges");
    }

    private static int[] clicksPerProduct() {
        CsrAdjacency reverse = graph.adjacency(CLICKED.reverse());
        int[] clicks = new int[reverse.numSources()];
        for (int p = 0; p < clicks.length; p++) {
            clicks[p] = reverse.degree(p);
        }
        return clicks;
    }
}
