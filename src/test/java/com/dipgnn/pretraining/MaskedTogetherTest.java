package com.dipgnn.pretraining;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.sampling.EdgeList;
import com.dipgnn.sampling.Subgraph;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Inverse relations shipped as relations of their own, and directed relations stored both ways,
 * are masked together with their partner copies, so the generator never reads a masked pair from a
 * copy left behind; generated edges are added to every copy. On a hand-made six-synset graph:
 * hypernym (6 edges) with hyponym its exact reverse, antonym stored both ways (3 pairs, 6 edges),
 * and "near", whose types match hypernym's reversed but whose edges are not its reverse.
 */
class MaskedTogetherTest {

    private static final RelationType HYPERNYM = new RelationType("synset", "hypernym", "synset");
    private static final RelationType HYPONYM = new RelationType("synset", "hyponym", "synset");
    private static final RelationType ANTONYM = new RelationType("synset", "antonym", "synset");
    private static final RelationType NEAR = new RelationType("synset", "near", "synset");

    private static HeteroGraph graph() {
        int[] up = {0, 0, 1, 2, 3, 4};
        int[] down = {1, 2, 3, 4, 5, 5};
        return new GraphBuilder("synsets")
                .addNodes(NodeTable.ofCount("synset", 6))
                .addEdges(HYPERNYM, up, down, null, true)
                .addEdges(HYPONYM, down, up, null, true)
                .addEdges(ANTONYM, new int[] {0, 5, 1, 4, 2, 3}, new int[] {5, 0, 4, 1, 3, 2}, null, true)
                .addEdges(NEAR, new int[] {0, 1, 2, 3, 4, 5}, new int[] {3, 5, 5, 0, 0, 1}, null, true)
                .build();
    }

    @Test
    void anExactReverseIsMaskedOnlyWithItsPartnerAndASymmetricRelationByPairs() {
        RelationCopies copies = RelationCopies.of(graph());
        assertThat(copies.masked()).containsExactly(HYPERNYM, ANTONYM, NEAR);
        assertThat(copies.of(HYPERNYM))
                .containsExactly(
                        new EdgeCopy(HYPERNYM, false),
                        new EdgeCopy(HYPERNYM.reverse(), true),
                        new EdgeCopy(HYPONYM, true),
                        new EdgeCopy(HYPONYM.reverse(), false));
        assertThat(copies.pairsBothWays(ANTONYM)).isTrue();
        assertThat(copies.pairsBothWays(HYPERNYM)).isFalse();
        assertThat(copies.of(NEAR)).containsExactly(new EdgeCopy(NEAR, false), new EdgeCopy(NEAR.reverse(), true));
    }

    @Test
    void aMaskedPairLeavesEveryCopyAndGeneratingTheTrueSourcesRestoresThemAll() {
        HeteroGraph graph = graph();
        PretrainConfig config =
                PretrainConfig.PAPER_DEFAULT.withMasking(0.5, 0.2).withSeed(1);
        PretrainBatchSampler sampler = new PretrainBatchSampler(
                graph,
                new Pretrainer(config, PretrainListener.NONE).samplerFor(graph, ModelConfig.PAPER_DEFAULT),
                config);
        for (long step = 1; step <= 5; step++) {
            PretrainBatch batch = sampler.prepare(step, new Random(step));
            Subgraph before = Subgraph.induced(graph, batch.unmasked().nodeMap());
            Subgraph after = batch.unmasked();
            MaskedRelation hypernym = masked(batch, HYPERNYM);
            // 6 pairs, half masked: each masked (s, t) leaves hypernym, and (t, s) leaves its reverse and hyponym
            assertThat(hypernym.size()).isEqualTo(3);
            Set<Long> forward = keys(hypernym.sources(), hypernym.targets());
            Set<Long> backward = keys(hypernym.targets(), hypernym.sources());
            assertThat(lost(before, after, HYPERNYM)).isEqualTo(forward);
            assertThat(lost(before, after, HYPERNYM.reverse())).isEqualTo(backward);
            assertThat(lost(before, after, HYPONYM)).isEqualTo(backward);
            assertThat(lost(before, after, HYPONYM.reverse())).isEqualTo(forward);
            // antonym: 3 pairs, round(1.5) = 2 masked, each in both directions in antonym and its reverse
            MaskedRelation antonym = masked(batch, ANTONYM);
            assertThat(antonym.size()).isEqualTo(2);
            Set<Long> both = keys(antonym.sources(), antonym.targets());
            both.addAll(keys(antonym.targets(), antonym.sources()));
            assertThat(both).hasSize(4);
            assertThat(lost(before, after, ANTONYM)).isEqualTo(both);
            assertThat(lost(before, after, ANTONYM.reverse())).isEqualTo(both);
            assertThat(masked(batch, NEAR)).isNotNull();
            assertThat(batch.masked()).hasSize(3);

            List<PretrainObjective.Picks> trueSources = new ArrayList<>();
            for (MaskedRelation m : batch.masked()) {
                trueSources.add(new PretrainObjective.Picks(m, new int[m.size()]));
            }
            Subgraph restored = PretrainObjective.addGenerated(after, trueSources);
            for (Map.Entry<RelationType, EdgeList> e : before.edgeMap().entrySet()) {
                assertThat(keys(restored.edges(e.getKey())))
                        .as("step %d %s", step, e.getKey())
                        .isEqualTo(keys(e.getValue()));
                assertThat(restored.edges(e.getKey()).size())
                        .isEqualTo(e.getValue().size());
            }
        }
    }

    private static MaskedRelation masked(PretrainBatch batch, RelationType r) {
        return batch.masked().stream()
                .filter(m -> m.relation().equals(r))
                .findFirst()
                .orElse(null);
    }

    private static Set<Long> lost(Subgraph before, Subgraph after, RelationType r) {
        Set<Long> gone = keys(before.edges(r));
        Set<Long> now = keys(after.edges(r));
        assertThat(gone).containsAll(now);
        gone.removeAll(now);
        return gone;
    }

    private static Set<Long> keys(EdgeList edges) {
        return keys(edges.src(), edges.dst());
    }

    private static Set<Long> keys(int[] src, int[] dst) {
        Set<Long> out = new HashSet<>();
        for (int i = 0; i < src.length; i++) {
            out.add(((long) src[i] << 32) | dst[i]);
        }
        return out;
    }
}
