package com.dipgnn.recommend;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Parameter;
import ai.djl.training.initializer.NormalInitializer;

/** Matrix factorisation: one free vector per user and per item (MF-BPR when trained with BPR). */
public class MatrixFactorization extends Recommender {

    /** Standard deviation of the initial vectors (LightGCN's and NGCF's choice: 0.1). */
    public static final float INIT_STD = 0.1f;

    private final Parameter users;
    private final Parameter items;

    public MatrixFactorization(int users, int items, int dim) {
        if (users < 1 || items < 1 || dim < 1) {
            throw new IllegalArgumentException("matrix factorisation needs users, items and width of at least 1; got "
                    + users + ", " + items + ", " + dim);
        }
        this.users = addParameter("users", new Shape(users, dim), new NormalInitializer(INIT_STD));
        this.items = addParameter("items", new Shape(items, dim), new NormalInitializer(INIT_STD));
    }

    @Override
    public UserItemVectors vectors(NDManager scope, boolean training) {
        return new UserItemVectors(inScope(users.getArray(), scope), inScope(items.getArray(), scope));
    }

    @Override
    public UserItemVectors egoVectors() {
        return new UserItemVectors(users.getArray(), items.getArray());
    }
}
