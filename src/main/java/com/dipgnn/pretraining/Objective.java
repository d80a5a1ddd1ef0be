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

    private static final EnumNames<Objective> NAMES =
            EnumNames.of(Objective.class, "objective").build();

    /** The objective's settings. */
    public ObjectiveVariant variant() {
        return this == PAPER ? ObjectiveVariant.PAPER : ObjectiveVariant.DEFAULT;
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
