package com.dipgnn.recommend;

/**
 * What one training step's loss reads: the vectors it scores with, the ego vectors the L2
 * penalty takes, and the step's pairs as indices into both (every user and item for a model that
 * propagates, or only the step's rows for one trained row-sparsely).
 */
record StepVectors(UserItemVectors vectors, UserItemVectors ego, TrainingPairs pairs) {}
