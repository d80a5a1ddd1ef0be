package com.dipgnn.pretraining;

import java.util.List;
import java.util.Map;

/**
 * What a pre-training run produced besides its weights.
 *
 * @param networks the trained networks (the kept encoder among them)
 * @param history mean figures per logging interval
 * @param overall mean figures over every step of the run, including those before a resume
 * @param steps steps completed
 * @param resumedFrom the step the run resumed from (0 when it started fresh)
 * @param seconds wall-clock seconds of this run
 */
public record PretrainResult(
        PretrainNetworks networks,
        List<PretrainLogEntry> history,
        Map<String, Double> overall,
        long steps,
        long resumedFrom,
        double seconds) {

    /** The last interval's figures (empty when nothing was logged). */
    public Map<String, Double> finalMetrics() {
        return history.isEmpty() ? Map.of() : history.get(history.size() - 1).metrics();
    }
}
