package com.dipgnn.ranking;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How a link model's {@link PopularityPrior} is set when fine-tuning ends: {@code auto} tries the
 * weights of {@link #AUTO_GRID} on validation with the kept weights and keeps the best (0 among
 * them, so it never ranks worse on validation than the model alone), {@code off} keeps none, and a
 * number fixes the weight.
 *
 * @param auto whether the weight is chosen by validation
 * @param beta the fixed weight when not {@code auto} (0 = off)
 */
public record PopularityPriorSetting(boolean auto, double beta) {

    /**
     * The weights {@code auto} tries: 0, then 0.005 doubling up to 0.64, where the prior outweighs
     * any cosine difference (Gowalla chose 0.02; a graph clicked by popularity alone, the top).
     */
    public static final List<Double> AUTO_GRID = List.of(0.0, 0.005, 0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64);

    /**
     * The weights {@code auto} tries on dot products of unnormalised vectors (MF, LightGCN), whose
     * scale is the model's own rather than a cosine's [-1, 1]: {@link #AUTO_GRID} doubled on to
     * 5.12, where the prior outweighs a difference of 5 in score between items a thousand
     * interactions apart.
     */
    public static final List<Double> DOT_PRODUCT_GRID =
            List.of(0.0, 0.005, 0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12);

    /** Chosen by validation. */
    public static final PopularityPriorSetting AUTO = new PopularityPriorSetting(true, 0);

    /** No prior. */
    public static final PopularityPriorSetting OFF = new PopularityPriorSetting(false, 0);

    public PopularityPriorSetting {
        if (!Double.isFinite(beta) || beta < 0) {
            throw new IllegalArgumentException("the popularity prior's weight must be finite and not negative; got "
                    + beta + " (use auto, off or a weight such as 0.02)");
        }
    }

    /**
     * Reads {@code auto}, {@code off} (or {@code none}, {@code 0}) or a weight.
     *
     * @throws IllegalArgumentException with the accepted forms when the text is none of them
     */
    public static PopularityPriorSetting parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        switch (t) {
            case "auto":
                return AUTO;
            case "off", "none":
                return OFF;
            default:
                try {
                    double beta = Double.parseDouble(t);
                    return beta == 0 ? OFF : new PopularityPriorSetting(false, beta);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(
                            "unknown popularity prior '" + text + "': use auto (chosen by "
                                    + "validation), off, or a weight such as 0.02",
                            e);
                }
        }
    }

    /** The text {@link #parse} reads back. */
    public String cliName() {
        return auto ? "auto" : beta == 0 ? "off" : Double.toString(beta);
    }

    /** The weights to try on validation: the grid when {@code auto}, else the fixed weight alone. */
    public List<Double> candidates() {
        return candidates(AUTO_GRID);
    }

    /** The weights to try on validation: {@code grid} when {@code auto}, else the fixed weight alone. */
    public List<Double> candidates(List<Double> grid) {
        return auto ? grid : List.of(beta);
    }

    /** The prior of the fixed setting (not {@code auto}). */
    public PopularityPrior fixed() {
        if (auto) {
            throw new IllegalStateException("an auto prior is chosen by validation, not fixed");
        }
        return beta == 0 ? PopularityPrior.NONE : new PopularityPrior(beta, "fixed", null, List.of());
    }

    /**
     * The prior chosen from {@code values} (validation metric per weight of {@link #candidates}, in
     * order): the best value, the smaller weight on a tie.
     */
    public PopularityPrior choose(String metric, List<Double> values) {
        return choose(metric, AUTO_GRID, values);
    }

    /**
     * The prior chosen from {@code values} (validation metric per weight of {@code grid}, in order):
     * the best value, the smaller weight on a tie.
     */
    public PopularityPrior choose(String metric, List<Double> grid, List<Double> values) {
        if (!auto) {
            return fixed();
        }
        if (values.size() != grid.size()) {
            throw new IllegalArgumentException("expected " + grid.size() + " validation values, got " + values.size());
        }
        int best = 0;
        List<PopularityPrior.Trial> trials = new ArrayList<>();
        for (int i = 0; i < grid.size(); i++) {
            trials.add(new PopularityPrior.Trial(grid.get(i), values.get(i)));
            if (values.get(i) > values.get(best)) {
                best = i;
            }
        }
        return new PopularityPrior(grid.get(best), "validation", metric, trials);
    }
}
