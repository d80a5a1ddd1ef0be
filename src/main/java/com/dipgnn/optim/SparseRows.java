package com.dipgnn.optim;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import com.dipgnn.model.GraphOps;
import com.dipgnn.model.SparseGradient;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The rows of one table that a step updates, with their gradients: the rows the step's forward
 * passes read (not those that read the unknown vector instead) and that the loss depends on (a
 * row whose gradient is exactly zero, such as a sampled node farther from the loss than the
 * layers reach, is neither updated nor marked trained), a row read several times getting the sum
 * of its gradients.
 *
 * @param rows distinct table rows
 * @param gradients shape (rows.length, width)
 */
public record SparseRows(long[] rows, NDArray gradients) {

    /**
     * Collects the gradients recorded by a step's forward passes (after its backward pass); null
     * when no row was read. Arrays are created in {@code scope}.
     */
    public static SparseRows collect(List<SparseGradient> recorded, NDManager scope) {
        List<NDArray> parts = new ArrayList<>();
        long[] ids = new long[0];
        for (SparseGradient g : recorded) {
            int[] kept = keptPositions(g);
            if (kept.length == 0) {
                continue;
            }
            NDArray gradient = g.values().getGradient();
            gradient.attach(scope);
            parts.add(GraphOps.gatherRows(gradient, GraphOps.index(scope, kept)));
            int offset = ids.length;
            ids = Arrays.copyOf(ids, offset + kept.length);
            for (int i = 0; i < kept.length; i++) {
                ids[offset + i] = g.rows()[kept[i]];
            }
        }
        if (parts.isEmpty()) {
            return null;
        }
        NDArray all = parts.size() == 1 ? parts.get(0) : NDArrays.concat(new NDList(parts), 0);
        return summed(ids, all, scope).withoutZeroRows(scope);
    }

    /** These rows without those whose gradient is exactly zero; null when none is left. */
    SparseRows withoutZeroRows(NDManager scope) {
        boolean[] nonzero = gradients.abs().sum(new int[] {1}).gt(0f).toBooleanArray();
        int kept = 0;
        for (boolean b : nonzero) {
            kept += b ? 1 : 0;
        }
        if (kept == rows.length) {
            return this;
        }
        if (kept == 0) {
            return null;
        }
        int[] positions = new int[kept];
        long[] keptRows = new long[kept];
        for (int i = 0, k = 0; i < nonzero.length; i++) {
            if (nonzero[i]) {
                positions[k] = i;
                keptRows[k++] = rows[i];
            }
        }
        return new SparseRows(keptRows, GraphOps.gatherRows(gradients, GraphOps.index(scope, positions)));
    }

    /**
     * The positions of rows in the table. A row the node did not read (row dropout) stays: its
     * gradient is exactly zero (the row was multiplied by 0), and {@link #withoutZeroRows} drops it.
     */
    private static int[] keptPositions(SparseGradient g) {
        int[] kept = new int[g.rows().length];
        int n = 0;
        for (int i = 0; i < g.rows().length; i++) {
            if (g.rows()[i] >= 0) {
                kept[n++] = i;
            }
        }
        return Arrays.copyOf(kept, n);
    }

    /** The gradients of each distinct id summed: a (distinct ids x gathered rows) COO of ones times the rows. */
    static SparseRows summed(long[] ids, NDArray gradients, NDManager scope) {
        long[] order = new long[ids.length];
        for (int i = 0; i < ids.length; i++) {
            order[i] = (ids[i] << 32) | i;
        }
        Arrays.sort(order);
        long[] distinct = new long[ids.length];
        long[] cooRows = new long[ids.length];
        long[] cooColumns = new long[ids.length];
        int count = 0;
        for (int k = 0; k < order.length; k++) {
            long id = order[k] >>> 32;
            if (count == 0 || distinct[count - 1] != id) {
                distinct[count++] = id;
            }
            cooRows[k] = count - 1;
            cooColumns[k] = order[k] & 0xffffffffL;
        }
        if (count == ids.length) {
            return new SparseRows(ids, gradients);
        }
        NDArray ones = GraphOps.onesCoo(scope, cooRows, cooColumns, count, ids.length);
        return new SparseRows(Arrays.copyOf(distinct, count), GraphOps.scatterSum(ones, gradients));
    }
}
