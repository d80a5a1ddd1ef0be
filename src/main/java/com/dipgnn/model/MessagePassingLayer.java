package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.model.kernels.SegmentKernels;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One attention-based message-passing layer, in three steps shared by every backbone:
 * <ol>
 *   <li>{@link #project}: per node type, the node-level tensors the messages need, as a record
 *       of the layer's own type {@code P} whose components name them (HGT's key, query and value);
 *   <li>{@link #message}: per relation, an attention logit and a value per edge and head;
 *   <li>aggregate (here): softmax of the logits over each destination's in-edges, across all
 *       relations, and the attention-weighted sum of values per destination;
 *   <li>{@link #update}: the new node state from the aggregate and the previous state.
 * </ol>
 */
public abstract class MessagePassingLayer<P> extends EncoderLayer {

    /**
     * The messages of one relation's edges: an attention logit per edge and head, and the value
     * each edge carries, given as a node-level table and a row per edge rather than gathered, so
     * that the fused kernel never holds an (edges x heads x headDim) array.
     *
     * @param logits shape (edges, heads)
     * @param table value rows, shape (rows, heads, headDim)
     * @param rows int64 row of {@code table} each edge carries, shape (edges)
     */
    protected record Messages(NDArray logits, NDArray table, NDArray rows) {}

    private final int heads;
    private final int headDim;

    protected MessagePassingLayer(int heads, int headDim) {
        this.heads = heads;
        this.headDim = headDim;
    }

    /** Whether every node also attends to itself (a self-loop edge per node). */
    protected abstract boolean selfLoops();

    /** Dropout rate on attention weights. */
    protected abstract double attentionDropout();

    /** Node-level tensors per type, computed once per layer call. */
    protected abstract Map<String, P> project(GraphBatch batch, Map<String, NDArray> states, boolean training);

    /** Logits and values of the edges of one relation (or of the self loops). */
    protected abstract Messages message(RelationEdges edges, Map<String, P> projected, boolean training);

    /**
     * The new state of the nodes of {@code type}.
     *
     * @param aggregated attention-weighted sum of messages, shape (nodes, heads * headDim)
     * @param previous the input state, shape (nodes, hidden)
     */
    protected abstract NDArray update(String type, NDArray aggregated, NDArray previous, boolean training);

    @Override
    public Map<String, NDArray> forward(GraphBatch batch, Map<String, NDArray> states, boolean training) {
        Map<String, P> projected = project(batch, states, training);
        Map<String, NDArray> output = new LinkedHashMap<>();
        for (String type : batch.nodeTypes()) {
            InEdges in = batch.inEdges(type, selfLoops());
            NDArray aggregated = in == null
                    ? batch.manager().zeros(new Shape(batch.numNodes(type), (long) heads * headDim))
                    : aggregate(in, messages(in, projected, training), training);
            output.put(type, update(type, aggregated, states.get(type), training));
        }
        return output;
    }

    private List<Messages> messages(InEdges in, Map<String, P> projected, boolean training) {
        List<Messages> all = new ArrayList<>();
        for (RelationEdges edges : in.relations()) {
            all.add(message(edges, projected, training));
        }
        return all;
    }

    /**
     * Attention over each destination's in-edges, then the weighted sum of values: in one fused
     * kernel ({@link SegmentKernels#attend}) on the {@link AggregationKernel#TORCHSCRIPT} path, from
     * gathered values and the incidence matrix on the {@link AggregationKernel#COO} path.
     */
    protected NDArray aggregate(InEdges in, List<Messages> messages, boolean training) {
        NDArray logits = concat(messages.stream().map(Messages::logits).toList());
        if (in.logitOffsets() != null) {
            logits = logits.add(in.logitOffsets().expandDims(1));
        }
        if (AggregationKernel.current() == AggregationKernel.TORCHSCRIPT) {
            Values values = Values.of(messages);
            return SegmentKernels.shared()
                    .attend(
                            logits,
                            values.table(),
                            values.rows(),
                            in.destinations(),
                            in.destinationOrder(),
                            attentionDropout(),
                            training);
        }
        NDArray values = concat(messages.stream()
                .map(m -> GraphOps.gatherRows(m.table(), m.rows()))
                .toList());
        NDArray attention = GraphOps.segmentSoftmax(logits, in);
        attention = Dropouts.apply(attention, attentionDropout(), training);
        NDArray weighted = values.mul(attention.expandDims(2));
        return in.sumPerDestination(weighted.reshape(in.numEdges(), (long) heads * headDim));
    }

    /** Every relation's value table stacked once (a table shared by relations appears once), rows shifted to match. */
    private record Values(NDArray table, NDArray rows) {

        static Values of(List<Messages> messages) {
            if (messages.size() == 1) {
                return new Values(messages.get(0).table(), messages.get(0).rows());
            }
            Map<NDArray, Long> offsets = new IdentityHashMap<>();
            List<NDArray> tables = new ArrayList<>();
            List<NDArray> rows = new ArrayList<>();
            long next = 0;
            for (Messages m : messages) {
                Long offset = offsets.get(m.table());
                if (offset == null) {
                    offset = next;
                    offsets.put(m.table(), offset);
                    tables.add(m.table());
                    next += m.table().getShape().get(0);
                }
                rows.add(offset == 0 ? m.rows() : m.rows().add(offset));
            }
            return new Values(concat(tables), concat(rows));
        }
    }

    private static NDArray concat(List<NDArray> parts) {
        return parts.size() == 1 ? parts.get(0) : NDArrays.concat(new NDList(parts), 0);
    }

    public int heads() {
        return heads;
    }

    public int headDim() {
        return headDim;
    }
}
