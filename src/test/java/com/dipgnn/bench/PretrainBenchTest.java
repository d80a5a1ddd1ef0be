package com.dipgnn.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import ai.djl.Device;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.synthetic.CommunityConfig;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.pretraining.MaskedRelation;
import com.dipgnn.pretraining.PretrainBatch;
import com.dipgnn.pretraining.PretrainMethod;
import com.dipgnn.sampling.EdgeList;
import com.dipgnn.sampling.SamplingConfig;
import com.dipgnn.sampling.Subgraph;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PretrainBenchTest {

    private static final RelationType LINK = new RelationType("n", "e", "n");
    private static final GraphSchema SCHEMA = new GraphSchema(Map.of("n", 10), List.of(LINK));
    private static final ModelConfig ONE_LAYER = new ModelConfig(Backbone.HGT, 1, 8, 2, 0, 0);

    /** 4 nodes, one unmasked pair (0, 1) stored both ways, and the given masked pairs (symmetric relation). */
    private static PretrainBatch batch(int[] maskedSources, int[] maskedTargets, int[] keptSources, int[] keptTargets) {
        Subgraph unmasked = new Subgraph(
                Map.of("n", new int[] {0, 1, 2, 3}), Map.of(LINK, new EdgeList(new int[] {1, 0}, new int[] {0, 1})));
        int n = maskedSources.length;
        int[] candidates = new int[3 * n];
        boolean[] valid = new boolean[3 * n];
        for (int i = 0; i < n; i++) {
            candidates[3 * i] = maskedSources[i];
            Arrays.fill(valid, 3 * i, 3 * i + 3, true);
        }
        MaskedRelation masked = new MaskedRelation(
                LINK, true, maskedSources, maskedTargets, candidates, valid, 3, keptSources, keptTargets);
        return new PretrainBatch(1, unmasked, List.of(masked), Map.of("n", new int[] {1}), 1 + n, Map.of(), List.of());
    }

    @Test
    void flopCountMatchesAHandCountForATinyBatch() {
        PretrainBatch b = batch(new int[] {2}, new int[] {3}, new int[] {0}, new int[] {1});
        PretrainFlopCounter.Breakdown f = PretrainFlopCounter.count(PretrainMethod.DIPGNN, SCHEMA, ONE_LAYER, b);
        // generator encoder on E_u (2 edges): input 4*10*8 = 320, K,Q,V,A 4*4*8*8 = 1024,
        // relation matrices 2*4*8*4 = 256, edges 3*2*8 = 48
        assertThat(f.generatorEncoder()).isEqualTo(2 * (320 + 1024 + 256 + 48));
        // W h for the 4 source nodes 4*8*8 = 256, 1 target x 4 sources x 8 = 32
        assertThat(f.generatorScoring()).isEqualTo(2 * (256 + 32));
        // hidden 8 -> feature width 10 on all 4 nodes of the masked type
        assertThat(f.generatorFeatures()).isEqualTo(2 * (4 * 8 * 10));
        // discriminator encoder on E_u + E_g: the generated pair adds 2 directed edges, edges 3*4*8 = 96
        assertThat(f.discriminatorEncoder()).isEqualTo(2 * (320 + 1024 + 256 + 96));
        assertThat(f.discriminatorFeatures()).isEqualTo(2 * (4 * 8));
        // one generated and one kept pair: W s 2*8*8 = 128, dot 2*8 = 16
        assertThat(f.discriminatorEdges()).isEqualTo(2 * (128 + 16));
        assertThat(f.forward()).isEqualTo(2 * 4128.0);
        assertThat(f.step()).isEqualTo(3 * 2 * 4128.0);
    }

    @Test
    void flopCountGrowsWithMaskedEdgesByTheirOwnWork() {
        double one = PretrainFlopCounter.count(
                        PretrainMethod.DIPGNN,
                        SCHEMA,
                        ONE_LAYER,
                        batch(new int[] {2}, new int[] {3}, new int[] {0}, new int[] {1}))
                .forward();
        double two = PretrainFlopCounter.count(
                        PretrainMethod.DIPGNN,
                        SCHEMA,
                        ONE_LAYER,
                        batch(new int[] {2, 3}, new int[] {3, 0}, new int[] {0}, new int[] {1}))
                .forward();
        // a second masked edge: its candidate row 4*8 = 32, 2 more directed edges in the discriminator 3*2*8 = 48,
        // one more scored pair 8*8 + 8 = 72
        assertThat(two - one).isEqualTo(2 * (32 + 48 + 72));
    }

    @Test
    void restoringMaskedEdgesAddsBothDirectionsOfASymmetricRelation() {
        PretrainBatch b = batch(new int[] {2, 3}, new int[] {3, 0}, new int[0], new int[0]);
        EdgeList restored = PretrainFlopCounter.withMaskedEdges(b).edges(LINK);
        assertThat(restored.size()).isEqualTo(2 + 4);
        assertThat(restored.dst()).isSorted();
        assertThatThrownBy(() -> PretrainFlopCounter.count(PretrainMethod.GAE, SCHEMA, ONE_LAYER, b))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aSmallPretrainingBenchmarkReportsConsistentFigures() {
        BenchConfiguration tiny = new BenchConfiguration(
                "tiny",
                "test",
                () -> SyntheticGraphs.community(CommunityConfig.defaults()
                        .withNumNodes(300)
                        .withAverageDegree(8)
                        .withFeatures(16, 0.2)
                        .withSeed(3)),
                "node",
                32,
                new SamplingConfig(2, 32),
                new ModelConfig(Backbone.HGT, 2, 16, 2, 0.1, 0));
        int[] seen = new int[1];
        PretrainBenchReport p = new PretrainStepBenchmark(tiny, Device.cpu(), 1, 3).run(r -> seen[0] = r);
        BenchReport r = p.step();
        assertThat(seen[0]).isEqualTo(3);
        assertThat(r.configuration()).isEqualTo("dipgnn-tiny");
        assertThat(r.sampledNodes()).isBetween(32, 32 + 2 * 32);
        assertThat(p.maskedEdges()).isPositive();
        assertThat(r.sampledEdges()).isGreaterThan(p.maskedEdges());
        assertThat(p.candidates()).isEqualTo(256);
        for (int i = 0; i < 3; i++) {
            double parts = r.sampling().millis()[i]
                    + r.forward().millis()[i]
                    + r.backward().millis()[i]
                    + r.optimizer().millis()[i];
            assertThat(r.total().millis()[i]).isCloseTo(parts, within(0.5));
        }
        assertThat(p.generatorEncoder().median()).isPositive();
        assertThat(p.discriminatorEncoder().median()).isPositive();
        assertThat(p.flops().generatorScoring()).isPositive();
        assertThat(p.flops().discriminatorEncoder()).isGreaterThan(p.flops().generatorEncoder());
        assertThat(r.stepGflop()).isCloseTo(p.flops().step() / 1e9, within(1e-12));
        assertThat(r.achievedGflops()).isPositive();
        assertThat(r.ceilingGflops()).isPositive();
        assertThat(r.parameters()).isPositive();
    }

    @Test
    void theTextPairsFlopsFollowItsShape() {
        // 2 texts padded to 3 positions, 1 masked; width 4, 1 layer, feed-forward 8, node width 6, vocabulary 10
        com.dipgnn.text.TokenBatch texts =
                com.dipgnn.text.TokenBatch.of(List.of(new int[] {2, 5, 6}, new int[] {2, 7}));
        com.dipgnn.pretraining.MaskedTexts t = new com.dipgnn.pretraining.MaskedTexts(
                "n", new int[] {0, 1}, texts, new boolean[] {false, true, false, false, false, false});
        com.dipgnn.model.TransformerConfig shape = new com.dipgnn.model.TransformerConfig(4, 1, 2, 8, 0);
        // per network: projection 2*6*(6+4)*4 = 480; layer: maps 2*6*4*16 = 768, attention 2*2*2*3*3*4 = 288,
        // feed-forward 2*6*2*4*8 = 768; generator read-out 2*1*4*10 = 80; discriminator read-out 2*6*4 = 48
        double network = 480 + 768 + 288 + 768;
        assertThat(PretrainFlopCounter.textFlops(t, shape, 6, 10, false)).isEqualTo(network + 80);
        assertThat(PretrainFlopCounter.textFlops(t, shape, 6, 10, true)).isEqualTo(2 * network + 80 + 48);
    }
}
