package com.dipgnn.recommend;

import com.dipgnn.finetuning.SplitMode;

/**
 * What a recommender checkpoint must have been written with besides the {@link RecommenderConfig}
 * and the seed: the data and its split.
 *
 * @param fingerprint the graph's fingerprint
 * @param split how the interactions were split
 * @param splitSeed the split's seed
 * @param validationFraction the share of training pairs carved out for validation where the data set marks none
 */
public record RecommenderData(String fingerprint, SplitMode split, long splitSeed, double validationFraction) {}
