package com.dipgnn.cli;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options of the commands that pre-train ({@code pretrain}, {@code reproduce}), a picocli
 * mixin: the fine-tuning options, the pre-training ones, and {@code --split} defaulting to the
 * node-transfer split, the paper's setting, whatever the data set marks.
 */
final class PretrainingOptions {

    @Mixin
    final FineTuningOptions fineTuning = FineTuningOptions.transferSplitByDefault();

    @Mixin
    final PretrainOptions pretrain = new PretrainOptions();

    @Option(
            names = "--split",
            description =
                    "split: " + FineTuningOptions.SPLITS + " (default: transfer, the paper's "
                            + "setting, whatever the data set marks; node classification pre-trains on the transfer split only)")
    void split(String value) {
        fineTuning.split(value);
    }
}
