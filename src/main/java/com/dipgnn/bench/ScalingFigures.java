package com.dipgnn.bench;

import java.util.List;
import java.util.Map;

/** What {@code bench --config scaling} measures at one size: the figures of {@link ScalingBenchmark}'s report. */
public final class ScalingFigures {

    private ScalingFigures() {}

    /** Timings in ms: median, 10th and 90th percentile, extremes, count. */
    public record Timing(double median, double p10, double p90, double min, double max, int n) {
        static Timing of(double[] millis) {
            StepTimes t = new StepTimes(millis);
            return new Timing(t.median(), t.percentile(10), t.percentile(90), t.min(), t.max(), millis.length);
        }
    }

    /**
     * Resident memory (MiB) of the process above the baseline taken before the model existed.
     *
     * @param baselineMib RSS before the model was created
     * @param modelMib growth once the model (and optimizer) were created
     * @param peakMib peak growth during the steps (peak RSS reset before them)
     * @param afterMib growth after the steps, their scopes closed (the allocator may keep what was freed)
     * @param peakReset whether the peak could be reset; if not, {@code peakMib} is the process's peak so far
     */
    public record Resident(long baselineMib, long modelMib, long peakMib, long afterMib, boolean peakReset) {}

    /**
     * Figures of one kind of training step.
     *
     * @param kind "pretrain" (DiP-GNN, generator and discriminator) or "finetune" (the shape's task)
     * @param architecture the encoder's name
     * @param parameters trainable weights of everything the step updates
     * @param sampledNodes median nodes of the step's subgraph
     * @param sampledEdges median stored edges of the step's subgraph
     * @param step ms of the whole step, host preparation included, run sequentially
     * @param host ms of the host preparation (sampling; for pre-training also masking and candidates)
     * @param gflop analytic GFLOP of a step (3 forward passes)
     * @param nonFinite steps whose update the optimizer refused (non-finite gradient norm)
     * @param memory resident memory growth
     */
    public record StepFigures(
            String kind,
            String architecture,
            long parameters,
            int sampledNodes,
            int sampledEdges,
            Timing step,
            Timing host,
            double gflop,
            int nonFinite,
            Resident memory) {
        public double stepsPerSecond() {
            return 1e3 / step.median();
        }

        /** Analytic GFLOP over the median step less the median host preparation. */
        public double achievedGflops() {
            return gflop / ((step.median() - host.median()) / 1e3);
        }
    }

    /**
     * Figures of the inference passes that embed every node for a deployment.
     *
     * @param architecture the encoder's name
     * @param seedsPerType seeds of each type per pass
     * @param allTypes ms per pass with seeds of every type
     * @param largestOnly ms per pass with seeds of the largest type alone (after the others ran out)
     * @param sampledNodes median nodes of an all-types pass's subgraph
     * @param sampledEdges median stored edges of an all-types pass's subgraph
     * @param gflop analytic forward GFLOP of an all-types pass
     * @param embeddedNodes nodes embedded by the timed passes
     * @param tableBytes heap the embedder's tables of those nodes held (rows and id map)
     * @param memory resident memory growth
     */
    public record EmbeddingFigures(
            String architecture,
            int seedsPerType,
            Timing allTypes,
            Timing largestOnly,
            int sampledNodes,
            int sampledEdges,
            double gflop,
            long embeddedNodes,
            long tableBytes,
            Resident memory) {
        public double passesPerSecond() {
            return allTypes == null ? Double.NaN : 1e3 / allTypes.median();
        }

        public double tableBytesPerNode() {
            return (double) tableBytes / embeddedNodes;
        }
    }

