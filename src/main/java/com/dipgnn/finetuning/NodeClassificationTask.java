package com.dipgnn.finetuning;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeLabels;
import com.dipgnn.graph.StepRandom;
import com.dipgnn.model.GraphBatch;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.Linear;
import com.dipgnn.model.ScalarOps;
import com.dipgnn.sampling.Subgraph;
import com.dipgnn.sampling.SubgraphSampler;
import com.dipgnn.store.ModelTask;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;

/**
 * Node classification: a linear head on the target type's embeddings, softmax cross-entropy (or
 * sigmoid for multi-label data), micro- and macro-F1.
 */
public final class NodeClassificationTask implements FineTuningTask<NodeClassificationTask.Batch> {

    /** Training seeds (first in the subgraph's node list) and their labels. */
    public record Batch(Subgraph subgraph, int[] seeds) {}

    private static final int EVAL_CHUNK = 1024;

    private final HeteroGraph graph;
    private final String targetType;
    private final NodeLabels labels;
    private final Map<EvalSplit, int[]> splits;
    private final SubgraphSampler sampler;
    private final int batchSize;

    /**
     * @param graph the fine-tuning graph
     * @param targetType the labeled node type
     * @param train training node ids; val and test likewise
     * @param sampler draws each step's subgraph around the seeds
     * @param batchSize seeds per training step
     */
    public NodeClassificationTask(
            HeteroGraph graph,
            String targetType,
            int[] train,
            int[] val,
            int[] test,
            SubgraphSampler sampler,
            int batchSize) {
        this.graph = graph;
        this.targetType = targetType;
        this.labels = graph.nodes(targetType).labels();
        if (labels == null) {
            throw new IllegalArgumentException("node type '" + targetType + "' has no labels to classify");
        }
        if (train.length == 0 || val.length == 0 || test.length == 0) {
            throw new IllegalArgumentException("node classification needs non-empty train, val and test sets; got "
                    + train.length + " / " + val.length + " / " + test.length);
        }
        this.splits = Map.of(EvalSplit.TRAIN, train, EvalSplit.VAL, val, EvalSplit.TEST, test);
        this.sampler = sampler;
        this.batchSize = batchSize;
    }

    @Override
    public HeteroGraph modelGraph() {
        return graph;
    }

    @Override
    public TaskKind kind() {
        return TaskKind.NODE_CLASSIFICATION;
    }

    @Override
    public GraphModule createHead(int hidden) {
        return new Linear(hidden, labels.numClasses(), true);
    }

    @Override
    public Batch prepare(long step, Random rng) {
        int[] train = splits.get(EvalSplit.TRAIN);
        int[] seeds;
        if (train.length <= batchSize) {
            seeds = train.clone();
        } else {
            seeds = Arrays.copyOf(shuffled(train, rng), batchSize);
        }
        return new Batch(sampler.sample(graph, Map.of(targetType, seeds), rng), seeds);
    }

    private static int[] shuffled(int[] ids, Random rng) {
        int[] copy = ids.clone();
        for (int i = copy.length - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = copy[i];
            copy[i] = copy[j];
            copy[j] = t;
        }
        return copy;
    }

    @Override
    public NDArray loss(GraphEncoder encoder, GraphModule head, Batch batch, NDManager scope) {
        NDArray logits = logits(encoder, head, batch.subgraph(), batch.seeds().length, scope, true);
        NDArray targets =
                scope.create(targetMatrix(batch.seeds()), new Shape(batch.seeds().length, labels.numClasses()));
        if (labels.isMultiLabel()) {
            // numerically stable binary cross-entropy with logits
            NDArray loss = ScalarOps.maximum(logits, 0)
                    .sub(logits.mul(targets))
                    .add(logits.abs().neg().exp().add(1f).log());
            return loss.mean();
        }
        return logits.logSoftmax(1).mul(targets).sum(new int[] {1}).neg().mean();
    }

