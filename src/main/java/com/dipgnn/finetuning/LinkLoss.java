package com.dipgnn.finetuning;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.model.CosineScorer;
import com.dipgnn.model.GraphBatch;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.GraphOps;
import com.dipgnn.model.ScalarOps;
import com.dipgnn.ranking.RankingLoss;
import java.util.Map;

/**
 * The link task's training loss on the device: the encoder embeds a {@link LinkBatch}'s subgraph,
 * the trainable cosine scores every anchor against the whole candidate pool in one product, the
 * logits (cosine / temperature, plus the batch's log-Q offsets) go into the softmax
 * cross-entropy or BPR, with each anchor's other known edges masked out.
 */
final class LinkLoss {

    private static final float MASKED = -1e4f;

    private final HeteroGraph graph;
    private final RelationType relation;
    private final RankingLoss loss;
    private final float temperature;

    /** @param graph the graph the encoder runs on; {@code relation} the one predicted */
    LinkLoss(HeteroGraph graph, RelationType relation, LinkTaskConfig config) {
        this.graph = graph;
        this.relation = relation;
        this.loss = config.loss();
        this.temperature = (float) config.temperature();
    }

    /** The loss of {@code batch}; arrays live in {@code scope}. */
    NDArray loss(GraphEncoder encoder, GraphModule head, LinkBatch batch, NDManager scope) {
        GraphBatch graphBatch = new GraphBatch(scope, graph, batch.subgraph());
        Map<String, NDArray> embeddings = encoder.forward(graphBatch, true);
        NDArray anchors = pick(embeddings.get(relation.source()), batch.anchors(), scope);
        NDArray candidates = pick(embeddings.get(relation.target()), batch.candidates(), scope);
        int b = batch.anchors().length;
        int c = batch.candidates().length;
        NDArray scores = ((CosineScorer) head).scoreAll(candidates, anchors); // (anchors, candidates), one product
        NDArray mask = mask(batch.maskedCells(), b, c, scope);
        NDArray logits = logits(scores, temperature, batch.logitOffsets(), scope);
        if (loss == RankingLoss.BPR) {
            NDArray positive = GraphOps.index(scope, batch.positive()).oneHot(c);
            return bpr(logits, positive, mask, b * (long) c - batch.maskedCells().length - b, scope);
        }
        return softmaxLoss(logits, mask, batch.positive(), scope);
    }

    /**
     * The (b, c) logits: {@code scores / temperature}, plus {@code offsets} (per candidate, the
     * log-Q correction) on every row when not null.
     */
    static NDArray logits(NDArray scores, float temperature, float[] offsets, NDManager scope) {
        NDArray logits = ScalarOps.div(scores, temperature);
        if (offsets != null) {
            logits = logits.add(scope.create(offsets, new Shape(1, offsets.length)));
        }
        return logits;
    }

    /**
     * The sampled softmax cross-entropy: the mean over anchors of minus the log-probability of each
     * anchor's positive among its candidates, masked cells left out of the normalisation. Picks
     * each row's positive by index instead of multiplying by a (b, c) one-hot.
     *
     * @param logits (b, c)
     * @param mask (b, c): 0, or {@link #MASKED} where a candidate is left out
     * @param positive each anchor's positive column
     */
    static NDArray softmaxLoss(NDArray logits, NDArray mask, int[] positive, NDManager scope) {
        NDArray columns = GraphOps.index(scope, positive, new Shape(positive.length, 1));
        return logits.add(mask).logSoftmax(1).gather(columns, 1).neg().mean();
    }

    /** The (b, c) softmax mask: {@link #MASKED} at {@code cells} (linear, row-major), 0 elsewhere. */
    static NDArray mask(long[] cells, int b, int c, NDManager scope) {
        NDArray zeros = scope.zeros(new Shape((long) b * c));
        if (cells.length == 0) {
            return zeros.reshape(b, c);
        }
        return zeros.put(scope.create(cells), scope.full(new Shape(cells.length), MASKED))
                .reshape(b, c);
    }

    /**
     * BPR over every (positive, negative) pair of each anchor: the mean of
     * {@code softplus((s(a, n) - s(a, p)) / τ)} over the pool's candidates that are neither the
     * anchor's positive nor another known edge of it.
     *
     * @param mask the (b, c) softmax mask: 0 where a candidate may be a negative or is the positive
     * @param pairs how many (anchor, negative) pairs that leaves: b x c less the masked cells and the positives
     */
    static NDArray bpr(NDArray logits, NDArray positive, NDArray mask, long pairs, NDManager scope) {
        NDArray positiveLogit = logits.mul(positive).sum(new int[] {1}, true);
        if (pairs <= 0) {
            return ScalarOps.mul(logits.sum(), 0);
        }
        NDArray negative = mask.eq(0).toType(DataType.FLOAT32, false).sub(positive);
        return ScalarOps.div(
                ScalarOps.softplus(logits.sub(positiveLogit)).mul(negative).sum(), pairs);
    }

    private static NDArray pick(NDArray embeddings, int[] rows, NDManager scope) {
        long[] index = new long[rows.length];
        for (int i = 0; i < rows.length; i++) {
            index[i] = rows[i];
        }
        return embeddings.get(scope.create(index));
    }
}
