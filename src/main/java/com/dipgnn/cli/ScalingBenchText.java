package com.dipgnn.cli;

import com.dipgnn.bench.MemoryBenchmark;
import com.dipgnn.bench.ScalingBenchmark;
import com.dipgnn.bench.ScalingFigures;
import com.dipgnn.bench.ScalingProjection;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The text reports of {@code bench --config memory} (the heap an OAG-shaped graph holds) and
 * {@code bench --config scaling} (measured sizes of one graph shape and their projection to its full size).
 */
final class ScalingBenchText {

    private ScalingBenchText() {}

    static String memoryText(MemoryBenchmark.Report r) {
        return String.format(
                Locale.ROOT,
                "OAG-shaped graph at scale %.3f: %,d nodes, %,d input edges (%,d stored with reverses), built in %.1f s%n"
                        + "heap held: %.2f GiB of %.2f GiB max (%.1f bytes per node, %.1f bytes per input edge, all included)%n"
                        + "adjacency: %.2f GiB = %.2f bytes per stored edge; features: %.2f GiB; "
                        + "everything else: %.1f bytes per node%n",
                r.scale(),
                r.nodes(),
                r.inputEdges(),
                r.storedEdges(),
                r.buildSeconds(),
                r.heapBytes() / GIB,
                r.maxHeapBytes() / GIB,
                r.heapBytesPerNode(),
                r.heapBytesPerInputEdge(),
                r.adjacencyBytes() / GIB,
                r.bytesPerStoredEdge(),
                r.featureBytes() / GIB,
                (double) (r.heapBytes() - r.adjacencyBytes() - r.featureBytes()) / r.nodes());
    }

