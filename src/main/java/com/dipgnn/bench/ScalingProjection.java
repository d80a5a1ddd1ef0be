package com.dipgnn.bench;

import com.dipgnn.bench.ScalingFigures.*;
import com.dipgnn.graph.split.NodeTransferSplit;
import com.dipgnn.pretraining.PretrainConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The projection of {@code bench --config scaling}: its largest measured size scaled to the shape's full size. */
public final class ScalingProjection {

    private ScalingProjection() {}

    /**
     * The projection of one architecture's figures to scale 1. CPU times are measured step and pass
     * times times their counts; GPU times are estimates: the analytic GFLOP at the assumed peak and
     * efficiency, with the host work measured here (batch preparation, prefetched by the engine's one
     * worker thread, so a step takes at least that long; an embedding pass's sampling, done inline).
     *
     * @param architecture the encoder's name
     * @param pretrainSteps pre-training steps (the engine's default; the paper gives none)
     * @param pretrainCpuHours those steps at the measured median
     * @param pretrainHostMs measured host preparation per pre-training step
     * @param pretrainGpuMathMs estimated math per pre-training step on the accelerator
     * @param pretrainGpuHours estimated pre-training on the accelerator
     * @param finetuneSteps fine-tuning steps (the paper's Table 7)
     * @param finetuneCpuHours those steps at the measured median, validation excluded
     * @param finetuneGpuHours estimated, validation excluded
     * @param validations validations of the fine-tuning run
     * @param passesPerValidation embedding passes of one validation
     * @param validationCpuHours all validations at the measured pass times
     * @param validationGpuHours all validations, estimated
     * @param embeddingPasses passes to embed every node
     * @param embeddingCpuHours those passes at the measured pass times
     * @param embeddingGpuHours those passes, estimated
     * @param embeddingBytes heap of the embeddings while a deployment builds them (embedder tables and the final rows)
     * @param pretrainStateBytes parameters, gradients and AdamW moments of pre-training
     * @param stepPeakMib the larger measured RSS peak of a pre-training or fine-tuning step
     */
    public record ArchitectureProjection(
            String architecture,
            long pretrainSteps,
            double pretrainCpuHours,
            double pretrainHostMs,
            double pretrainGpuMathMs,
            double pretrainGpuHours,
            long finetuneSteps,
            double finetuneCpuHours,
            double finetuneGpuHours,
            long validations,
            long passesPerValidation,
            double validationCpuHours,
            double validationGpuHours,
            long embeddingPasses,
            double embeddingCpuHours,
            double embeddingGpuHours,
            double embeddingBytes,
            long pretrainStateBytes,
            long stepPeakMib) {}

    /**
     * The largest size projected to the shape's scale 1 (arithmetic, {@link ScalingEstimate}).
     *
     * @param fromScale the measured scale it is projected from
     * @param nodesByType nodes per type at scale 1
     * @param inputEdges edges at scale 1
     * @param graphBytes the graph's heap
     * @param splitBytes the split's two graphs
     * @param taskBytes the fine-tuning task
     * @param stringBytes key and text strings (0 without text)
     * @param maxNodesPerType most nodes of one type whose 400-wide rows fit in one array
     * @param gpuPeakTflops the assumed accelerator peak
     * @param gpuEfficiency the assumed fraction of it
     * @param architectures per architecture
     */
    public record Projection(
            double fromScale,
            Map<String, Long> nodesByType,
            long inputEdges,
            double graphBytes,
            double splitBytes,
            double taskBytes,
            double stringBytes,
            long maxNodesPerType,
            double gpuPeakTflops,
            double gpuEfficiency,
            List<ArchitectureProjection> architectures) {}

