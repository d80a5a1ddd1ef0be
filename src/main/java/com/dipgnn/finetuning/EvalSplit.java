package com.dipgnn.finetuning;

import java.util.Locale;

/** The fine-tuning splits a task is measured on. */
public enum EvalSplit {
    TRAIN,
    VAL,
    TEST;

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
