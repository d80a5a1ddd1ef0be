package com.dipgnn.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.dipgnn.bench.ScalingFigures.EmbeddingFigures;
import com.dipgnn.bench.ScalingFigures.GraphFigures;
import com.dipgnn.bench.ScalingFigures.Resident;
import com.dipgnn.bench.ScalingFigures.SamplingFigures;
import com.dipgnn.bench.ScalingFigures.SizeFigures;
import com.dipgnn.bench.ScalingFigures.StepFigures;
import com.dipgnn.bench.ScalingFigures.Timing;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.ModelConfig;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The projection of {@code bench --config scaling} on figures chosen by hand, against values worked
 * out by hand: the paper's product graph (633,000 queries, 2,710,000 products) from a 1% run.
 */
class ScalingProjectionTest {

    private static Timing ms(double median) {
        return new Timing(median, median, median, median, median, 1);
    }

    @Test
    void theProjectionOfHandPickedFiguresIsTheHandWorkedOne() {
        ScalingBenchmark.Architecture a =
                new ScalingBenchmark.Architecture("a", new ModelConfig(Backbone.HGT, 2, 8, 2, 0.1, 0));
        // an accelerator of 10 TFLOP/s at 50%: 5 GFLOP per ms
        ScalingBenchmark.Settings settings = new ScalingBenchmark.Settings(
                ScalingBenchmark.Shape.QUERY_PRODUCT, new double[] {0.01}, List.of(a), 1, 1, 1, 1024, 8, 10, 0.5, 0);
        Resident memory = new Resident(100, 10, 300, 200, true);
        StepFigures pre = new StepFigures("pretrain", "a", 1_000_000, 900, 9000, ms(1000), ms(200), 10, 0, memory);
        StepFigures fine = new StepFigures(
                "finetune", "a", 500_000, 900, 9000, ms(500), ms(100), 5, 0, new Resident(100, 10, 400, 200, true));
        EmbeddingFigures emb = new EmbeddingFigures("a", 1024, ms(100), ms(50), 2000, 20_000, 1, 1000, 4000, memory);
        GraphFigures graph = new GraphFigures(
                0.01,
                Map.of("query", 6330, "product", 27_100),
                33_430,
                2_280_000,
                4_560_000,
                1.0,
                1_000_000,
                500_000,
                100_000,
                20_000,
                3_000_000,
                1_000_000,
                "link",
                30_000,
                8130);
        SamplingFigures sampling = new SamplingFigures(ms(200), 900, 9000, ms(100), 900, 9000, ms(30), 2000, 20_000);
        SizeFigures last = new SizeFigures(graph, null, sampling, List.of(pre, fine), List.of(emb), 1, 1, 50, 50);

        ScalingProjection.Projection p = ScalingProjection.project(settings, last);
        assertThat(p.fromScale()).isEqualTo(0.01);
        assertThat(p.graphBytes()).isCloseTo(100_000_000, within(1e-6)); // 1,000,000 B at 1%
        ScalingProjection.ArchitectureProjection x = p.architectures().get(0);
        // pre-training: the paper's 1,000 steps at 1,000 ms on the CPU = 0.2778 h; on the accelerator the math
        // is 10 GFLOP / 5 = 2 ms, the host's 200 ms dominates: 1,000 x 200 ms = 0.0556 h
        assertThat(x.pretrainCpuHours()).isCloseTo(1000.0 / 3600, within(1e-12));
        assertThat(x.pretrainGpuMathMs()).isCloseTo(2, within(1e-12));
        assertThat(x.pretrainGpuHours()).isCloseTo(200.0 / 3600, within(1e-12));
        // fine-tuning: 1,600 steps at 500 ms = 0.2222 h; on the accelerator max(1 ms, 100 ms) each = 0.0444 h
        assertThat(x.finetuneCpuHours()).isCloseTo(800.0 / 3600, within(1e-12));
        assertThat(x.finetuneGpuHours()).isCloseTo(160.0 / 3600, within(1e-12));
        // embedding 2,710,000 products in chunks of 1,024: 2,647 passes, the first 619 (633,000 queries) with
        // both types at 100 ms, 2,028 with products alone at 50 ms: 163.3 s
        assertThat(x.embeddingPasses()).isEqualTo(2647);
        assertThat(x.embeddingCpuHours()).isCloseTo(163.3 / 3600, within(1e-9));
        // an accelerator pass: 30 ms of sampling + 1 GFLOP / 5 = 30.2 ms
        assertThat(x.embeddingGpuHours()).isCloseTo(2647 * 30.2 / 3.6e6, within(1e-9));
        // validation every 20 of 1,600 steps: 80 times, over the fine-tuning products (30%: 813,000) and the
        // validation queries (10%: 63,300): 794 passes, 62 of them mixed: 6.2 s + 36.6 s = 42.8 s each
        assertThat(x.validations()).isEqualTo(80);
        assertThat(x.passesPerValidation()).isEqualTo(794);
        assertThat(x.validationCpuHours()).isCloseTo(80 * 42.8 / 3600, within(1e-9));
        assertThat(x.validationGpuHours()).isCloseTo(80 * 794 * 30.2 / 3.6e6, within(1e-9));
        // 3,343,000 nodes x (4 table bytes + 8 x 4 final bytes)
        assertThat(x.embeddingBytes()).isCloseTo(3_343_000 * 36.0, within(1e-3));
        assertThat(x.pretrainStateBytes()).isEqualTo(16_000_000);
        assertThat(x.stepPeakMib()).isEqualTo(400);
    }
}
