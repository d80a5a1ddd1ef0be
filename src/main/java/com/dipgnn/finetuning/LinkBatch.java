package com.dipgnn.finetuning;

import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.sampling.Subgraph;

/**
 * A link-prediction training batch, drawn by {@link LinkBatchSampler} and scored by {@link LinkLoss}.
 *
 * @param subgraph the sampled subgraph, positives removed
 * @param anchors local ids (anchor type) of each edge's anchor
 * @param candidates local ids (candidate type) of the candidate pool
 * @param positive index into {@code candidates} of each edge's positive
 * @param maskedCells the (anchor, candidate) cells, as {@code anchor * candidates.length +
 *     candidate} in increasing order, where the candidate is another known (training or structure)
 *     edge of the anchor: masked out of its softmax (held-out edges are never consulted in
 *     training). An anchor has a few such cells, so they are listed, not a dense
 *     anchors x candidates matrix (275 MB at Gowalla's 8,192 positives)
 * @param logitOffsets per candidate, added to every anchor's logit of it ({@link
 *     NegativeSampling#UNIFORM_LOGQ}: minus the log of its probability to be in the pool); null for none
 */
public record LinkBatch(
        Subgraph subgraph, int[] anchors, int[] candidates, int[] positive, long[] maskedCells, float[] logitOffsets) {}
