package com.dipgnn.bench;

import java.util.List;

/**
 * The figures of one (graph, path) cell of {@code bench --config recommend-train}, as the child
 * process prints them (one JSON line) and the table shows them. Figures a cell did not measure are
 * null: all of them for a skipped cell, host sampling for the baselines (they draw their pairs on
 * the training thread, between steps), quality under {@code --no-quality} or where the test split
 * cannot be ranked in full.
 *
 * @param graph the graph's name as given
 * @param path what was trained
 * @param skipped why the cell was not measured; null when it was
 * @param users users (source nodes of the predicted relation)
 * @param items items (its target nodes)
 * @param trainPairs training pairs of the split (an epoch's worth)
 * @param batchSize positive pairs a step
 * @param fanouts in-neighbours drawn per node and relation at each hop; null when the path takes the whole graph
 * @param stepsRun training steps taken (the budget)
 * @param stepsTimed the steps after the warm-up, which the step figures are of
 * @param stepMedianMs median ms of a timed step (waiting for its batch included)
 * @param stepP90Ms 90th percentile (nearest rank) of the same
 * @param stepsPerEpoch steps of one pass over the training pairs
 * @param epochSeconds projected seconds of an epoch: steps per epoch × the median step
 * @param peakRssMib the process's peak resident set size in MiB (a high-water mark: graph, training, evaluation)
 * @param nativeBytes resident bytes beyond the Java heap's used bytes after the timed steps, with the
 *     allocator's free memory handed back: PyTorch's tensors and allocator, with the JVM's own native
 *     memory and any touched but unused heap (an upper bound of PyTorch's share)
 * @param samplingMsPerStep host time making one step's batch (sampling, negatives), on the prefetch thread
 * @param waitMsPerStep time a timed step waited for its batch
 * @param samplingHidden whether the prefetch hid the sampling: the wait is at most a tenth of the sampling time
 * @param stepNodes mean nodes of a timed step's computation graph (the GNN paths)
 * @param stepEdges mean message-passing edges of a timed step's computation graph (the GNN paths)
 * @param recall20 test Recall@20 by full ranking after the budget
 * @param ndcg20 test NDCG@20 likewise
 * @param wallSeconds wall time of the cell: loading the graph, training, evaluating
 */
public record RecommendTrainCell(
        String graph,
        RecommendTrainPath path,
        String skipped,
        Integer users,
        Integer items,
        Integer trainPairs,
        Integer batchSize,
        List<Integer> fanouts,
        Integer stepsRun,
        Integer stepsTimed,
        Double stepMedianMs,
        Double stepP90Ms,
        Long stepsPerEpoch,
        Double epochSeconds,
        Long peakRssMib,
        Long nativeBytes,
        Double samplingMsPerStep,
        Double waitMsPerStep,
        Boolean samplingHidden,
        Double stepNodes,
        Double stepEdges,
        Double recall20,
        Double ndcg20,
        double wallSeconds) {

    /** A cell not measured, and why. */
    public static RecommendTrainCell skipped(String graph, RecommendTrainPath path, String reason, double wallSeconds) {
        return new RecommendTrainCell(
                graph,
                path,
                reason,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                wallSeconds);
    }

    /** Steps of an epoch of {@code pairs} training pairs at {@code batch} a step: the last one partial. */
    public static long stepsPerEpoch(long pairs, int batch) {
        return (pairs + batch - 1) / batch;
    }
}
