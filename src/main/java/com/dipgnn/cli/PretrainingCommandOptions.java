package com.dipgnn.cli;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.training.SplitMode;
import com.dipgnn.training.TaskKind;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options of the commands that pre-train ({@code pretrain}, {@code reproduce}): the fine-tuning
 * options, the pre-training ones, and {@code --split} defaulting to the node-transfer split, the
 * paper's setting, whatever the data set marks.
 */
abstract class PretrainingCommandOptions extends FineTuningOptions {

    @Mixin
    PretrainOptions pretrain = new PretrainOptions();

    @Option(names = "--split", description = "split: " + SPLITS + " (default: transfer, the paper's setting, whatever "
            + "the data set marks; node classification pre-trains on the transfer split only)")
    void split(String value) {
        split = value;
    }

    /** Without {@code --split}: the node-transfer split, as the help says. */
    @Override
    SplitMode defaultSplit(HeteroGraph graph, TaskKind kind) {
        return SplitMode.TRANSFER;
    }
}
