/**
 * How rankings are judged and trained, shared by the GNN link task and the baseline
 * recommenders: user-item interaction sets, the field's evaluation protocols (full ranking with
 * Recall@K and NDCG@K, sampled ranking with MRR, HR@K and NDCG@K, leave-one-out), the popularity
 * prior a ranking may add (its setting and its extra score column) and the names of the ranking
 * losses and negative sampling schemes.
 *
 * <p>Part of the engine: it may use {@code model} and {@code sampling}, never {@code training},
 * {@code recommend}, Spring, the CLI or the service packages.
 */
@PartOf(Part.ENGINE)
package com.dipgnn.ranking;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
