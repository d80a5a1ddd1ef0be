package com.dipgnn.finetuning;

import com.dipgnn.ranking.PopularityPrior;
import com.dipgnn.ranking.PopularityPriorSetting;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The popularity prior the link task ranks with: none until calibrated, then the fixed weight of
 * the setting, or ({@link PopularityPriorSetting#AUTO}) the weight of its grid with the best
 * validation value of the primary metric (the smaller weight on a tie).
 */
final class LinkPriorCalibration {

    private PopularityPrior prior = PopularityPrior.NONE;

    /** The prior ranking uses now. */
    PopularityPrior current() {
        return prior;
    }

    /**
     * Sets the prior as {@code setting} says, and returns it.
     *
     * @param validate the validation metrics with each prior weight of a list, in order (called
     *     once, and only when the weight is chosen by validation)
     * @param primaryMetric the metric the weight is chosen by
     */
    PopularityPrior calibrate(
            PopularityPriorSetting setting,
            String primaryMetric,
            Function<List<Double>, List<Map<String, Double>>> validate) {
        if (!setting.auto()) {
            prior = setting.fixed();
            return prior;
        }
        List<Map<String, Double>> val = validate.apply(setting.candidates());
        prior = setting.choose(
                primaryMetric, val.stream().map(m -> m.get(primaryMetric)).toList());
        return prior;
    }
}
