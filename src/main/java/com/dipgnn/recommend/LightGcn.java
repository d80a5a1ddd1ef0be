package com.dipgnn.recommend;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import com.dipgnn.model.GraphOps;
import com.dipgnn.model.ScalarOps;
import com.dipgnn.ranking.Interactions;
import java.util.Arrays;

/**
 * LightGCN (He et al., SIGIR 2020): free user and item vectors E⁰ propagated over the training
 * interactions with the symmetric normalisation Â = D^-1/2 A D^-1/2 of the bipartite graph, with
 * no weights and no non-linearity, {@code E^(k+1) = Â E^k}; the output is the mean of
 * E⁰ … E^K. The two blocks of Â (users × items and its transpose) are constant sparse matrices;
 * gradients flow through the dense operand.
 */
public final class LightGcn extends MatrixFactorization {

    private final Interactions train;
    private final int layers;
    private NDArray userItem;
    private NDArray itemUser;

    /**
     * @param train the interactions propagated over (training pairs only: never a held-out pair)
     * @param dim vector width
     * @param layers propagation layers K (LightGCN's best on Gowalla: 3)
     */
    public LightGcn(Interactions train, int dim, int layers) {
        super(train.users(), train.items(), dim);
        if (layers < 0) {
            throw new IllegalArgumentException("LightGCN layers must be 0 or more, got " + layers);
        }
        this.train = train;
        this.layers = layers;
    }

    @Override
    public UserItemVectors vectors(NDManager scope, boolean training) {
        UserItemVectors ego = super.vectors(scope, training);
        ensureAdjacency(egoVectors().users().getManager());
        NDArray u = ego.users();
        NDArray i = ego.items();
        NDArray sumU = u;
        NDArray sumI = i;
        for (int k = 0; k < layers; k++) {
            NDArray nextU = userItem.matMul(i);
            NDArray nextI = itemUser.matMul(u);
            nextU.attach(scope); // the sparse operand's manager would otherwise own them
            nextI.attach(scope);
            u = nextU;
            i = nextI;
            sumU = sumU.add(u);
            sumI = sumI.add(i);
        }
        return layers == 0
                ? ego
                : new UserItemVectors(ScalarOps.div(sumU, layers + 1), ScalarOps.div(sumI, layers + 1));
    }

    private void ensureAdjacency(NDManager owner) {
        if (userItem != null) {
            return;
        }
        int[] users = train.userColumn();
        int[] items = train.itemColumn();
        int[] itemDegree = train.itemDegrees();
        float[] weights = new float[users.length];
        for (int e = 0; e < users.length; e++) {
            weights[e] = (float) (1 / Math.sqrt((double) train.count(users[e]) * itemDegree[items[e]]));
        }
        userItem = GraphOps.coo(owner, longs(users), longs(items), weights, train.users(), train.items());
        long[] order = new long[users.length];
        for (int e = 0; e < users.length; e++) {
            order[e] = ((long) items[e] << 32) | e;
        }
        Arrays.sort(order);
        long[] rows = new long[users.length];
        long[] cols = new long[users.length];
        float[] values = new float[users.length];
        for (int p = 0; p < order.length; p++) {
            int e = (int) order[p];
            rows[p] = items[e];
            cols[p] = users[e];
            values[p] = weights[e];
        }
        itemUser = GraphOps.coo(owner, rows, cols, values, train.items(), train.users());
    }

    private static long[] longs(int[] ids) {
        return Arrays.stream(ids).asLongStream().toArray();
    }
}
