package com.dipgnn.pretraining;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.sampling.FullGraphSampler;
import com.dipgnn.sampling.SamplingConfig;
import org.junit.jupiter.api.Test;

/**
 * Pre-training takes the whole graph every step only while the generator's all-pairs candidate
 * scoring stays bounded: 2^28 = 268,435,456 (source, target) pairs per relation, besides the
 * configured node count. Gowalla (29,858 users × 40,981 locations = 1.22 billion pairs) is sampled.
 */
class WholeGraphChoiceTest {

    private static final RelationType RATED = new RelationType("user", "rated", "item");

    private static HeteroGraph bipartite(int users, int items) {
        return new GraphBuilder("bipartite-" + users + "x" + items)
                .addNodes(NodeTable.ofCount("user", users))
                .addNodes(NodeTable.ofCount("item", items))
                .addEdges(RATED, new int[] {0, 1, 2}, new int[] {2, 1, 0}, null, true)
                .build();
    }

    private static Pretrainer pretrainer(int fullGraphMaxNodes) {
        return new Pretrainer(PretrainConfig.PAPER_DEFAULT.withSampling(SamplingConfig.defaults(), 128,
                fullGraphMaxNodes), PretrainListener.NONE);
    }

    @Test
    void aGraphUnderBothBoundsIsUsedWhole() {
        HeteroGraph graph = bipartite(16_000, 16_000); // 256,000,000 pairs, 32,000 nodes
        assertThat(pretrainer(100_000).usesWholeGraph(graph)).isTrue();
        assertThat(pretrainer(100_000).samplerFor(graph)).isInstanceOf(FullGraphSampler.class);
    }

    @Test
    void tooManyCandidatePairsMeanSubgraphsEvenUnderTheNodeBound() {
        HeteroGraph graph = bipartite(17_000, 16_000); // 272,000,000 pairs, 33,000 nodes
        assertThat(pretrainer(100_000).usesWholeGraph(graph)).isFalse();
        assertThat(pretrainer(100_000).samplerFor(graph)).isNotInstanceOf(FullGraphSampler.class);
        assertThat(pretrainer(100_000).describeSampling(graph)).contains("128 seed nodes", "268,435,456");
    }

    @Test
    void tooManyNodesMeanSubgraphsAsBefore() {
        HeteroGraph graph = bipartite(300, 200);
        assertThat(pretrainer(500).usesWholeGraph(graph)).isTrue();
        assertThat(pretrainer(499).usesWholeGraph(graph)).isFalse();
    }
}
