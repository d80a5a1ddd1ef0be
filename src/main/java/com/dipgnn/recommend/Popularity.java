package com.dipgnn.recommend;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.ranking.Interactions;

/** Scores every item by its number of training interactions, the same for every user. */
public final class Popularity extends Recommender {

    private final int users;
    private final float[] degrees;

    public Popularity(Interactions train) {
        this.users = train.users();
        int[] d = train.itemDegrees();
        this.degrees = new float[d.length];
        for (int i = 0; i < d.length; i++) {
            degrees[i] = d[i];
        }
    }

    @Override
    public UserItemVectors vectors(NDManager scope, boolean training) {
        return new UserItemVectors(
                scope.ones(new Shape(users, 1)), scope.create(degrees, new Shape(degrees.length, 1)));
    }

    @Override
    public UserItemVectors egoVectors() {
        throw new UnsupportedOperationException("popularity has no vectors to regularise");
    }
}
