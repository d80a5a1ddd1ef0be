package com.dipgnn.cli;

/** A command that trains ({@code finetune}, {@code pretrain}, {@code reproduce}): its fine-tuning options. */
interface TrainingCommand {

    /** The shared fine-tuning options as parsed (the command's {@code --split} included). */
    FineTuningOptions fineTuning();
}
