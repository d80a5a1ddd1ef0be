package com.dipgnn.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.LinkSampling;
import com.dipgnn.finetuning.LinkSamplingMode;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code finetune --link-sampling} and {@code --fanouts} as the experiment records them. */
class LinkSamplingOptionsTest {

    /** Two nodes and one link, for the options that need a graph to resolve. */
    static final HeteroGraph GRAPH = new GraphBuilder("two")
            .addNodes(NodeTable.ofCount("node", 2))
            .addEdges(new RelationType("node", "link", "node"), new int[] {0}, new int[] {1}, null, true)
            .build();

    @Test
    void withoutTheOptionsTheLinkTaskTakesTheWholeGraph() {
        assertThat(spec().linkSampling()).isEqualTo(LinkSampling.DEFAULT);
    }

    @Test
    void theOptionsChooseFanOutsAndTheirSizes() {
        assertThat(spec("--link-sampling", "fanout", "--fanouts", "15,5").linkSampling())
                .isEqualTo(new LinkSampling(LinkSamplingMode.FANOUT, List.of(15, 5)));
        assertThat(spec("--link-sampling", "FANOUT").linkSampling())
                .isEqualTo(new LinkSampling(LinkSamplingMode.FANOUT, List.of(10, 10)));
        assertThat(spec("--fanouts", "4").linkSampling())
                .isEqualTo(new LinkSampling(LinkSamplingMode.FULL, List.of(4)));
    }

    @Test
    void anUnknownModeOrANonPositiveFanOutIsRefused() {
        assertThatThrownBy(() -> spec("--link-sampling", "ladies"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("fanout");
        assertThatThrownBy(() -> spec("--fanouts", "10,0")).isInstanceOf(IllegalArgumentException.class);
    }

    private static ExperimentSpec spec(String... args) {
        FinetuneCommand command = new FinetuneCommand();
        new CommandLine(command).parseArgs(args);
        return command.fineTuning().spec(TaskKind.LINK_PREDICTION, GRAPH);
    }
}
