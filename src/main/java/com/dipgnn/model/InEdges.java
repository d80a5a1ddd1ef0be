package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.RelationType;
import com.dipgnn.model.kernels.DestinationOrder;
import com.dipgnn.model.kernels.SegmentKernels;
import java.util.Arrays;
import java.util.List;

/**
 * All edges into the nodes of one type, over every relation (and self loops when asked for),
 * concatenated relation by relation: what attention normalises over and what messages are
 * summed into. Holds the destination ids on the device, the (destinations x edges) incidence
 * matrix that sums edge values per destination on the {@link AggregationKernel#COO} path (built
 * when first asked), the edges' destination order of the fused attention kernel (likewise), and (on a GPU, when first asked) the degree
 * buckets that take their maxima ({@link SegmentMax}); all are built from the batch's structure
 * once, on the host.
 */
public final class InEdges implements AutoCloseable {

    private final String nodeType;
    private final int numDestinations;
    private final List<RelationEdges> relations;
    private final int[] destinationsHost;
    private final NDArray destinations;
    private final NDArray logitOffsets;
    /** The incidence matrix, built on first use: only the {@link AggregationKernel#COO} path reads it. */
    private NDArray incidence;
    /** The degree buckets, built on first use: only a GPU forward pass takes maxima on the device. */
    private SegmentMax segmentMax;
    /** The edges grouped by destination, built on first use: only the fused attention kernel reads it. */
    private DestinationOrder destinationOrder;

    InEdges(
            NDManager manager,
            String nodeType,
            int numDestinations,
            List<RelationEdges> relations,
            NDArray logitOffsets) {
        this.logitOffsets = logitOffsets;
        this.nodeType = nodeType;
        this.numDestinations = numDestinations;
        this.relations = List.copyOf(relations);
        int total = relations.stream().mapToInt(RelationEdges::size).sum();
        this.destinationsHost = new int[total];
        int offset = 0;
        for (RelationEdges r : relations) {
            System.arraycopy(r.dstHost(), 0, destinationsHost, offset, r.size());
            offset += r.size();
        }
        long[] dst = new long[total];
        for (int i = 0; i < total; i++) {
            dst[i] = destinationsHost[i];
        }
        this.destinations = manager.create(dst);
    }

    private static NDArray buildIncidence(NDManager manager, int numDestinations, int[] dst) {
        long[] keys = new long[dst.length];
        for (int e = 0; e < dst.length; e++) {
            keys[e] = ((long) dst[e] << 32) | e;
        }
        Arrays.sort(keys);
        long[] rows = new long[dst.length];
        long[] cols = new long[dst.length];
        for (int i = 0; i < keys.length; i++) {
            rows[i] = keys[i] >>> 32;
            cols[i] = keys[i] & 0xffffffffL;
        }
        return GraphOps.onesCoo(manager, rows, cols, numDestinations, dst.length);
    }

    /**
     * Per edge, what to add to its attention logits so that in-edges drawn from a thinned
     * neighbourhood weigh as the whole of it (log of in-degree over drawn, 0 elsewhere), shape
     * (edges); null when no neighbourhood was thinned (exact inference, induced subgraphs).
     */
    public NDArray logitOffsets() {
        return logitOffsets;
    }

    public String nodeType() {
        return nodeType;
    }

    public int numDestinations() {
        return numDestinations;
    }

    /** The relations whose edges are concatenated here, in order. */
    public List<RelationEdges> relations() {
        return relations;
    }

    public int numEdges() {
        return destinationsHost.length;
    }

    /** Destination id of each edge, int64, shape (edges). */
    public NDArray destinations() {
        return destinations;
    }

    /** The (destinations x edges) COO matrix of ones, built from the host ids on first use. */
    public NDArray incidence() {
        if (incidence == null) {
            incidence = buildIncidence(destinations.getManager(), numDestinations, destinationsHost);
        }
        return incidence;
    }

    /** The edges grouped by destination ({@link SegmentKernels#attend}'s layout), built from the host ids on first use. */
    public DestinationOrder destinationOrder() {
        if (destinationOrder == null) {
            destinationOrder = DestinationOrder.of(destinations.getManager(), destinationsHost, numDestinations);
        }
        return destinationOrder;
    }

    /**
     * Sums edge values per destination through the incidence matrix (the {@link AggregationKernel#COO}
     * path; the default path sums inside {@link SegmentKernels#attend}):
     * {@code out[d] = sum of values[e] over edges e into d} (0 for a destination without in-edges).
     *
     * @param values shape (edges, width)
     * @return shape (destinations, width)
     */
    public NDArray sumPerDestination(NDArray values) {
        return GraphOps.scatterSum(incidence(), values);
    }

    /**
     * Per destination and head, the maximum of {@code values} over its in-edges (0 if none), on the
     * device and constant for autograd.
     *
     * @param values shape (edges, heads)
     * @return shape (destinations, heads)
     */
    NDArray segmentMax(NDArray values) {
        if (segmentMax == null) {
            segmentMax = new SegmentMax(destinations.getManager(), numDestinations, destinationsHost);
        }
        return segmentMax.of(values);
    }

    /**
     * The same maxima computed on the host from a copy of {@code values} (faster on a CPU, where
     * the copy is a memory copy and the buckets' gathers are extra work).
     */
    NDArray segmentMaxOnHost(NDArray values) {
        int heads = (int) values.getShape().get(1);
        float[] host = values.toFloatArray();
        float[] max = new float[numDestinations * heads];
        Arrays.fill(max, Float.NEGATIVE_INFINITY);
        for (int e = 0; e < destinationsHost.length; e++) {
            int base = destinationsHost[e] * heads;
            for (int h = 0; h < heads; h++) {
                max[base + h] = Math.max(max[base + h], host[e * heads + h]);
            }
        }
        for (int i = 0; i < max.length; i++) {
            if (max[i] == Float.NEGATIVE_INFINITY) {
                max[i] = 0f;
            }
        }
        return values.getManager().create(max, new ai.djl.ndarray.types.Shape(numDestinations, heads));
    }

    /** Whether any relation of this index is {@code relation}. */
    public boolean contains(RelationType relation) {
        return relations.stream().anyMatch(r -> relation.equals(r.relation()));
    }

    @Override
    public void close() {
        destinations.close();
        if (incidence != null) {
            incidence.close();
        }
        if (segmentMax != null) {
            segmentMax.close();
        }
        if (destinationOrder != null) {
            destinationOrder.close();
        }
    }
}
