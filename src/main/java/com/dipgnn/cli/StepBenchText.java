package com.dipgnn.cli;

import com.dipgnn.bench.BenchReport;
import com.dipgnn.bench.NodeEmbeddingBenchmark;
import com.dipgnn.bench.OperatorProfile;
import com.dipgnn.bench.PretrainBenchReport;
import com.dipgnn.bench.PretrainFlopCounter;
import com.dipgnn.bench.StepTimes;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The text and JSON reports of {@code bench}'s step benchmarks: training and DiP-GNN pre-training steps against the
 * matrix-product ceiling, their operator profile, and the link task's step with per-node embedding tables.
 */
final class StepBenchText {

    private StepBenchText() {}

    static String nodeEmbeddingsText(NodeEmbeddingBenchmark.Report r, String header) {
        StringBuilder sb = new StringBuilder();
        sb.append(header).append(System.lineSeparator());
        sb.append(String.format(
                Locale.ROOT,
                "%12s %10s %8s %9s %9s %9s %9s %9s %9s %9s %10s %8s %8s%n",
                "user rows",
                "item rows",
                "sampled",
                "sampling",
                "forward",
                "backward",
                "optimizer",
                "math",
                "math p10",
                "math p90",
                "state MiB",
                "write s",
                "read s"));
        for (NodeEmbeddingBenchmark.SizeReport s : r.sizes()) {
            sb.append(String.format(
                    Locale.ROOT,
                    "%,12d %,10d %8d %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %10d %8.2f %8.2f%n",
                    s.userRows(),
                    s.itemRows(),
                    s.sampledNodes(),
                    s.sampling().median(),
                    s.forward().median(),
                    s.backward().median(),
                    s.optimizer().median(),
                    s.math().median(),
                    s.math().percentile(10),
                    s.math().percentile(90),
                    s.stateNativeMib(),
                    s.writeSeconds(),
                    s.readSeconds()));
        }
        sb.append(String.format(
                Locale.ROOT,
                "state per node: %.3f bytes (row + two Adam moments, float32, + 1 flag bit); "
                        + "measured native growth %.1f bytes per row of the largest size (times in ms, medians unless "
                        + "marked; load average at the end: %s)%n",
                r.stateBytesPerNode(),
                r.measuredBytesPerNode(),
                r.loadAverage()));
        return sb.toString();
    }

    /** The operators of a profile with the most self time, one line each. */
    static String profileText(List<OperatorProfile.OperatorTime> top, Path trace) {
        StringBuilder sb = new StringBuilder(String.format(
                Locale.ROOT,
                "operators by self time in the prefetched pass (trace: %s)%n%10s %6s %7s  %-36s %s%n",
                trace,
                "ms/step",
                "share",
                "calls",
                "operator",
                "input shapes of its heaviest calls"));
        for (OperatorProfile.OperatorTime t : top) {
            sb.append(String.format(
                    Locale.ROOT,
                    "%10.1f %5.1f%% %7.1f  %-36s %s%n",
                    t.selfMillisPerStep(),
                    100 * t.share(),
                    t.callsPerStep(),
                    t.operator(),
                    t.heaviestShapes()));
        }
        return sb.toString();
    }

