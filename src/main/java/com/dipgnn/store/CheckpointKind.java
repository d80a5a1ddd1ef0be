package com.dipgnn.store;

/** What a checkpoint was written by; a checkpoint directory of one kind is never resumed by another. */
public enum CheckpointKind {
    FINE_TUNING,
    PRE_TRAINING,
    RECOMMENDER
}
