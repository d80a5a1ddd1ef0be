package com.dipgnn.model;

import ai.djl.ndarray.NDArray;

/**
 * The rows of a per-node embedding table that one training forward pass read: the optimizer
 * takes their gradient after the backward pass.
 *
 * @param rows table row of each gathered row (-1: none, never updated)
 * @param values the gathered rows, shape (rows.length, width), a leaf that records its gradient
 *     (a row the node did not read, reading the unknown vector under row dropout, gets an exactly
 *     zero gradient and is not updated)
 */
public record SparseGradient(int[] rows, NDArray values) {}
