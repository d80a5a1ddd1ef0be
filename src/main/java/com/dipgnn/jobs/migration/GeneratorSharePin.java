package com.dipgnn.jobs.migration;

/**
 * Migration 6: pre-training jobs stored before they had a {@code generatorShare} get the one they
 * ran with, 1 (every generated source the generator's; since issue 49 the default draws them
 * uniformly, 0).
 */
public final class GeneratorSharePin extends FieldPin {

    /** The generator's share of generated sources in every pre-training job before the field existed. */
    static final double SHARE_BEFORE_THE_FIELD = 1.0;

    static final String FIELD = "generatorShare";

    public GeneratorSharePin() {
        super(6, "PRETRAIN", FIELD, SHARE_BEFORE_THE_FIELD);
    }
}
