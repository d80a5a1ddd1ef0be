package com.dipgnn.jobs.runner;

import java.util.Map;

/**
 * A snapshot of a running job.
 *
 * @param phase {@code preparing}, then {@code pretraining} and {@code saving}, or {@code fine-tuning} and
 *     {@code evaluating} (the final evaluation on every split, and the save)
 * @param step the last completed step (after a resume, counted from the start of the job)
 * @param totalSteps the steps the job runs at most
 * @param elapsedSeconds seconds since this run of the job started (a resumed run restarts the clock)
 * @param etaSeconds estimated seconds to the last step from the mean step time since this run's
 *     first step; null until two steps were timed
 * @param latestLosses the latest training losses, by name ({@code loss}; pre-training adds its parts)
 * @param latestMetrics the latest validation metrics (fine-tuning) or pre-training figures
 *     (generator and discriminator accuracies, coverage)
 */
public record JobProgress(
        String phase,
        long step,
        long totalSteps,
        double elapsedSeconds,
        Double etaSeconds,
        Map<String, Double> latestLosses,
        Map<String, Double> latestMetrics) {}
