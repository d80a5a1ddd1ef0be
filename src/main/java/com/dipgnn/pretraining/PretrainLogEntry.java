package com.dipgnn.pretraining;

import java.util.Map;

/**
 * The mean figures of one logging interval.
 *
 * @param step the interval's last step
 * @param steps steps in the interval
 * @param metrics metric name to its mean over the interval's steps
 */
public record PretrainLogEntry(long step, int steps, Map<String, Double> metrics) {}