    /** The largest measured size ({@code last}) projected to scale 1 with the settings' accelerator figures. */
    static Projection project(ScalingBenchmark.Settings settings, SizeFigures last) {
        GraphFigures g = last.graph();
        double from = g.scale();
        Map<String, Long> nodes = ScalingBenchmark.nodesAt(settings.shape(), 1.0);
        List<Long> counts =
                nodes.values().stream().sorted((x, y) -> Long.compare(y, x)).toList();
        long largest = counts.get(0);
        long second = counts.size() > 1 ? counts.get(1) : 0;
        // fine-tuning part: 30% of every type; validation: a third of it (the split's fractions)
        double finetuneShare = 1 - NodeTransferSplit.DEFAULT_PRETRAIN_FRACTION;
        long valLargest;
        long valSecond;
        if (settings.shape() == ScalingBenchmark.Shape.QUERY_PRODUCT) {
            // the validation candidates (255 random negatives per held-out edge) cover the fine-tuning products
            valLargest = Math.round(finetuneShare * nodes.get("product"));
            valSecond = Math.round(finetuneShare / 3 * nodes.get("query"));
        } else {
            valLargest = Math.round(finetuneShare / 3 * nodes.get("paper"));
            valSecond = 0;
        }
        List<ArchitectureProjection> archs = new ArrayList<>();
        for (ScalingBenchmark.Architecture a : settings.architectures()) {
            StepFigures pre = find(last, "pretrain", a);
            StepFigures fine = find(last, "finetune", a);
            EmbeddingFigures emb = last.embeddings().stream()
                    .filter(e -> e.architecture().equals(a.name()))
                    .findFirst()
                    .orElseThrow();
            double mixed = emb.allTypes() != null
                    ? emb.allTypes().median()
                    : emb.largestOnly() != null ? emb.largestOnly().median() : Double.NaN;
            double alone = emb.largestOnly() != null ? emb.largestOnly().median() : mixed;
            long pretrainSteps = PretrainConfig.PAPER_DEFAULT.steps();
            double peak = settings.gpuPeakTflops();
            double efficiency = settings.gpuEfficiency();
            double gpuMath = ScalingEstimate.acceleratorMillis(pre.gflop(), peak, efficiency);
            double gpuStep = ScalingEstimate.pipelinedMillis(gpuMath, pre.host().median(), 1);
            double gpuFinetuneStep = ScalingEstimate.pipelinedMillis(
                    ScalingEstimate.acceleratorMillis(fine.gflop(), peak, efficiency),
                    fine.host().median(),
                    1);
            long validations =
                    ScalingEstimate.validations(ScalingBenchmark.PAPER_FINETUNE_STEPS, ScalingBenchmark.EVAL_EVERY);
            double perValidation =
                    ScalingEstimate.embeddingSeconds(valLargest, valSecond, settings.chunk(), mixed, alone);
            long validationPasses = ScalingEstimate.embeddingPasses(valLargest, settings.chunk());
            long passes = ScalingEstimate.embeddingPasses(largest, settings.chunk());
            double embedSeconds = ScalingEstimate.embeddingSeconds(largest, second, settings.chunk(), mixed, alone);
            double gpuPass = last.sampling().embedSampling().median()
                    + ScalingEstimate.acceleratorMillis(emb.gflop(), peak, efficiency);
            long totalNodes = nodes.values().stream().mapToLong(Long::longValue).sum();
            double embeddingBytes =
                    totalNodes * (emb.tableBytesPerNode() + 4.0 * a.model().hidden());
            archs.add(new ArchitectureProjection(
                    a.name(),
                    pretrainSteps,
                    ScalingEstimate.hours(pretrainSteps, pre.step().median()),
                    pre.host().median(),
                    gpuMath,
                    ScalingEstimate.hours(pretrainSteps, gpuStep),
                    ScalingBenchmark.PAPER_FINETUNE_STEPS,
                    ScalingEstimate.hours(
                            ScalingBenchmark.PAPER_FINETUNE_STEPS, fine.step().median()),
                    ScalingEstimate.hours(ScalingBenchmark.PAPER_FINETUNE_STEPS, gpuFinetuneStep),
                    validations,
                    validationPasses,
                    validations * perValidation / 3600,
                    ScalingEstimate.hours(validations * validationPasses, gpuPass),
                    passes,
                    embedSeconds / 3600,
                    ScalingEstimate.hours(passes, gpuPass),
                    embeddingBytes,
                    ScalingEstimate.trainingStateBytes(pre.parameters()),
                    Math.max(pre.memory().peakMib(), fine.memory().peakMib())));
        }
        return new Projection(
                from,
                nodes,
                ScalingBenchmark.edgesAt(settings.shape(), 1.0),
                ScalingEstimate.scaleBytes(g.heapBytes(), from, 1.0),
                ScalingEstimate.scaleBytes(g.splitBytes(), from, 1.0),
                ScalingEstimate.scaleBytes(g.taskBytes(), from, 1.0),
                last.text() == null ? 0 : ScalingEstimate.scaleBytes(last.text().stringBytes(), from, 1.0),
                ScalingEstimate.maxNodesPerType(400),
                settings.gpuPeakTflops(),
                settings.gpuEfficiency(),
                archs);
    }

    private static StepFigures find(SizeFigures s, String kind, ScalingBenchmark.Architecture a) {
        return s.steps().stream()
                .filter(f -> f.kind().equals(kind) && f.architecture().equals(a.name()))
                .findFirst()
                .orElseThrow();
    }
}
