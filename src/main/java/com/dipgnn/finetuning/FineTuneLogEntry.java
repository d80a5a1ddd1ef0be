package com.dipgnn.finetuning;

import java.util.Map;

/**
 * One validation of a fine-tuning run, with the training loss since the previous one.
 *
 * @param step the step validated after
 * @param steps training steps in the interval since the previous validation (or resume)
 * @param loss mean training loss over those steps
 * @param validation validation metrics, by name
 * @param improved whether the primary metric improved on the best so far
 */
public record FineTuneLogEntry(long step, int steps, double loss, Map<String, Double> validation, boolean improved) {}
