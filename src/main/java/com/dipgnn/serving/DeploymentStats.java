package com.dipgnn.serving;

/**
 * What a deployment did to get ready.
 *
 * @param embeddedNodes nodes embedded (all nodes of all types)
 * @param embeddingSeconds wall time of embedding them
 * @param indexSeconds wall time of building the top-k index (0 without a link head)
 * @param index the index's description, or {@code none}
 * @param sampler the neighbourhood sampler used
 */
public record DeploymentStats(long embeddedNodes, double embeddingSeconds, double indexSeconds, String index,
                              String sampler) {
}
