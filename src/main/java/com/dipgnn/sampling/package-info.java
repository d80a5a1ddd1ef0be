/**
 * Subgraph sampling (engine; no Spring): HGSampling, LADIES, the whole graph, negatives, and the
 * prefetcher that samples ahead on worker threads.
 */
package com.dipgnn.sampling;
