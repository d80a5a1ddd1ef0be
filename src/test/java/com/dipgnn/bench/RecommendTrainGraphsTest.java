package com.dipgnn.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.graph.synthetic.InteractionConfig;
import org.junit.jupiter.api.Test;

class RecommendTrainGraphsTest {

    @Test
    void syntheticSizesScaleUsersAndItemsWithTheInteractions() {
        // 20M interactions: a tenth as many users (2M), a fortieth as many items (500k), as the retailer
        InteractionConfig twenty =
                RecommendTrainGraphs.synthetic("synthetic-20m").orElseThrow();
        assertThat(twenty.numInteractions()).isEqualTo(20_000_000);
        assertThat(twenty.numUsers()).isEqualTo(2_000_000);
        assertThat(twenty.numItems()).isEqualTo(500_000);

        InteractionConfig one = RecommendTrainGraphs.synthetic("synthetic-1m").orElseThrow();
        assertThat(one.numUsers()).isEqualTo(100_000);
        assertThat(one.numItems()).isEqualTo(25_000);

        InteractionConfig small =
                RecommendTrainGraphs.synthetic("synthetic-200k").orElseThrow();
        assertThat(small.numInteractions()).isEqualTo(200_000);
        assertThat(small.numUsers()).isEqualTo(20_000);
        assertThat(small.numItems()).isEqualTo(5_000);

        InteractionConfig half =
                RecommendTrainGraphs.synthetic("synthetic-2.5m").orElseThrow();
        assertThat(half.numUsers()).isEqualTo(250_000);
        assertThat(half.numItems()).isEqualTo(62_500);
        // the generator's other settings are its defaults
        assertThat(one.numCommunities()).isEqualTo(InteractionConfig.defaults().numCommunities());
        assertThat(one.seed()).isEqualTo(InteractionConfig.defaults().seed());
    }

    @Test
    void otherNamesAreGraphLocations() {
        assertThat(RecommendTrainGraphs.synthetic("gowalla")).isEmpty();
        assertThat(RecommendTrainGraphs.synthetic("synthetic-m")).isEmpty();
        assertThat(RecommendTrainGraphs.location("gowalla")).isEqualTo("gowalla");
        assertThat(RecommendTrainGraphs.location("synthetic-1m"))
                .startsWith("synthetic:interactions?users=100000&items=25000&interactions=1000000&seed=0");
    }

    @Test
    void theWholeGraphPathIsSkippedBeforeLoadingASyntheticGraphAboveTheNodeBound() {
        // synthetic-1m: 100,000 users + 25,000 items = 125,000 nodes > the 100,000-node bound
        assertThat(RecommendTrainBenchmark.skipBeforeLoading("synthetic-1m", RecommendTrainPath.FULL))
                .hasValueSatisfying(r -> assertThat(r).contains("125,000 nodes").contains("100,000"));
        // synthetic-800k: 80,000 + 20,000 = 100,000 nodes, at the bound: decided on the graph itself
        assertThat(RecommendTrainBenchmark.skipBeforeLoading("synthetic-800k", RecommendTrainPath.FULL))
                .isEmpty();
        assertThat(RecommendTrainBenchmark.skipBeforeLoading("synthetic-1m", RecommendTrainPath.FANOUT))
                .isEmpty();
        assertThat(RecommendTrainBenchmark.skipBeforeLoading("gowalla", RecommendTrainPath.FULL))
                .isEmpty();
    }
}
