package com.dipgnn.jobs.migration;

/**
 * Migration 7: pre-training jobs stored before they had a {@code textWarmupSteps} get the one they ran
 * with, 0 (the text pair at the full learning rate from the first step; since issue 49 the default
 * objective warms it up over 100 steps).
 */
public final class TextWarmupStepsPin extends FieldPin {

    /** The text pair's warmup of every pre-training job before the field existed. */
    static final int TEXT_WARMUP_BEFORE_THE_FIELD = 0;

    static final String FIELD = "textWarmupSteps";

    public TextWarmupStepsPin() {
        super(7, "PRETRAIN", FIELD, TEXT_WARMUP_BEFORE_THE_FIELD);
    }
}
