package com.dipgnn.pretraining;

import com.dipgnn.naming.EnumNames;

/**
 * The objective a pre-training starts from before single settings override it: the product's
 * ({@link ObjectiveVariant#DEFAULT}, chosen by the measurements of docs/results.md) or the paper's
 * ({@link ObjectiveVariant#PAPER}).
 */
public enum Objective {

    /** The product's objective, {@link ObjectiveVariant#DEFAULT}. */
    DEFAULT,

    /** The paper's objective, {@link ObjectiveVariant#PAPER}. */
    PAPER;

    /**
     * The product's warmup of the text pair's Transformers, in steps: without one, at the paper's rate,
     * their post-norm layers stay at the label prior (docs/results/text-pair/); over 100 steps, with the
     * GNN at its full rate, they learn (docs/results.md, issue 49).
     */
    public static final int DEFAULT_TEXT_WARMUP_STEPS = 100;

    private static final EnumNames<Objective> NAMES =
            EnumNames.of(Objective.class, "objective").build();

    /** The objective's settings. */
    public ObjectiveVariant variant() {
        return this == PAPER ? ObjectiveVariant.PAPER : ObjectiveVariant.DEFAULT;
    }

    /** The text pair's learning-rate warmup a run takes when it names none: the product's 100 steps, the paper's none. */
    public int textWarmupSteps() {
        return this == PAPER ? 0 : DEFAULT_TEXT_WARMUP_STEPS;
    }

    /** The CLI / API name: {@code default} or {@code paper}. */
    public String cliName() {
        return NAMES.name(this);
    }

    /** Parses a CLI / API name, case-insensitively. */
    public static Objective parse(String name) {
        return NAMES.parse(name);
    }

    /** The objective {@code name} names, or {@link #DEFAULT} when it names none (validation reports that). */
    public static Objective parseOrDefault(String name) {
        return name != null && NAMES.accepts(name) ? NAMES.parse(name) : DEFAULT;
    }
}
