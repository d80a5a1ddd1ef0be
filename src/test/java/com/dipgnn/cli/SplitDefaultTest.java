package com.dipgnn.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeLabels;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.SplitMark;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Each command's split without {@code --split} is the one its help names, on a graph that marks its own split. */
class SplitDefaultTest {

    @Test
    void reproduceUsesTheTransferSplitAsItsHelpSays() {
        assertDefault(ReproduceCommand::new, "--dataset", "x", SplitMode.TRANSFER, "default: transfer");
    }

    @Test
    void pretrainUsesTheTransferSplitAsItsHelpSays() {
        assertDefault(PretrainCommand::new, "--save", "x", SplitMode.TRANSFER, "default: transfer");
    }

    @Test
    void finetuneUsesTheDataSetsOwnSplitAsItsHelpSays() {
        assertDefault(FinetuneCommand::new, "--dataset", "x", SplitMode.DATASET, "default: dataset");
    }

    private static void assertDefault(
            Supplier<? extends TrainingCommand> command,
            String option,
            String value,
            SplitMode expected,
            String helpWords) {
        TrainingCommand options = command.get();
        CommandLine line = new CommandLine(options);
        line.parseArgs(option, value);
        assertThat(options.fineTuning()
                        .spec(TaskKind.NODE_CLASSIFICATION, markedGraph())
                        .split())
                .isEqualTo(expected);
        String help =
                String.join(" ", line.getCommandSpec().findOption("--split").description());
        assertThat(help).contains(helpWords);
        // an explicit --split still wins
        TrainingCommand explicit = command.get();
        new CommandLine(explicit).parseArgs(option, value, "--split", "dataset");
        assertThat(explicit.fineTuning()
                        .spec(TaskKind.NODE_CLASSIFICATION, markedGraph())
                        .split())
                .isEqualTo(SplitMode.DATASET);
    }

    /** Four nodes with train/val/test marks: a graph whose own split {@code finetune} would take. */
    private static HeteroGraph markedGraph() {
        byte[] marks = {SplitMark.TRAIN.code(), SplitMark.TRAIN.code(), SplitMark.VAL.code(), SplitMark.TEST.code()};
        NodeTable nodes = NodeTable.ofCount("node", 4)
                .withLabels(NodeLabels.single(2, new int[] {0, 1, 0, 1}))
                .withSplits(marks);
        return new GraphBuilder("four")
                .addNodes(nodes)
                .addEdges(
                        new RelationType("node", "link", "node"), new int[] {0, 1, 2}, new int[] {1, 2, 3}, null, false)
                .build();
    }
}
