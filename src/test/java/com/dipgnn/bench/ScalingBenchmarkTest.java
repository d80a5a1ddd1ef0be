package com.dipgnn.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import ai.djl.Device;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.synthetic.OagShapedConfig;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.ModelConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The arithmetic of {@code bench --config scaling} (not its timings). */
class ScalingBenchmarkTest {

    @Test
    void bytesScaleLinearlyWithTheGraph() {
        assertThat(ScalingEstimate.scaleBytes(1_000, 0.05, 1.0)).isCloseTo(20_000, within(1e-9));
        assertThat(ScalingEstimate.scaleBytes(1_000, 1.0, 1.0)).isEqualTo(1_000);
        assertThatThrownBy(() -> ScalingEstimate.scaleBytes(1, 0, 1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void embeddingEveryNodeTakesOnePassPerChunkOfTheLargestType() {
        // the paper's product graph: 2,710,000 products / 1,024 = 2,646.5 -> 2,647 passes; 633,000 queries -> 619
        assertThat(ScalingEstimate.embeddingPasses(2_710_000, 1024)).isEqualTo(2_647);
        assertThat(ScalingEstimate.embeddingPasses(633_000, 1024)).isEqualTo(619);
        assertThat(ScalingEstimate.embeddingPasses(1024, 1024)).isEqualTo(1);
        assertThat(ScalingEstimate.embeddingPasses(0, 1024)).isZero();
        // 619 passes with both types at 100 ms, 2,028 with products alone at 50 ms
        assertThat(ScalingEstimate.embeddingSeconds(2_710_000, 633_000, 1024, 100, 50))
                .isCloseTo((619 * 100 + 2_028 * 50) / 1e3, within(1e-9));
        assertThat(ScalingEstimate.embeddingSeconds(3000, 0, 1024, 100, 50)).isCloseTo(0.15, within(1e-12));
    }

    @Test
    void timesAndTheAcceleratorEstimate() {
        assertThat(ScalingEstimate.hours(1000, 3600)).isCloseTo(1.0, within(1e-12));
        // 39 GFLOP at 10% of 19.5 TFLOP/s = 1.95 TFLOP/s: 20 ms
        assertThat(ScalingEstimate.acceleratorMillis(39, 19.5, 0.1)).isCloseTo(20, within(1e-9));
        assertThatThrownBy(() -> ScalingEstimate.acceleratorMillis(1, 19.5, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(ScalingEstimate.pipelinedMillis(20, 1200, 1)).isEqualTo(1200);
        assertThat(ScalingEstimate.pipelinedMillis(20, 1200, 8)).isEqualTo(150);
        assertThat(ScalingEstimate.pipelinedMillis(200, 1200, 8)).isEqualTo(200);
        assertThat(ScalingEstimate.validations(1600, 20)).isEqualTo(80);
        assertThat(ScalingEstimate.validations(1601, 20)).isEqualTo(81);
    }

    @Test
    void memoryLimits() {
        assertThat(ScalingEstimate.maxNodesPerType(400)).isEqualTo(5_368_709);
        assertThat(400L * ScalingEstimate.maxNodesPerType(400)).isLessThanOrEqualTo(Integer.MAX_VALUE - 8L);
        assertThat(ScalingEstimate.trainingStateBytes(1_000_000)).isEqualTo(16_000_000);
    }

    @Test
    void shapesAtAScale() {
        assertThat(ScalingBenchmark.nodesAt(ScalingBenchmark.Shape.QUERY_PRODUCT, 1.0))
                .containsExactly(Map.entry("query", 633_000L), Map.entry("product", 2_710_000L));
        assertThat(ScalingBenchmark.edgesAt(ScalingBenchmark.Shape.QUERY_PRODUCT, 0.05))
                .isEqualTo(11_400_000);
        assertThat(ScalingBenchmark.edgesAt(ScalingBenchmark.Shape.OAG, 1.0)).isEqualTo(28_400_000);
        HeteroGraph oag = SyntheticGraphs.oagShaped(new OagShapedConfig(0.001, 4, 3, 0));
        Map<String, Long> counts = ScalingBenchmark.nodesAt(ScalingBenchmark.Shape.OAG, 0.001);
        assertThat(counts.keySet()).containsExactlyElementsOf(oag.nodeTypes());
        for (String type : oag.nodeTypes()) {
            assertThat(counts.get(type)).as(type).isEqualTo(oag.numNodes(type));
        }
        // 360 clicks per query on average: categories hold at least 20 x 360 products, 2 to 50 of them
        assertThat(ScalingBenchmark.categories(633_000, 2_710_000, 228_000_000)).isEqualTo(50);
        assertThat(ScalingBenchmark.categories(31_650, 135_500, 11_400_000)).isEqualTo(18);
        assertThat(ScalingBenchmark.categories(1_266, 5_420, 456_000)).isEqualTo(2);
    }

    @Test
    void embeddingChunksAreSpreadOverTheIds() {
        int[] ids = ScalingBenchmark.spreadChunks(10_000, 3, 1024);
        assertThat(ids).hasSize(3 * 1024);
        assertThat(ids[0]).isZero();
        assertThat(ids[1024]).isEqualTo((10_000 - 1024) / 2);
        assertThat(ids[3 * 1024 - 1]).isEqualTo(10_000 - 1);
        assertThat(Arrays.stream(ids).distinct().count()).isEqualTo(ids.length);
        assertThat(ScalingBenchmark.spreadChunks(2000, 3, 1024)).hasSize(2000);
    }

    @Test
    void aTinyRunProjectsItsOwnFigures() {
        ScalingBenchmark.Architecture tiny =
                new ScalingBenchmark.Architecture("tiny", new ModelConfig(Backbone.HGT, 1, 16, 2, 0.1, 0));
        ScalingBenchmark.Settings settings = new ScalingBenchmark.Settings(
                ScalingBenchmark.Shape.OAG, new double[] {0.0005}, List.of(tiny), 1, 2, 1, 64, 8, 19.5, 0.1, 1);
        List<String> log = new ArrayList<>();
        ScalingBenchmark.Report report = new ScalingBenchmark(settings, Device.cpu(), log::add).run();
        ScalingFigures.SizeFigures size = report.sizes().get(0);
        ScalingFigures.GraphFigures g = size.graph();
        assertThat(g.nodes())
                .isEqualTo(ScalingBenchmark.nodesAt(ScalingBenchmark.Shape.OAG, 0.0005).values().stream()
                        .mapToLong(Long::longValue)
                        .sum());
        assertThat(g.storedEdges()).isEqualTo(2 * g.inputEdges());
        assertThat(g.adjacencyBytes()).isPositive();
        assertThat(g.bytesPerNode()).isCloseTo((double) g.heapBytes() / g.nodes(), within(1e-9));
        assertThat(size.text()).as("the OAG-shaped graph has no text").isNull();
        assertThat(size.sampling().pretrainHost().n()).isEqualTo(2);
        assertThat(size.sampling().pretrainNodes()).isPositive();
        assertThat(size.sampling().finetuneEdges()).isPositive();
        assertThat(size.sampling().embedSampling().n()).isEqualTo(1);
        assertThat(size.ceilingBefore()).isPositive();
        assertThat(size.steps()).extracting(ScalingFigures.StepFigures::kind).containsExactly("pretrain", "finetune");
        for (ScalingFigures.StepFigures f : size.steps()) {
            assertThat(f.step().n()).isEqualTo(2);
            assertThat(f.host().median()).isLessThanOrEqualTo(f.step().max());
            assertThat(f.stepsPerSecond()).isCloseTo(1e3 / f.step().median(), within(1e-9));
            assertThat(f.parameters()).isPositive();
            assertThat(f.gflop()).isPositive();
        }
        ScalingFigures.EmbeddingFigures e = size.embeddings().get(0);
        assertThat(e.seedsPerType()).isEqualTo(64);
        // 1 warm-up pass, 1 timed with every type (50 venues: one chunk), 1 of the largest type alone
        assertThat(e.allTypes()).isNull();
        assertThat(e.largestOnly()).isNotNull();
        assertThat(e.embeddedNodes()).isPositive();
        assertThat(e.tableBytesPerNode()).isCloseTo((double) e.tableBytes() / e.embeddedNodes(), within(1e-9));
        // the report projects its last size (the arithmetic is worked by hand in ScalingProjectionTest)
        assertThat(report.projection()).isEqualTo(ScalingProjection.project(settings, size));
        assertThat(report.projection().architectures()).hasSize(1);
        assertThat(report.projection().architectures().get(0).pretrainCpuHours())
                .isPositive();
    }

    @Test
    void withoutArchitecturesOnlyTheGraphAndItsSamplingAreMeasured() {
        ScalingBenchmark.Settings settings = new ScalingBenchmark.Settings(
                ScalingBenchmark.Shape.OAG, new double[] {0.005}, List.of(), 0, 1, 1, 64, 8, 19.5, 0.1, 1);
        ScalingBenchmark.Report report = new ScalingBenchmark(settings, Device.cpu(), s -> {}).run();
        assertThat(report.projection()).isNull();
        assertThat(report.sizes().get(0).steps()).isEmpty();
        assertThat(report.sizes().get(0).sampling().pretrainEdges()).isPositive();
        // at scale 0.005 (about 5,500 nodes) the graph holds megabytes, far above the collector's
        // noise between two measurements (about 0.1 MB, which made a 550-node graph measure negative)
        ScalingFigures.GraphFigures g = report.sizes().get(0).graph();
        assertThat(g.heapBytes()).isGreaterThan(g.adjacencyBytes() / 2);
    }
}
