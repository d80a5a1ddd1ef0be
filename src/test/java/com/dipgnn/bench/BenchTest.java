package com.dipgnn.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.Device;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.synthetic.CommunityConfig;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.sampling.EdgeList;
import com.dipgnn.sampling.SamplingConfig;
import com.dipgnn.sampling.Subgraph;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BenchTest {

    @Test
    void flopCountMatchesAHandCountForOneHgtLayer() {
        RelationType r = new RelationType("n", "e", "n");
        GraphSchema schema = new GraphSchema(Map.of("n", 10), List.of(r));
        Map<RelationType, EdgeList> edges = new LinkedHashMap<>();
        edges.put(r, new EdgeList(new int[] {0, 1, 2}, new int[] {1, 2, 0}));
        Subgraph sub = new Subgraph(Map.of("n", new int[] {0, 1, 2, 3}), edges);
        ModelConfig config = new ModelConfig(Backbone.HGT, 1, 8, 2, 0, 0);
        // input 4*10*8 = 320; K,Q,V,A 4*4*8*8 = 1024; relation matrices 2*4*8*4 = 256; edges 3*3*8 = 72; head 4*8*3 =
        // 96
        double expectedMacs = 320 + 1024 + 256 + 72 + 96;
        assertThat(FlopCounter.forwardFlops(schema, config, sub, 4, 3)).isEqualTo(2 * expectedMacs);
    }

    @Test
    void percentilesAreNearestRank() {
        StepTimes t = new StepTimes(new double[] {5, 1, 4, 2, 3});
        assertThat(t.median()).isEqualTo(3);
        assertThat(t.percentile(10)).isEqualTo(1);
        assertThat(t.percentile(90)).isEqualTo(5);
        assertThat(t.min()).isEqualTo(1);
        assertThat(t.max()).isEqualTo(5);
    }

    @Test
    void aSmallStepBenchmarkReportsConsistentFigures() {
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
        BenchReport report = new StepBenchmark(tiny, Device.cpu(), 1, 3).run(r -> seen[0] = r);
        assertThat(seen[0]).isEqualTo(3);
        assertThat(report.sampledNodes()).isBetween(32, 32 + 2 * 32);
        assertThat(report.sampledEdges()).isPositive();
        for (int i = 0; i < 3; i++) {
            double parts = report.sampling().millis()[i]
                    + report.forward().millis()[i]
                    + report.backward().millis()[i]
                    + report.optimizer().millis()[i];
            assertThat(report.total().millis()[i]).isCloseTo(parts, within(0.5));
        }
        assertThat(report.ceilingGflops()).isPositive();
        assertThat(report.achievedGflops()).isPositive();
        assertThat(report.stepGflop()).isPositive();
        assertThat(report.samplingShare()).isBetween(0.0, 1.0);
        assertThat(report.parameters()).isPositive();
    }

    @Test
    void namedConfigurationsHaveTheIssuesShapes() {
        assertThat(BenchConfiguration.all())
                .extracting(BenchConfiguration::name)
                .containsExactly("gat-homo", "hgt-homo", "hgt-hetero", "hgt-text");
        HeteroGraph text = BenchConfiguration.named("hgt-text").graph().get();
        assertThat(com.dipgnn.text.TextInputs.textTypes(text)).containsExactly("t0", "t1");
        assertThat(text.nodes("t1").featureDim())
                .as("t1's inputs come from its text")
                .isZero();
        HeteroGraph hetero = BenchConfiguration.named("hgt-hetero").graph().get();
        assertThat(hetero.nodeTypes()).hasSize(4);
        assertThat(hetero.relationTypes().stream().filter(r -> !r.isReverse())).hasSize(12);
        assertThat(hetero.totalEdges()).isEqualTo(2 * 20_000);
        assertThat(BenchConfiguration.named("hgt-homo").model().hidden()).isEqualTo(400);
    }
}
