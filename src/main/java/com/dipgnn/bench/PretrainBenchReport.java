package com.dipgnn.bench;

/**
 * The figures of one pre-training step benchmark: the same figures as a training-step
 * benchmark (with "sampling" standing for the whole host preparation: sampling, masking,
 * candidates, E_u^d and feature masks), plus what is particular to pre-training.
 *
 * @param step the common figures; {@code stepGflop} is the mean analytic GFLOP over the timed steps
 * @param maskedEdges median masked edges per step (E_m, one direction per pair)
 * @param candidates candidates per masked edge (1 + negatives)
 * @param generatorEncoder ms of the generator encoder's forward on E_u (batch built, training mode),
 *     timed in a separate pass over the same batches
 * @param discriminatorEncoder ms of the discriminator encoder's forward on a graph of E_u plus E_g's
 *     size, timed in the same separate pass
 * @param flops mean analytic forward FLOPs per step, by part
 * @param nonFiniteSteps steps (timed and pipelined) whose gradient norm was not finite: the
 *     optimizer refused them and skipped its update, so their optimizer time is not an update's
 */
public record PretrainBenchReport(
        BenchReport step,
        int maskedEdges,
        int candidates,
        StepTimes generatorEncoder,
        StepTimes discriminatorEncoder,
        PretrainFlopCounter.Breakdown flops,
        int nonFiniteSteps) {

    /**
     * Median forward time outside the two encoders: candidate scoring, feature heads, pair scoring,
     * losses, the host arrays they need and the values read back (forward median minus the two
     * encoder medians).
     */
    public double headsMillis() {
        return step.forward().median() - generatorEncoder.median() - discriminatorEncoder.median();
    }
}