    private NDArray logits(
            GraphEncoder encoder, GraphModule head, Subgraph subgraph, int seeds, NDManager scope, boolean training) {
        GraphBatch batch = new GraphBatch(scope, graph, subgraph);
        NDArray embeddings = encoder.forward(batch, training).get(targetType);
        return ((Linear) head).forward(embeddings.get("0:" + seeds));
    }

    private float[] targetMatrix(int[] nodes) {
        int classes = labels.numClasses();
        float[] targets = new float[nodes.length * classes];
        for (int i = 0; i < nodes.length; i++) {
            for (int c : labels.labels(nodes[i])) {
                targets[i * classes + c] = 1f;
            }
        }
        return targets;
    }

    @Override
    public Map<String, Double> evaluate(GraphEncoder encoder, GraphModule head, EvalSplit split, NDManager scope) {
        ClassificationMetrics metrics = new ClassificationMetrics(labels.numClasses());
        forEachChunk(encoder, split, scope, (chunk, from, h) -> {
            float[] logits = ((Linear) head).forward(h).toFloatArray();
            for (int i = 0; i < chunk.length; i++) {
                metrics.addLogits(logits, i * labels.numClasses(), labels, chunk[i]);
            }
        });
        return metrics.asMap();
    }

    /**
     * The frozen encoder's embeddings of one split's nodes in inference mode, sampled as
     * {@link #evaluate} samples them: a {@link LinearProbe.Split} of {@code nodes x hidden} values.
     */
    public LinearProbe.Split embeddings(GraphEncoder encoder, EvalSplit split, NDManager scope) {
        int[] nodes = splits.get(split);
        int width = encoder.config().hidden();
        float[] values = new float[nodes.length * width];
        forEachChunk(
                encoder,
                split,
                scope,
                (chunk, from, h) -> System.arraycopy(h.toFloatArray(), 0, values, from * width, chunk.length * width));
        return new LinearProbe.Split(nodes.clone(), values);
    }

    /** What is done with one chunk's embeddings: its nodes, their offset in the split and their rows. */
    @FunctionalInterface
    private interface ChunkConsumer {
        void accept(int[] chunk, int from, NDArray embeddings);
    }

    /**
     * Encodes one split's nodes in inference mode, {@value #EVAL_CHUNK} at a time (all at once with a
     * whole-graph sampler, whose every pass is the whole graph), each chunk's
     * subgraph sampled with the split's fixed randomness, and hands each chunk's rows of the target
     * type ({@code chunk x hidden}, in a scope closed afterwards) to {@code consumer}.
     */
    private void forEachChunk(GraphEncoder encoder, EvalSplit split, NDManager scope, ChunkConsumer consumer) {
        int[] nodes = splits.get(split);
        Random rng = StepRandom.rngFor(split.ordinal(), 0xE7A1);
        int chunkSize = sampler.coversWholeGraph() ? Math.max(nodes.length, 1) : EVAL_CHUNK;
        for (int from = 0; from < nodes.length; from += chunkSize) {
            int[] chunk = Arrays.copyOfRange(nodes, from, Math.min(nodes.length, from + chunkSize));
            try (NDManager chunkScope = scope.newSubManager()) {
                Subgraph sub = sampler.sample(graph, Map.of(targetType, chunk), rng);
                NDArray h = encoder.forward(new GraphBatch(chunkScope, graph, sub), false)
                        .get(targetType);
                consumer.accept(chunk, from, h.get("0:" + chunk.length));
            }
        }
    }

    /** The labels of the classified type. */
    public NodeLabels labels() {
        return labels;
    }

    @Override
    public String primaryMetric() {
        return "micro_f1";
    }

    @Override
    public int size(EvalSplit split) {
        return splits.get(split).length;
    }

    @Override
    public ModelTask.NodeClassification describe() {
        return new ModelTask.NodeClassification(
                targetType,
                labels.numClasses(),
                labels.isMultiLabel(),
                size(EvalSplit.TRAIN),
                size(EvalSplit.VAL),
                size(EvalSplit.TEST));
    }
}
