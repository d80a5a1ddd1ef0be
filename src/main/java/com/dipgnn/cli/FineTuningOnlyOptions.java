package com.dipgnn.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The fine-tuning options that {@code pretrain} shares with {@code finetune} and {@code reproduce} but
 * does not use, since it does not fine-tune. Given to {@code pretrain} they would be silently ignored
 * ({@code pretrain --steps 30} ran the default 1,000 pre-training steps), so they are refused, naming
 * the pre-training option that was probably meant, where there is one.
 */
final class FineTuningOnlyOptions {

    /** Each fine-tuning-only option and its pre-training twin, or null when it has none. */
    private static final Map<String, String> TWINS = twins();

    private FineTuningOnlyOptions() {}

    private static Map<String, String> twins() {
        Map<String, String> t = new LinkedHashMap<>();
        t.put("--steps", "--pretrain-steps");
        t.put("--lr", "--pretrain-lr");
        t.put("--dropout", "--pretrain-dropout");
        t.put("--negatives", "--pretrain-negatives");
        for (String none : List.of(
                "--runs",
                "--weight-decay",
                "--l2",
                "--clip",
                "--batch-size",
                "--eval-every",
                "--patience",
                "--label-fraction",
                "--train-negatives",
                "--link-loss",
                "--link-negatives",
                "--link-temperature",
                "--popularity-prior")) {
            t.put(none, null);
        }
        return t;
    }

    /**
     * Refuses every fine-tuning-only option that {@code given} says the user typed.
     *
     * @throws IllegalArgumentException naming each one and what to use instead
     */
    static void refuse(Predicate<String> given) {
        List<String> problems = new ArrayList<>();
        TWINS.forEach((option, twin) -> {
            if (given.test(option)) {
                problems.add(option + " is a fine-tuning setting, which pretrain does not use"
                        + (twin == null ? "" : "; pre-training's is " + twin));
            }
        });
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems)
                    + " (fine-tuning settings go to finetune --pretrained DIR, or to reproduce; docs/options.md maps "
                    + "every option to its job field)");
        }
    }

    /** The options {@code pretrain} refuses, for the help text and the options table. */
    static Map<String, String> twinsByOption() {
        return java.util.Collections.unmodifiableMap(TWINS);
    }
}
