package com.dipgnn.recommend;

import ai.djl.ndarray.NDArray;
import com.dipgnn.model.ScalarOps;

/**
 * What a recommender scores with: {@code score(u, i) = users[u] · items[i]}.
 *
 * @param users shape (users, d)
 * @param items shape (items, d)
 */
public record UserItemVectors(NDArray users, NDArray items) {

    /** Both sides scaled to unit length, so that the dot product is the cosine. */
    public UserItemVectors normalized() {
        return new UserItemVectors(ScalarOps.unitRows(users, 1e-6f), ScalarOps.unitRows(items, 1e-6f));
    }
}
