package com.dipgnn.serving;

/**
 * A node with its score, as top-k searches return them (best first).
 *
 * @param id node id within its type
 * @param score the model's link score (cosine in [-1, 1]) or the index's inner product
 */
public record ScoredNode(int id, float score) {}