    /**
     * Heap of a graph's text and of what is derived from it.
     *
     * @param nodes nodes with text
     * @param strings key and text strings
     * @param chars characters of those strings
     * @param stringBytes heap of the graph's key and text strings (measured by dropping them)
     * @param tfidfType the type whose TF-IDF rows were computed
     * @param tfidfRows rows computed
     * @param tfidfBytes bytes of those rows (the sparse arrays' own accounting)
     * @param tokenBytes heap of every node's token ids, as pre-training with the text pair holds them
     * @param vocabulary tokens in the learned vocabulary
     */
    public record TextFigures(
            long nodes,
            long strings,
            long chars,
            long stringBytes,
            String tfidfType,
            long tfidfRows,
            long tfidfBytes,
            long tokenBytes,
            int vocabulary) {
        /** Heap per string beyond one byte per character (compact Latin-1 strings). */
        public double bytesPerStringOverhead() {
            return (double) (stringBytes - chars) / strings;
        }
    }

    /**
     * Heap held at one size.
     *
     * @param scale fraction of the shape's scale 1
     * @param nodesByType nodes per type
     * @param nodes all nodes
     * @param inputEdges edges as generated
     * @param storedEdges stored directed edges (reverses included)
     * @param buildSeconds time to generate and build the graph
     * @param heapBytes heap the graph holds, everything included
     * @param adjacencyBytes CSR arrays (the graph's accounting)
     * @param featureBytes dense feature arrays (the graph's accounting)
     * @param splitBytes heap the node-transfer split's pre-training and fine-tuning graphs (and id maps) add
     * @param pretrainStoredEdges stored edges of the pre-training part
     * @param finetuneStoredEdges stored edges of the fine-tuning part
     * @param task the fine-tuning task
     * @param taskBytes heap the fine-tuning task adds beyond the split
     * @param evalItems validation nodes (node task) or held-out validation edges (link task)
     */
    public record GraphFigures(
            double scale,
            Map<String, Integer> nodesByType,
            long nodes,
            long inputEdges,
            long storedEdges,
            double buildSeconds,
            long heapBytes,
            long adjacencyBytes,
            long featureBytes,
            long splitBytes,
            long pretrainStoredEdges,
            long finetuneStoredEdges,
            String task,
            long taskBytes,
            long evalItems) {
        public double bytesPerNode() {
            return (double) heapBytes / nodes;
        }

        public double bytesPerInputEdge() {
            return (double) heapBytes / inputEdges;
        }

        public double adjacencyBytesPerStoredEdge() {
            return (double) adjacencyBytes / storedEdges;
        }

        /** Heap outside the adjacency per node: features, keys, text, labels, times, objects. */
        public double otherBytesPerNode() {
            return (double) (heapBytes - adjacencyBytes) / nodes;
        }
    }

    /**
     * The host side alone (no model): what a step's batch preparation and an embedding pass's
     * sampling cost, and how large their subgraphs are; cheap enough for graphs too dense to time
     * model steps on.
     *
     * @param pretrainHost ms to prepare a pre-training batch (sampling, masking, candidates)
     * @param pretrainNodes median nodes of its subgraph (E_u)
     * @param pretrainEdges median stored edges of E_u plus the masked edges
     * @param finetuneHost ms to prepare a fine-tuning batch
     * @param finetuneNodes median nodes of its subgraph
     * @param finetuneEdges median stored edges of its subgraph
     * @param embedSampling ms to sample the subgraph of an all-types embedding pass
     * @param embedNodes median nodes of that subgraph
     * @param embedEdges median stored edges of that subgraph
     */
    public record SamplingFigures(
            Timing pretrainHost,
            int pretrainNodes,
            int pretrainEdges,
            Timing finetuneHost,
            int finetuneNodes,
            int finetuneEdges,
            Timing embedSampling,
            int embedNodes,
            int embedEdges) {}

    /**
     * Everything measured at one size, with the state of the (possibly shared) machine around it:
     * the system load average and the best dense-product GFLOP/s (2048 cubed, best of 5) before and
     * after the steps.
     */
    public record SizeFigures(
            GraphFigures graph,
            TextFigures text,
            SamplingFigures sampling,
            List<StepFigures> steps,
            List<EmbeddingFigures> embeddings,
            double loadBefore,
            double loadAfter,
            double ceilingBefore,
            double ceilingAfter) {}
}
