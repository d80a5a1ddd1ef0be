package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Per-destination maxima of edge values, computed on the device: no copy of the values to the
 * host, which would stall a GPU in every attention layer. Destinations are grouped by in-degree
 * into buckets of capacity 2^k; each bucket's in-edges are laid out as a (destinations x capacity)
 * index padded with a sentinel edge that holds minus infinity, so one gather and one maximum per
 * bucket give every destination's maximum, with at most twice the edges' memory. The layout is
 * built once per batch from the graph's structure (the destination of each edge), on the host.
 */
final class SegmentMax implements AutoCloseable {

    /** Per bucket, the edge ids of its destinations' rows, padded with the sentinel (int64, rows x capacity). */
    private final List<NDArray> bucketEdges = new ArrayList<>();

    private final List<Shape> bucketShapes = new ArrayList<>();
    /** Per destination, its row among the buckets' rows, or the last row (a zero) when it has no in-edge. */
    private final NDArray rowOfDestination;

    private final int numEdges;

    /**
     * @param manager where the index arrays live (the batch's)
     * @param numDestinations destination count
     * @param destinationOfEdge the destination of each edge
     */
    SegmentMax(NDManager manager, int numDestinations, int[] destinationOfEdge) {
        this.numEdges = destinationOfEdge.length;
        int[] degree = new int[numDestinations];
        for (int d : destinationOfEdge) {
            degree[d]++;
        }
        int[] start = new int[numDestinations + 1];
        for (int d = 0; d < numDestinations; d++) {
            start[d + 1] = start[d] + degree[d];
        }
        int[] edgesByDestination = new int[numEdges];
        int[] next = start.clone();
        for (int e = 0; e < numEdges; e++) {
            edgesByDestination[next[destinationOfEdge[e]]++] = e;
        }
        List<List<Integer>> buckets = new ArrayList<>();
        for (int d = 0; d < numDestinations; d++) {
            if (degree[d] > 0) {
                int k = 32 - Integer.numberOfLeadingZeros(degree[d] - 1); // capacity 2^k >= degree
                while (buckets.size() <= k) {
                    buckets.add(new ArrayList<>());
                }
                buckets.get(k).add(d);
            }
        }
        long[] rows = new long[numDestinations];
        int row = 0;
        for (int k = 0; k < buckets.size(); k++) {
            List<Integer> destinations = buckets.get(k);
            if (destinations.isEmpty()) {
                continue;
            }
            int capacity = 1 << k;
            long[] index = new long[destinations.size() * capacity];
            Arrays.fill(index, numEdges); // the sentinel
            for (int i = 0; i < destinations.size(); i++) {
                int d = destinations.get(i);
                for (int j = 0; j < degree[d]; j++) {
                    index[i * capacity + j] = edgesByDestination[start[d] + j];
                }
                rows[d] = row++;
            }
            bucketEdges.add(manager.create(index));
            bucketShapes.add(new Shape(destinations.size(), capacity));
        }
        for (int d = 0; d < numDestinations; d++) {
            if (degree[d] == 0) {
                rows[d] = row; // the zero row after every bucket's rows
            }
        }
        this.rowOfDestination = manager.create(rows);
    }

    /**
     * The maximum of {@code values} over each destination's in-edges, 0 for a destination without
     * one; a constant for autograd.
     *
     * @param values shape (edges, heads)
     * @return shape (destinations, heads)
     */
    NDArray of(NDArray values) {
        long heads = values.getShape().get(1);
        NDArray constant = values.stopGradient();
        NDArray padded = constant.concat(
                constant.getManager().full(new Shape(1, heads), Float.NEGATIVE_INFINITY, constant.getDataType()), 0);
        NDList maxima = new NDList();
        for (int b = 0; b < bucketEdges.size(); b++) {
            Shape shape = bucketShapes.get(b);
            maxima.add(GraphOps.gatherRows(padded, bucketEdges.get(b))
                    .reshape(shape.get(0), shape.get(1), heads)
                    .max(new int[] {1}));
        }
        maxima.add(constant.getManager().zeros(new Shape(1, heads), constant.getDataType()));
        return GraphOps.gatherRows(NDArrays.concat(maxima, 0), rowOfDestination);
    }

    @Override
    public void close() {
        bucketEdges.forEach(NDArray::close);
        rowOfDestination.close();
    }
}
