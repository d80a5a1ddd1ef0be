package com.dipgnn.bench;

import java.util.List;

/**
 * What one path measured on a graph, before the cell adds the process's memory and wall time; or
 * why it did not run.
 *
 * @param skipped why the path did not run on the graph; null when it did (then the rest is set)
 * @param users users of the split
 * @param items items of the split
 * @param trainPairs training pairs
 * @param batchSize positive pairs a step
 * @param fanouts fan-outs per hop; null when steps take the whole graph
 * @param steps the timed steps' milliseconds
 * @param host the host batch preparation and how much of it the prefetch hid; null when the batch
 *     is drawn on the training thread
 * @param nativeBytes {@link RecommendTrainCell#nativeBytes}
 * @param recall20 test Recall@20; null when not measured
 * @param ndcg20 test NDCG@20; null when not measured
 */
record TrainMeasurement(
        String skipped,
        int users,
        int items,
        int trainPairs,
        int batchSize,
        List<Integer> fanouts,
        StepTimes steps,
        HostSampling host,
        long nativeBytes,
        Double recall20,
        Double ndcg20) {

    /** A path that does not run on the graph, and why. */
    static TrainMeasurement skip(String reason) {
        return new TrainMeasurement(reason, 0, 0, 0, 0, null, null, null, 0, null, null);
    }

    /**
     * Host preparation of a step's batch on the prefetch thread.
     *
     * @param samplingMs mean ms making one batch
     * @param waitMs mean ms a timed step waited for its batch
     * @param stepNodes mean nodes of a timed step's computation graph
     * @param stepEdges mean message-passing edges of a timed step's computation graph
     */
    record HostSampling(double samplingMs, double waitMs, double stepNodes, double stepEdges) {

        /** The share of the sampling time a step may still wait and the sampling count as hidden. */
        static final double HIDDEN_SHARE = 0.1;

        /** Whether the prefetch hid the sampling: the wait is at most {@link #HIDDEN_SHARE} of it. */
        boolean hidden() {
            return waitMs <= HIDDEN_SHARE * samplingMs;
        }
    }
}
