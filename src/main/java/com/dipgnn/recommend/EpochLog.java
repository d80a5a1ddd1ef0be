package com.dipgnn.recommend;

import java.util.Map;

/**
 * One validated epoch of a recommender's training curve.
 *
 * @param epoch epochs done
 * @param loss mean training loss over the epochs since the last entry
 * @param val validation metrics after the epoch
 * @param seconds training and validation wall time so far (resumed runs add to the earlier time)
 */
public record EpochLog(int epoch, double loss, Map<String, Double> val, double seconds) {}
