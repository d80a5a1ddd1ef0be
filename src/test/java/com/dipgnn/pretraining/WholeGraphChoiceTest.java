package com.dipgnn.pretraining;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.sampling.FullGraphSampler;
import com.dipgnn.sampling.SamplingConfig;
import org.junit.jupiter.api.Test;

/**
 * Pre-training takes the whole graph every step only while the generator's all-pairs candidate
 * scoring stays bounded (2^28 = 268,435,456 (source, target) pairs per relation) and the two
 * encoders' per-edge arrays stay within the whole-graph budget (8 GiB), besides the configured node
 * count. Gowalla (29,858 users × 40,981 locations = 1.22 billion pairs) is sampled.
 */
class WholeGraphChoiceTest {

    private static final RelationType RATED = new RelationType("user", "rated", "item");
    private static final ModelConfig PAPER = ModelConfig.PAPER_DEFAULT;

    private static HeteroGraph bipartite(int users, int items, int pairs) {
        int[] src = new int[pairs];
        int[] dst = new int[pairs];
        for (int i = 0; i < pairs; i++) { // distinct pairs, row by row
            src[i] = i / items;
            dst[i] = i % items;
        }
        return new GraphBuilder("bipartite-" + users + "x" + items)
                .addNodes(NodeTable.ofCount("user", users))
                .addNodes(NodeTable.ofCount("item", items))
                .addEdges(RATED, src, dst, null, true)
                .build();
    }

    private static Pretrainer pretrainer(int fullGraphMaxNodes) {
        return new Pretrainer(
                PretrainConfig.PAPER_DEFAULT.withSampling(SamplingConfig.defaults(), 128, fullGraphMaxNodes),
                PretrainListener.NONE);
    }

    @Test
    void aGraphUnderEveryBoundIsUsedWhole() {
        HeteroGraph graph = bipartite(16_000, 16_000, 3); // 256,000,000 pairs, 32,000 nodes
        assertThat(pretrainer(100_000).usesWholeGraph(graph, PAPER)).isTrue();
        assertThat(pretrainer(100_000).samplerFor(graph, PAPER)).isInstanceOf(FullGraphSampler.class);
        assertThat(pretrainer(100_000).describeSampling(graph, PAPER)).startsWith("the whole graph");
    }

    @Test
    void tooManyCandidatePairsMeanSubgraphsEvenUnderTheNodeBound() {
        HeteroGraph graph = bipartite(17_000, 16_000, 3); // 272,000,000 pairs, 33,000 nodes
        assertThat(pretrainer(100_000).usesWholeGraph(graph, PAPER)).isFalse();
        assertThat(pretrainer(100_000).samplerFor(graph, PAPER)).isNotInstanceOf(FullGraphSampler.class);
        assertThat(pretrainer(100_000).describeSampling(graph, PAPER))
                .contains("128 seed nodes", "268,435,456")
                .doesNotContain("the whole graph:"); // within the node and memory bounds, sampled for the pairs
    }

    @Test
    void tooManyNodesMeanSubgraphsAsBefore() {
        HeteroGraph graph = bipartite(300, 200, 3);
        assertThat(pretrainer(500).usesWholeGraph(graph, PAPER)).isTrue();
        assertThat(pretrainer(499).usesWholeGraph(graph, PAPER)).isFalse();
    }

    /**
     * The paper's HGT (3 layers × 400) in two encoders at 24 bytes an edge unit holds 57,600 bytes
     * per directed edge; 8 GiB (8,589,934,592 bytes) / 57,600 = 149,130.4. 74,565 interactions are
     * 149,130 directed edges (with their reverse): 8,589,888,000 bytes, whole; one more is 149,132
     * edges, 8,600,003,200 bytes, sampled, on 600 nodes.
     */
    @Test
    void tooManyEdgesMeanSubgraphsOnFewNodes() {
        assertThat(pretrainer(100_000).usesWholeGraph(bipartite(300, 300, 74_565), PAPER))
                .isTrue();
        HeteroGraph dense = bipartite(300, 300, 74_566);
        assertThat(pretrainer(100_000).usesWholeGraph(dense, PAPER)).isFalse();
        assertThat(pretrainer(100_000).describeSampling(dense, PAPER))
                .contains("149,132 message-passing edges", "8.6 GB of per-edge arrays");
        ModelConfig narrow = new ModelConfig(ModelConfig.PAPER_DEFAULT.backbone(), 2, 64, 4, 0.1, 0.0);
        assertThat(pretrainer(100_000).usesWholeGraph(dense, narrow)).isTrue(); // 149,132 × 64 × 2 × 2 × 24: 0.9 GB
    }

    /** 149,132 edges × 64 × 2 layers × 2 encoders × 24 bytes = 916,267,008 bytes against the configured bound. */
    @Test
    void theConfiguredMemoryBoundDecides() {
        HeteroGraph dense = bipartite(300, 300, 74_566);
        ModelConfig narrow = new ModelConfig(ModelConfig.PAPER_DEFAULT.backbone(), 2, 64, 4, 0.1, 0.0);
        assertThat(pretrainer(100_000, 916_267_008L).usesWholeGraph(dense, narrow))
                .isTrue();
        assertThat(pretrainer(100_000, 916_267_007L).usesWholeGraph(dense, narrow))
                .isFalse();
        assertThat(pretrainer(100_000, 916_267_007L).describeSampling(dense, narrow))
                .contains("0.9 GB)");
    }

    private static Pretrainer pretrainer(int fullGraphMaxNodes, long fullGraphMaxBytes) {
        return new Pretrainer(
                PretrainConfig.PAPER_DEFAULT.withSampling(SamplingConfig.defaults(), 128, fullGraphMaxNodes).toBuilder()
                        .fullGraphMaxBytes(fullGraphMaxBytes)
                        .build(),
                PretrainListener.NONE);
    }
}