    static String stepText(BenchReport r) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT, "== %s on %s (%,d parameters)%n", r.configuration(), r.device(), r.parameters()));
        sb.append(String.format(
                Locale.ROOT, "sampled per step: %d nodes, %d edges%n", r.sampledNodes(), r.sampledEdges()));
        sb.append(String.format(Locale.ROOT, "%-10s %9s %9s %9s%n", "phase", "median", "p10", "p90"));
        line(sb, "step", r.total());
        line(sb, "sampling", r.sampling());
        line(sb, "forward", r.forward());
        line(sb, "backward", r.backward());
        line(sb, "optimizer", r.optimizer());
        sb.append(String.format(Locale.ROOT, "sampling share of a sequential step: %.1f%%%n", 100 * r.samplingShare()));
        sb.append(String.format(
                Locale.ROOT,
                "with sampling prefetched: %.1f ms/step, waiting %.2f ms/step for batches%n",
                r.pipelinedMillis(),
                r.pipelinedWaitMillis()));
        sb.append(String.format(
                Locale.ROOT,
                "analytic %.2f GFLOP/step; achieved %.1f GFLOP/s in the math "
                        + "(forward+backward+optimizer) vs a %.1f GFLOP/s matmul ceiling: %.1f%%%n",
                r.stepGflop(),
                r.achievedGflops(),
                r.ceilingGflops(),
                100 * r.ceilingRatio()));
        sb.append(String.format(
                Locale.ROOT,
                "a matmul of the step's own shape (%d x hidden x hidden) reaches %.1f GFLOP/s%n",
                r.sampledNodes(),
                r.modelShapedGflops()));
        sb.append(String.format(Locale.ROOT, "peak resident memory of the process: %d MiB%n", r.peakRssMib()));
        return sb.toString();
    }

    static String pretrainText(PretrainBenchReport p) {
        BenchReport r = p.step();
        PretrainFlopCounter.Breakdown f = p.flops();
        StringBuilder sb = new StringBuilder(stepText(r)
                .replace("sampling share", "host preparation share")
                .replace("with sampling prefetched", "with host preparation prefetched"));
        sb.append(String.format(
                Locale.ROOT,
                "masked edges per step: %d, %d candidates each ('sampling' above is the "
                        + "host preparation: sampling, masking, candidates)%n",
                p.maskedEdges(),
                p.candidates()));
        sb.append(String.format(
                Locale.ROOT,
                "forward split (encoders timed alone on the same batches): generator "
                        + "encoder %.1f ms, discriminator encoder %.1f ms, heads/scoring/losses %.1f ms%n",
                p.generatorEncoder().median(),
                p.discriminatorEncoder().median(),
                p.headsMillis()));
        sb.append(String.format(
                Locale.ROOT,
                "forward GFLOP: generator encoder %.2f, candidate scoring %.2f, feature "
                        + "regression %.2f, discriminator encoder %.2f, feature detection %.3f, pair scoring %.2f, "
                        + "text pair %.2f%n",
                f.generatorEncoder() / 1e9,
                f.generatorScoring() / 1e9,
                f.generatorFeatures() / 1e9,
                f.discriminatorEncoder() / 1e9,
                f.discriminatorFeatures() / 1e9,
                f.discriminatorEdges() / 1e9,
                f.text() / 1e9));
        if (p.nonFiniteSteps() > 0) {
            sb.append(String.format(
                    Locale.ROOT,
                    "WARNING: %d of %d steps had a non-finite gradient norm; the optimizer "
                            + "skipped their updates%n",
                    p.nonFiniteSteps(),
                    2 * r.total().millis().length));
        }
        return sb.toString();
    }

    static Map<String, Object> pretrainJson(PretrainBenchReport p) {
        Map<String, Object> m = jsonOf(p.step());
        m.put("masked_edges", p.maskedEdges());
        m.put("candidates", p.candidates());
        m.put("generator_encoder_ms_median", p.generatorEncoder().median());
        m.put("discriminator_encoder_ms_median", p.discriminatorEncoder().median());
        m.put("heads_ms_median", p.headsMillis());
        m.put("non_finite_steps", p.nonFiniteSteps());
        PretrainFlopCounter.Breakdown f = p.flops();
        m.put("gflop_generator_encoder", f.generatorEncoder() / 1e9);
        m.put("gflop_candidate_scoring", f.generatorScoring() / 1e9);
        m.put("gflop_feature_regression", f.generatorFeatures() / 1e9);
        m.put("gflop_discriminator_encoder", f.discriminatorEncoder() / 1e9);
        m.put("gflop_feature_detection", f.discriminatorFeatures() / 1e9);
        m.put("gflop_pair_scoring", f.discriminatorEdges() / 1e9);
        m.put("gflop_text_pair", f.text() / 1e9);
        return m;
    }

    private static void line(StringBuilder sb, String name, StepTimes t) {
        sb.append(String.format(
                Locale.ROOT,
                "%-10s %7.1f ms %7.1f ms %7.1f ms%n",
                name,
                t.median(),
                t.percentile(10),
                t.percentile(90)));
    }

    static Map<String, Object> jsonOf(BenchReport r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("device", r.device());
        m.put("parameters", r.parameters());
        m.put("sampled_nodes", r.sampledNodes());
        m.put("sampled_edges", r.sampledEdges());
        for (Map.Entry<String, StepTimes> e : Map.of(
                        "step",
                        r.total(),
                        "sampling",
                        r.sampling(),
                        "forward",
                        r.forward(),
                        "backward",
                        r.backward(),
                        "optimizer",
                        r.optimizer())
                .entrySet()) {
            m.put(e.getKey() + "_ms_median", e.getValue().median());
            m.put(e.getKey() + "_ms_p10", e.getValue().percentile(10));
            m.put(e.getKey() + "_ms_p90", e.getValue().percentile(90));
        }
        m.put("sampling_share", r.samplingShare());
        m.put("pipelined_ms", r.pipelinedMillis());
        m.put("pipelined_wait_ms", r.pipelinedWaitMillis());
        m.put("step_gflop", r.stepGflop());
        m.put("achieved_gflops", r.achievedGflops());
        m.put("ceiling_gflops", r.ceilingGflops());
        m.put("ceiling_ratio", r.ceilingRatio());
        m.put("model_shaped_matmul_gflops", r.modelShapedGflops());
        m.put("peak_rss_mib", r.peakRssMib());
        return m;
    }

    /** The heading of {@code bench --config node-embeddings}. */
    static String nodeEmbeddingsHeader(NodeEmbeddingBenchmark.Report report) {
        return String.format(
                Locale.ROOT,
                "== node-embeddings on %s, width %d: link-prediction fine-tuning step, %s 2 x %d x 4, "
                        + "%d positives, HGSampling 2 x 128",
                report.device(),
                report.width(),
                report.backbone(),
                report.width(),
                report.positives());
    }

    /** The heading of {@code bench --config gnn-link} on {@code dataset}. */
    static String gnnLinkHeader(NodeEmbeddingBenchmark.Report report, String dataset) {
        return String.format(
                Locale.ROOT,
                "== gnn-link on %s, %s: the link task's step on an edge split, %s 2 x %d x 4, "
                        + "%d positives, 255 negatives",
                dataset,
                report.device(),
                report.backbone(),
                report.width(),
                report.positives());
    }
}
