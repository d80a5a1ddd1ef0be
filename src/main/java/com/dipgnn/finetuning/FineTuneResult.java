package com.dipgnn.finetuning;

import com.dipgnn.ranking.PopularityPrior;
import java.util.List;
import java.util.Map;

/**
 * The outcome of a fine-tuning run: metrics of the best checkpoint per split, where it was
 * found, and how long the run took.
 *
 * @param metrics split key ({@code train}, {@code val}, {@code test}) to metric name to value
 * @param bestStep the step of the best validation score (the weights kept)
 * @param stepsRun optimizer steps taken (fewer than configured when stopped early)
 * @param seconds wall-clock seconds of the run
 * @param finalLoss the last training loss
 * @param history every validation of the run (resumed runs include those before the resume)
 * @param resumedFrom the step the run resumed from (0 when it started fresh)
 * @param popularityPrior the popularity prior the metrics were ranked with (a link task's); null
 *     for a task that does not rank
 */
public record FineTuneResult(
        Map<String, Map<String, Double>> metrics,
        long bestStep,
        long stepsRun,
        double seconds,
        double finalLoss,
        List<FineTuneLogEntry> history,
        long resumedFrom,
        PopularityPrior popularityPrior) {

    /** A result without a validation history or a popularity prior, from a fresh run. */
    public FineTuneResult(
            Map<String, Map<String, Double>> metrics, long bestStep, long stepsRun, double seconds, double finalLoss) {
        this(metrics, bestStep, stepsRun, seconds, finalLoss, List.of(), 0, null);
    }

    public double metric(EvalSplit split, String name) {
        Map<String, Double> m = metrics.get(split.key());
        if (m == null || !m.containsKey(name)) {
            throw new IllegalArgumentException("no metric " + name + " on split " + split.key());
        }
        return m.get(name);
    }
}
