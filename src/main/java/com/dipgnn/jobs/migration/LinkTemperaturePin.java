package com.dipgnn.jobs.migration;

/**
 * Migration 4: fine-tuning jobs stored before they had a {@code linkTemperature} get the one they
 * ran with, 0.1 (today's default on an edge split is 0.025).
 */
public final class LinkTemperaturePin extends FieldPin {

    /** The link softmax's temperature of every fine-tuning job before the field existed. */
    static final double TEMPERATURE_BEFORE_THE_FIELD = 0.1;

    static final String FIELD = "linkTemperature";

    public LinkTemperaturePin() {
        super(4, "FINETUNE", FIELD, TEMPERATURE_BEFORE_THE_FIELD);
    }

    @Override
    public String getDescription() {
        return "pin linkTemperature 0.1 on fine-tuning jobs stored without it"; // as released
    }
}
