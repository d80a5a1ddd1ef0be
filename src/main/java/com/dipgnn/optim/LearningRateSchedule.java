package com.dipgnn.optim;

import com.dipgnn.naming.EnumNames;

/**
 * How the learning rate changes over a run of a known number of steps: the factor the configured
 * rate is multiplied by at each step.
 */
public enum LearningRateSchedule {

    /** The configured rate at every step. */
    CONSTANT,

    /**
     * Half a cosine from the configured rate at the first step down towards zero at the last
     * (Loshchilov and Hutter's SGDR without restarts): {@code ½ (1 + cos(π (step − 1) / steps))}.
     */
    COSINE;

    /**
     * The factor at {@code step} (from 1) of a run of {@code steps} steps.
     *
     * @throws IllegalArgumentException when step is not within 1..steps
     */
    public double factor(long step, long steps) {
        if (step < 1 || step > steps) {
            throw new IllegalArgumentException("step " + step + " is outside the run's 1.." + steps);
        }
        return switch (this) {
            case CONSTANT -> 1.0;
            case COSINE -> 0.5 * (1 + Math.cos(Math.PI * (step - 1) / steps));
        };
    }

    private static final EnumNames<LearningRateSchedule> NAMES =
            EnumNames.of(LearningRateSchedule.class, "learning-rate schedule").build();

    /** The name on the command line: {@code constant} or {@code cosine}. */
    public String cliName() {
        return NAMES.name(this);
    }

    /** Parses a command-line name, case-insensitively. */
    public static LearningRateSchedule parse(String name) {
        return NAMES.parse(name);
    }
}
