package com.dipgnn.training;

/** The fine-tuning splits a task is measured on. */
public enum EvalSplit {
    TRAIN,
    VAL,
    TEST;

    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
