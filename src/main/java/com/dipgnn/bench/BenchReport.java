package com.dipgnn.bench;

/**
 * The figures of one benchmark configuration.
 *
 * @param configuration configuration name
 * @param device the device the math ran on
 * @param sampledNodes median sampled nodes per step
 * @param sampledEdges median sampled (stored, directed) edges per step
 * @param total ms per step, sequential (sampling + forward + backward + optimizer)
 * @param sampling ms of sampling per step
 * @param forward ms of the forward pass (batch to device, encoder, head, loss)
 * @param backward ms of the backward pass
 * @param optimizer ms of clipping and the AdamW update
 * @param pipelinedMillis median ms per step with sampling prefetched on a worker thread
 * @param pipelinedWaitMillis mean ms per step the training loop waited for a sampled batch
 * @param stepGflop analytic GFLOP of a training step (3 x forward)
 * @param achievedGflops stepGflop over the median math time (forward + backward + optimizer)
 * @param ceilingGflops dense matrix-product GFLOP/s measured in the same run (2048 x 2048 x 2048)
 * @param modelShapedGflops the same, for the step's own shape (sampled nodes x hidden x hidden)
 * @param peakRssMib peak resident memory of the process so far (MiB), or -1 when unknown
 * @param parameters trainable weights of the model
 */
public record BenchReport(
        String configuration,
        String device,
        int sampledNodes,
        int sampledEdges,
        StepTimes total,
        StepTimes sampling,
        StepTimes forward,
        StepTimes backward,
        StepTimes optimizer,
        double pipelinedMillis,
        double pipelinedWaitMillis,
        double stepGflop,
        double achievedGflops,
        double ceilingGflops,
        double modelShapedGflops,
        long peakRssMib,
        long parameters) {

    /** Achieved over ceiling throughput. */
    public double ceilingRatio() {
        return achievedGflops / ceilingGflops;
    }

    /** Fraction of a sequential step spent sampling. */
    public double samplingShare() {
        return sampling.median() / total.median();
    }
}