    static String scalingText(ScalingBenchmark.Report r) {
        StringBuilder sb = new StringBuilder();
        sb.append(
                String.format(
                        Locale.ROOT,
                        "== scaling: %s-shaped graphs, features %s wide; %d processors; heap max " + "%.1f GiB, %s%n",
                        r.shape(),
                        r.featureDim(),
                        r.processors(),
                        r.maxHeapBytes() / GIB,
                        r.heapPretouched()
                                ? "pre-touched (RSS growth = memory outside the Java heap)"
                                : "NOT pre-touched: RSS growth includes heap growth (run with -Xms = -Xmx and -XX:+AlwaysPreTouch)"));
        for (ScalingFigures.SizeFigures s : r.sizes()) {
            ScalingFigures.GraphFigures g = s.graph();
            sb.append(String.format(
                    Locale.ROOT,
                    "%n-- scale %s: %s nodes (%,d), %,d input edges, %,d stored; built in "
                            + "%.1f s; load average %.2f before, %.2f after%s%n",
                    g.scale(),
                    g.nodesByType(),
                    g.nodes(),
                    g.inputEdges(),
                    g.storedEdges(),
                    g.buildSeconds(),
                    s.loadBefore(),
                    s.loadAfter(),
                    s.steps().isEmpty()
                            ? ""
                            : String.format(
                                    Locale.ROOT,
                                    "; matmul ceiling %.1f GFLOP/s before the " + "steps, %.1f after",
                                    s.ceilingBefore(),
                                    s.ceilingAfter())));
            sb.append(String.format(
                    Locale.ROOT,
                    "graph heap %.1f MiB: %.1f B/node, %.1f B/input edge; CSR %.2f B/stored "
                            + "edge; features %.1f MiB; everything but the CSR %.1f B/node%n",
                    g.heapBytes() / MIB,
                    g.bytesPerNode(),
                    g.bytesPerInputEdge(),
                    g.adjacencyBytesPerStoredEdge(),
                    g.featureBytes() / MIB,
                    g.otherBytesPerNode()));
            sb.append(String.format(
                    Locale.ROOT,
                    "node-transfer split (pre-training part %,d stored edges, fine-tuning "
                            + "part %,d): +%.1f MiB (%.0f%% of the graph); fine-tuning task (%s, %,d validation items): "
                            + "+%.1f MiB%n",
                    g.pretrainStoredEdges(),
                    g.finetuneStoredEdges(),
                    g.splitBytes() / MIB,
                    100.0 * g.splitBytes() / g.heapBytes(),
                    g.task(),
                    g.evalItems(),
                    g.taskBytes() / MIB));
            ScalingFigures.SamplingFigures h = s.sampling();
            sb.append(String.format(
                    Locale.ROOT,
                    "host preparation (median ms, subgraph nodes / stored edges): "
                            + "pre-training batch %s, %,d / %,d; fine-tuning batch %s, %,d / %,d; embedding pass "
                            + "sampling %s, %,d / %,d%n",
                    timing(h.pretrainHost()),
                    h.pretrainNodes(),
                    h.pretrainEdges(),
                    timing(h.finetuneHost()),
                    h.finetuneNodes(),
                    h.finetuneEdges(),
                    timing(h.embedSampling()),
                    h.embedNodes(),
                    h.embedEdges()));
            if (s.text() != null) {
                ScalingFigures.TextFigures t = s.text();
                sb.append(String.format(
                        Locale.ROOT,
                        "text: %,d key and text strings (%,d chars) held %.1f MiB (%.1f B "
                                + "per string beyond 1 B/char); TF-IDF rows of %s as a text-only type: %.1f B/node; token "
                                + "ids of every node: %.1f B/node with text; vocabulary %,d%n",
                        t.strings(),
                        t.chars(),
                        t.stringBytes() / MIB,
                        t.bytesPerStringOverhead(),
                        t.tfidfType(),
                        (double) t.tfidfBytes() / Math.max(1, t.tfidfRows()),
                        (double) t.tokenBytes() / t.nodes(),
                        t.vocabulary()));
            }
            if (s.steps().isEmpty()) {
                continue;
            }
            sb.append(String.format(
                    Locale.ROOT,
                    "%-9s %-8s %11s %9s %9s %9s %13s %8s %8s %8s %7s %7s %9s %9s %9s%n",
                    "step",
                    "arch",
                    "parameters",
                    "nodes",
                    "edges",
                    "median ms",
                    "p10-p90",
                    "min ms",
                    "host ms",
                    "steps/s",
                    "GFLOP",
                    "GFLOP/s",
                    "RSS model",
                    "RSS peak",
                    "RSS after"));
            sb.append(String.format(
                    Locale.ROOT,
                    "(RSS: growth above the process's RSS before the model existed, %s MiB)%n",
                    s.steps().stream()
                            .map(f -> String.valueOf(f.memory().baselineMib()))
                            .distinct()
                            .collect(Collectors.joining(", "))));
            for (ScalingFigures.StepFigures f : s.steps()) {
                sb.append(String.format(
                        Locale.ROOT,
                        "%-9s %-8s %,11d %,9d %,9d %9.1f %13s %8.1f %8.1f %8.3f %7.2f %7.1f " + "%7d M %7d M %7d M%s%n",
                        f.kind(),
                        f.architecture(),
                        f.parameters(),
                        f.sampledNodes(),
                        f.sampledEdges(),
                        f.step().median(),
                        String.format(
                                Locale.ROOT,
                                "%.0f-%.0f",
                                f.step().p10(),
                                f.step().p90()),
                        f.step().min(),
                        f.host().median(),
                        f.stepsPerSecond(),
                        f.gflop(),
                        f.achievedGflops(),
                        f.memory().modelMib(),
                        f.memory().peakMib(),
                        f.memory().afterMib(),
                        f.nonFinite() > 0 ? " (" + f.nonFinite() + " non-finite)" : ""));
            }
            for (ScalingFigures.EmbeddingFigures e : s.embeddings()) {
                sb.append(String.format(
                        Locale.ROOT,
                        "embed     %-8s %,d seeds/type/pass: %s ms per pass of all types "
                                + "(%,d nodes, %,d edges, %.2f GFLOP), %s ms of the largest type alone; tables %.0f B/node; "
                                + "RSS +%d M peak%n",
                        e.architecture(),
                        e.seedsPerType(),
                        timing(e.allTypes()),
                        e.sampledNodes(),
                        e.sampledEdges(),
                        e.gflop(),
                        timing(e.largestOnly()),
                        e.tableBytesPerNode(),
                        e.memory().peakMib()));
            }
        }
        ScalingProjection.Projection p = r.projection();
        if (p == null) {
            return sb.toString();
        }
        sb.append(String.format(
                Locale.ROOT,
                "%n-- projection to scale 1 from scale %s (arithmetic, not measured): %s " + "nodes, %,d input edges%n",
                p.fromScale(),
                p.nodesByType(),
                p.inputEdges()));
        sb.append(String.format(
                Locale.ROOT,
                "heap: graph %.1f GiB (strings %.1f GiB of it), split +%.1f GiB, "
                        + "fine-tuning task +%.1f GiB; one type holds at most %,d nodes of 400-wide rows (one array)%n",
                p.graphBytes() / GIB,
                p.stringBytes() / GIB,
                p.splitBytes() / GIB,
                p.taskBytes() / GIB,
                p.maxNodesPerType()));
        sb.append(String.format(
                Locale.ROOT,
                "GPU figures are estimates: analytic GFLOP at %.1f TFLOP/s x %.2f, with the "
                        + "host work measured here (batch preparation, one prefetch thread; pass sampling, inline)%n",
                p.gpuPeakTflops(),
                p.gpuEfficiency()));
        for (ScalingProjection.ArchitectureProjection a : p.architectures()) {
            sb.append(String.format(
                    Locale.ROOT,
                    "%s: pre-training %,d steps: %.2f h on this CPU; GPU: %.1f ms of math and "
                            + "%.0f ms of host preparation per step: %.3f h; training state %.2f GiB; step peak +%d MiB "
                            + "RSS%n",
                    a.architecture(),
                    a.pretrainSteps(),
                    a.pretrainCpuHours(),
                    a.pretrainGpuMathMs(),
                    a.pretrainHostMs(),
                    a.pretrainGpuHours(),
                    a.pretrainStateBytes() / GIB,
                    a.stepPeakMib()));
            sb.append(String.format(
                    Locale.ROOT,
                    "%s: fine-tuning %,d steps: %.2f h on this CPU (GPU %.3f h), plus %d "
                            + "validations of %,d passes: %.2f h on this CPU (GPU %.2f h)%n",
                    a.architecture(),
                    a.finetuneSteps(),
                    a.finetuneCpuHours(),
                    a.finetuneGpuHours(),
                    a.validations(),
                    a.passesPerValidation(),
                    a.validationCpuHours(),
                    a.validationGpuHours()));
            sb.append(String.format(
                    Locale.ROOT,
                    "%s: embedding every node: %,d passes, %.2f h on this CPU (GPU %.2f h); "
                            + "%.1f GiB of heap for the embeddings while they are built%n",
                    a.architecture(),
                    a.embeddingPasses(),
                    a.embeddingCpuHours(),
                    a.embeddingGpuHours(),
                    a.embeddingBytes() / GIB));
        }
        return sb.toString();
    }

    private static String timing(ScalingFigures.Timing t) {
        return t == null
                ? "-"
                : String.format(Locale.ROOT, "%.1f (p10 %.1f, p90 %.1f, n %d)", t.median(), t.p10(), t.p90(), t.n());
    }

    private static final double MIB = 1024.0 * 1024;

    private static final double GIB = 1024.0 * 1024 * 1024;
}
