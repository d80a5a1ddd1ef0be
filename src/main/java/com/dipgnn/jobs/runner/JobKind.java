package com.dipgnn.jobs.runner;

/** What a job trains. */
public enum JobKind {
    /** Pre-training (DiP-GNN or a baseline) on the pre-training part of a graph; produces a pre-trained model. */
    PRETRAIN,
    /** Supervised fine-tuning, from a pre-trained model or from scratch; produces a task model. */
    FINETUNE
}
