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

    private static NDArray unit(NDArray x) {
        return x.div(x.norm(new int[] {1}, true).maximum(1e-12f));
    }
}
