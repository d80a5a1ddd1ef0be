package com.dipgnn.recommend;

import ai.djl.ndarray.NDArray;

/**
 * What a recommender scores with: {@code score(u, i) = users[u] · items[i]}.
 *
 * @param users shape (users, d)
 * @param items shape (items, d)
 */
public record UserItemVectors(NDArray users, NDArray items) {

    /** Both sides scaled to unit length, so that the dot product is the cosine. */
    public UserItemVectors normalized() {
        return new UserItemVectors(unit(users), unit(items));
    }

    /** Rows over sqrt(|x|² + ε²): the unit vector away from 0, with a finite gradient at 0. */
    private static NDArray unit(NDArray x) {
        return x.div(x.square().sum(new int[] {1}, true).add(1e-12f).sqrt());
    }
}
