/**
 * Subgraph sampling (engine; no Spring): HGSampling, LADIES, fixed fan-out
 * neighbourhoods ({@link com.dipgnn.sampling.FanoutSampler}), the whole graph and the memory bound on
 * taking it ({@link com.dipgnn.sampling.WholeGraphBudget}), negatives, and the prefetcher that
 * samples ahead on worker threads.
 */
@PartOf(Part.ENGINE)
package com.dipgnn.sampling;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
