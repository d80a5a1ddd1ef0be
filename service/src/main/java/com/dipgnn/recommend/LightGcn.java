package com.dipgnn.recommend;

import com.dipgnn.ranking.Interactions;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.model.GraphOps;

/**
 * LightGCN (He et al., SIGIR 2020): free user and item vectors E⁰ propagated over the training
 * interactions with the symmetric normalisation Â = D^-1/2 A D^-1/2 of the bipartite graph, with
 * no weights and no non-linearity, {@code E^(k+1) = Â E^k}; the output is the mean of
 * E⁰ … E^K. Each layer gathers the weighted messages {@code Â_ui · e_i} along the training edges
 * and sums them per destination with a constant incidence matrix, as the GNN layers aggregate;
 * gradients flow through the messages.
 */
public final class LightGcn extends MatrixFactorization {

    private final Interactions train;
    private final int layers;
    private int[] edgeUsers;
    private int[] edgeItems;
    private float[] edgeWeights;
    private NDArray intoUsers;
    private NDArray intoItems;

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
        if (layers == 0) {
            return ego;
        }
        ensureAdjacency(egoVectors().users().getManager());
        NDArray userIds = GraphOps.index(scope, edgeUsers);
        NDArray itemIds = GraphOps.index(scope, edgeItems);
        NDArray weights = scope.create(edgeWeights, new Shape(edgeWeights.length, 1));
        NDArray u = ego.users();
        NDArray i = ego.items();
        NDArray sumU = u;
        NDArray sumI = i;
        for (int k = 0; k < layers; k++) {
            NDArray nextU = propagate(i, itemIds, weights, intoUsers);
            NDArray nextI = propagate(u, userIds, weights, intoItems);
            u = nextU;
            i = nextI;
            sumU = sumU.add(u);
            sumI = sumI.add(i);
        }
        return new UserItemVectors(sumU.div(layers + 1f), sumI.div(layers + 1f));
    }

    /** {@code out[d] = Σ over edges e into d of w_e · x[source_e]}, in the scope of {@code x}. */
    private static NDArray propagate(NDArray x, NDArray sources, NDArray weights, NDArray incidence) {
        NDArray sums = GraphOps.scatterSum(incidence, GraphOps.gatherRows(x, sources).mul(weights));
        sums.attach(x.getManager()); // the constant incidence matrix's manager would otherwise own it
        return sums;
    }

    /** The propagation depth K. */
    public int layers() {
        return layers;
    }

    /**
     * The interactions as weighted edges and the two (destinations × edges) incidence matrices
     * that sum messages per user and per item (the aggregation GraphOps gives the GNN layers).
     */
    private void ensureAdjacency(NDManager owner) {
        if (intoUsers != null) {
            return;
        }
        edgeUsers = train.userColumn();
        edgeItems = train.itemColumn();
        int[] userDegree = new int[train.users()];
        int[] itemDegree = train.itemDegrees();
        for (int u : edgeUsers) {
            userDegree[u]++;
        }
        edgeWeights = new float[edgeUsers.length];
        long[] edgeIds = new long[edgeUsers.length];
        long[] users = new long[edgeUsers.length];
        for (int e = 0; e < edgeUsers.length; e++) {
            edgeWeights[e] = (float) (1 / Math.sqrt((double) userDegree[edgeUsers[e]] * itemDegree[edgeItems[e]]));
            edgeIds[e] = e;
            users[e] = edgeUsers[e];
        }
        intoUsers = GraphOps.onesCoo(owner, users, edgeIds, train.users(), edgeUsers.length);
        long[] order = new long[edgeItems.length];
        for (int e = 0; e < edgeItems.length; e++) {
            order[e] = ((long) edgeItems[e] << 32) | e;
        }
        java.util.Arrays.sort(order);
        long[] items = new long[order.length];
        long[] byItem = new long[order.length];
        for (int p = 0; p < order.length; p++) {
            items[p] = order[p] >>> 32;
            byItem[p] = (int) order[p];
        }
        intoItems = GraphOps.onesCoo(owner, items, byItem, train.items(), edgeItems.length);
    }
}
