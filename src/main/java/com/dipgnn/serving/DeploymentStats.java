package com.dipgnn.serving;

/**
 * What a deployment did to get ready.
 *
 * @param embeddedNodes nodes embedded (all nodes of all types)
 * @param embeddingSeconds wall time of embedding them
 * @param indexSeconds wall time of building the top-k index (0 without a link head)
 * @param index the index's description, or {@code none}
 * @param indexRecall recall@10 of the approximate index against an exact scan, measured on sampled
 *     queries when it was built ({@link RecallCalibration}); null for an exact index or none
 * @param indexCalibration what that measurement found and chose, in words; null when none was made
 * @param sampler the neighbourhood sampler used
 */
public record DeploymentStats(
        long embeddedNodes,
        double embeddingSeconds,
        double indexSeconds,
        String index,
        Double indexRecall,
        String indexCalibration,
        String sampler) {}
