/**
 * Recommendation from interactions alone: user-item interaction sets of a transductive split,
 * the field's evaluation protocols (full ranking with Recall@K and NDCG@K, sampled ranking with
 * MRR, HR@K and NDCG@K), the field's baselines (popularity, matrix factorisation, LightGCN) and
 * their training with recommender losses (BPR, sampled softmax over cosines or dot products;
 * uniform or in-batch negatives), resumable from per-epoch checkpoints, and the popularity prior
 * they may rank with once trained (off unless asked for).
 *
 * <p>Part of the engine: it may use {@code graph}, {@code sampling}, {@code model} and
 * {@code training}, never Spring, the CLI or the service packages.
 */
@PartOf(Part.ENGINE)
package com.dipgnn.recommend;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
