package com.dipgnn.model;

import ai.djl.ndarray.NDArray;

/**
 * The rows of a per-node embedding table that one training forward pass read: the optimizer
 * takes their gradient after the backward pass.
 *
 * @param rows table row of each gathered row (-1: none, never updated)
 * @param values the gathered rows, shape (rows.length, width), a leaf that records its gradient
 * @param keep shape (rows.length, 1): 1 where the node read its row, 0 where it read the unknown
 *     vector instead (row dropout); rows not read are not updated
 */
public record SparseGradient(int[] rows, NDArray values, NDArray keep) {
}
