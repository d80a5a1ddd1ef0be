package com.dipgnn.graph.synthetic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.SplitMark;
import com.dipgnn.graph.split.LinkSplit;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class InteractionGraphTest {

    private static final RelationType INTERACTED = new RelationType("user", "interacted", "item");
    private static final InteractionConfig DEFAULTS = InteractionConfig.defaults();

    private static HeteroGraph graph;

    @BeforeAll
    static void generate() {
        graph = SyntheticGraphs.interactions(DEFAULTS);
    }

    @Test
    void sameSeedGivesTheSameGraphAndMarksAndAnotherSeedAnotherGraph() {
        HeteroGraph again = SyntheticGraphs.interactions(0);
        GraphAssertions.assertIdentical(graph, again);
        CsrAdjacency a = graph.adjacency(INTERACTED);
        CsrAdjacency b = again.adjacency(INTERACTED);
        for (int e = 0; e < a.numEdges(); e++) {
            assertThat(b.split(e)).isEqualTo(a.split(e));
        }

        assertThat(GraphAssertions.differ(graph, SyntheticGraphs.interactions(1)))
                .isTrue();
    }

    @Test
    void hasExactlyTheConfiguredCountsAndNoDuplicatePairs() {
        assertThat(graph.nodeTypes()).containsExactly("user", "item");
        assertThat(graph.numNodes("user")).isEqualTo(20_000);
        assertThat(graph.numNodes("item")).isEqualTo(10_000);
        assertThat(graph.relationTypes()).containsExactly(INTERACTED, INTERACTED.reverse());
        GraphAssertions.assertReverseOf(graph.adjacency(INTERACTED), graph.adjacency(INTERACTED.reverse()));
        // the graph builder drops repeated (user, item) pairs, so 200,000 edges means none was drawn twice
        CsrAdjacency a = graph.adjacency(INTERACTED);
        assertThat(a.numEdges()).isEqualTo(200_000);
        for (int u = 0; u < a.numSources(); u++) {
            int[] items = a.neighbors(u);
            assertThat(Arrays.stream(items).distinct().count()).isEqualTo(items.length);
        }
        assertThat(graph.nodes("user").labels().numClasses()).isEqualTo(20);
        assertThat(graph.nodes("item").featureDim()).isZero();
    }

    @Test
    void everyUserHasTheMinimumAndATrainingAValidationAndATestInteraction() {
        CsrAdjacency a = graph.adjacency(INTERACTED);
        int[] fives = new int[3];
        int fivesSeen = 0;
        int[] tens = new int[3];
        int tensSeen = 0;
        for (int u = 0; u < a.numSources(); u++) {
            int[] counts = markCounts(a, u);
            assertThat(a.degree(u)).isGreaterThanOrEqualTo(5);
            assertThat(Arrays.stream(counts).min().orElseThrow())
                    .as("user %d", u)
                    .isPositive();
            if (a.degree(u) == 5) {
                fives = counts;
                fivesSeen++;
            } else if (a.degree(u) == 10) {
                tens = counts;
                tensSeen++;
            }
        }
        // 5 interactions: round(0.2 * 5) = 1 test, max(1, round(0.5)) = 1 validation, 3 training;
        // 10: 2 test, 1 validation, 7 training
        assertThat(fivesSeen).isPositive();
        assertThat(fives).containsExactly(3, 1, 1);
        assertThat(tensSeen).isPositive();
        assertThat(tens).containsExactly(7, 1, 2);
    }

    @Test
    void theDataSetSplitIsWhatTheRecommenderSplitReads() {
        LinkSplit split = LinkSplit.fromEdgeMarks(graph, INTERACTED, 0.1, 0);
        CsrAdjacency a = graph.adjacency(INTERACTED);
        int test = 0;
        int val = 0;
        for (int e = 0; e < a.numEdges(); e++) {
            test += a.split(e) == SplitMark.TEST ? 1 : 0;
            val += a.split(e) == SplitMark.VAL ? 1 : 0;
        }

        assertThat(split.test().size()).isEqualTo(test);
        assertThat(split.val().size()).isEqualTo(val);
        assertThat(split.train().size() + val + test).isEqualTo(200_000);
        assertThat(Arrays.stream(split.test().src()).distinct().count()).isEqualTo(20_000);
        assertThat(split.structure().adjacency(INTERACTED).numEdges())
                .isEqualTo(split.train().size());
        // at least 20% of each user's interactions, rounded, with at least one: about a fifth of all
        assertThat((double) test / 200_000).isBetween(0.19, 0.26);
    }

    @Test
    void theTopTenthOfItemsIsAsHeavyAsZipfPredictsAndFarAboveUniform() {
        int[] degrees = itemDegrees(graph);
        double top = topShare(degrees, degrees.length / 10);
        // Zipf 1.0 over 10,000 items: the top 1,000 ranks draw H(1000) / H(10000) = 7.485 / 9.788 = 0.765
        // of the interactions; uniform popularity would give 0.1. Distinct (user, item) pairs cap the
        // very top items (a community's most popular item is drawn by most of its users' draws, and
        // counts once per user), so the realized share is below that, by less than a quarter.
        double predicted = harmonic(1_000, 1.0) / harmonic(10_000, 1.0);
        assertThat(predicted).isBetween(0.76, 0.77);
        assertThat(top).isGreaterThan(0.75 * predicted).isLessThanOrEqualTo(predicted + 0.02);

        // one community, so no draw is confined to a few hundred items: only per-user repeats are lost
        HeteroGraph plain = SyntheticGraphs.interactions(DEFAULTS.withCommunities(1, 0.0));
        assertThat(topShare(itemDegrees(plain), 1_000)).isBetween(predicted - 0.1, predicted + 0.02);
        HeteroGraph flat = SyntheticGraphs.interactions(DEFAULTS.withExponents(0.0, 1.0));
        assertThat(topShare(itemDegrees(flat), 1_000)).isLessThan(0.2);
    }

    @Test
    void theMostActiveHundredthOfUsersHoldsAHeavyShare() {
        CsrAdjacency a = graph.adjacency(INTERACTED);
        int[] degrees = new int[a.numSources()];
        for (int u = 0; u < degrees.length; u++) {
            degrees[u] = a.degree(u);
        }
        // 100,000 interactions beyond the minimum of 5, Zipf 1.0 over 20,000 users (H(20000) = 10.480,
        // 100,000 / H = 9,542 per unit weight), at most 500 per user; draws for a full user are redrawn,
        // which scales the others' share by f. Ranks 1..28 are full (14,000), the rest share 86,000:
        // 9,542 f (H(20000) - H(28)) = 9,542 f (10.480 - 3.928) = 86,000 gives f = 1.375 (rank 29 gets
        // 452 < 500). Ranks 29..200 get 9,542 * 1.375 * (H(200) - H(28)) = 9,542 * 1.375 * 1.950 = 25,600;
        // with the minima of the top 200 (1,000) they hold 40,600 of 200,000 = 0.203 (uniform: 0.01)
        assertThat(topShare(degrees, 200)).isBetween(0.18, 0.23);
        assertThat(Arrays.stream(degrees).max().orElseThrow()).isEqualTo(InteractionGenerator.maxDegree(DEFAULTS));
    }

    @Test
    void heldOutItemsFallInTheUsersCommunityFarMoreOftenThanPopularityPredicts() {
        double[] signal = communitySignal(graph);
        // popularity alone puts the share of the item popularity the user's community holds there: users
        // are spread over communities by that share m_c, so on average sum m_c^2, at least 1 / 20 = 0.05
        // (Cauchy-Schwarz), a little more as the communities' masses differ. With mixing 0.2, 0.8 of the
        // draws come from the community and 0.2 by popularity: 0.8 + 0.2 * that.
        assertThat(signal[1]).isBetween(0.05, 0.1);
        assertThat(signal[0]).isCloseTo(0.8 + 0.2 * signal[1], offset(0.02));
        assertThat(signal[0]).isGreaterThan(8 * signal[1]);

        double[] mixed = communitySignal(SyntheticGraphs.interactions(DEFAULTS.withCommunities(20, 1.0)));
        // without taste communities the share is what popularity predicts
        assertThat(Math.abs(mixed[0] - mixed[1])).isLessThan(0.01);
    }

    @Test
    void aLocationNamesEverySettingAndRegeneratesTheGraph() {
        InteractionLocation location = new InteractionLocation(
                DEFAULTS.withSize(300, 200, 3_000).withCommunities(4, 0.3).withSeed(7));
        String text = location.location();

        assertThat(text)
                .startsWith("synthetic:interactions?users=300&items=200&interactions=3000&seed=7&communities=4");
        assertThat(InteractionLocation.parse(text)).isEqualTo(location);
        assertThat(GraphLocations.load(text, 99).fingerprint())
                .isEqualTo(location.generate().fingerprint());
        assertThat(InteractionLocation.parse("synthetic:interactions?users=300&items=200&interactions=3000")
                        .config())
                .isEqualTo(DEFAULTS.withSize(300, 200, 3_000));
        assertThat(GraphLocations.load(GraphLocations.INTERACTIONS, 1).fingerprint())
                .isEqualTo(SyntheticGraphs.interactions(1).fingerprint());
    }

    @Test
    void badLocationsAndImpossibleSizesSayWhy() {
        assertThatThrownBy(() -> InteractionLocation.parse("synthetic:interactions?users=10&items=100"))
                .hasMessageContaining("'interactions' is missing")
                .hasMessageContaining(InteractionLocation.FORM);
        assertThatThrownBy(() ->
                        InteractionLocation.parse("synthetic:interactions?users=10&items=100&interactions=50&clicks=3"))
                .hasMessageContaining("'clicks' is not one of its parameters");
        assertThatThrownBy(
                        () -> InteractionLocation.parse("synthetic:interactions?users=ten&items=100&interactions=50"))
                .hasMessageContaining("'users' is 'ten', not a number");
        assertThatThrownBy(() -> DEFAULTS.withSize(100, 1_000, 499))
                .hasMessageContaining("numInteractions (minPerUser per user at least) is 499 but must be at least 500");
        // 10 users of at most 1,000 / 2 items each hold 5,000 interactions, not 6,000
        assertThatThrownBy(() -> SyntheticGraphs.interactions(DEFAULTS.withSize(10, 1_000, 6_000)))
                .hasMessageContaining("6000 distinct edges do not fit 10 sources of at most 500 edges each");
        assertThatThrownBy(() -> DEFAULTS.withMinPerUser(2)).hasMessageContaining("minPerUser is 2");
    }

    /** Training, validation and test interactions of {@code user}. */
    private static int[] markCounts(CsrAdjacency a, int user) {
        int[] counts = new int[3];
        for (int e = a.rowStart(user); e < a.rowEnd(user); e++) {
            SplitMark mark = a.split(e);
            counts[mark == SplitMark.TRAIN ? 0 : mark == SplitMark.VAL ? 1 : 2]++;
        }
        return counts;
    }

    /**
     * {share of test interactions whose item is in the user's community, mean share of the training
     * interactions' item mass that lies in the user's community (what popularity alone predicts)}.
     */
    private static double[] communitySignal(HeteroGraph g) {
        CsrAdjacency a = g.adjacency(INTERACTED);
        int[] userCommunity = labels(g, "user");
        int[] itemCommunity = labels(g, "item");
        int k = g.nodes("item").labels().numClasses();
        long[] trainMass = new long[k];
        long trainTotal = 0;
        for (int u = 0; u < a.numSources(); u++) {
            for (int e = a.rowStart(u); e < a.rowEnd(u); e++) {
                if (a.split(e) == SplitMark.TRAIN) {
                    trainMass[itemCommunity[a.targetArray()[e]]]++;
                    trainTotal++;
                }
            }
        }
        long inside = 0;
        double predicted = 0;
        long test = 0;
        for (int u = 0; u < a.numSources(); u++) {
            for (int e = a.rowStart(u); e < a.rowEnd(u); e++) {
                if (a.split(e) == SplitMark.TEST) {
                    inside += itemCommunity[a.targetArray()[e]] == userCommunity[u] ? 1 : 0;
                    predicted += (double) trainMass[userCommunity[u]] / trainTotal;
                    test++;
                }
            }
        }
        return new double[] {(double) inside / test, predicted / test};
    }

    private static int[] labels(HeteroGraph g, String type) {
        int[] out = new int[g.numNodes(type)];
        for (int n = 0; n < out.length; n++) {
            out[n] = g.nodes(type).labels().label(n);
        }
        return out;
    }

    private static int[] itemDegrees(HeteroGraph g) {
        CsrAdjacency reverse = g.adjacency(INTERACTED.reverse());
        int[] degrees = new int[reverse.numSources()];
        for (int i = 0; i < degrees.length; i++) {
            degrees[i] = reverse.degree(i);
        }
        return degrees;
    }

    /** Share of the total held by the {@code count} largest values. */
    private static double topShare(int[] values, int count) {
        int[] sorted = values.clone();
        Arrays.sort(sorted);
        long top = 0;
        long total = 0;
        for (int i = 0; i < sorted.length; i++) {
            total += sorted[i];
            top += i >= sorted.length - count ? sorted[i] : 0;
        }
        return (double) top / total;
    }

    /** The generalised harmonic number {@code sum_{r=1..n} r^-s}. */
    private static double harmonic(int n, double s) {
        double sum = 0;
        for (int r = 1; r <= n; r++) {
            sum += Math.pow(r, -s);
        }
        return sum;
    }
}
