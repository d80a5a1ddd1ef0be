package com.dipgnn.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.FeatureStandardization;
import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeLabels;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.text.TextInputScope;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code --standardize-features}, shared by finetune, pretrain and reproduce: auto by default, none
 * when asked, anything else refused; its help says the rule, where the statistics come from and
 * that row normalisation excludes it.
 */
class StandardizeFeaturesOptionTest {

    private static final List<Supplier<? extends TrainingCommand>> COMMANDS =
            List.of(FinetuneCommand::new, PretrainCommand::new, ReproduceCommand::new);

    @Test
    void everyTrainingCommandStandardisesByDefaultAndTakesNone() {
        for (Supplier<? extends TrainingCommand> command : COMMANDS) {
            assertThat(spec(command).standardizeFeatures()).isEqualTo(FeatureStandardization.AUTO);
            assertThat(spec(command, "--standardize-features", "none").standardizeFeatures())
                    .isEqualTo(FeatureStandardization.NONE);
            assertThat(spec(command, "--standardize-features", "AUTO").standardizeFeatures())
                    .isEqualTo(FeatureStandardization.AUTO);
        }
    }

    @Test
    void everyTrainingCommandReadsTextBesideFeaturesByDefaultAndTakesFeatureless() {
        for (Supplier<? extends TrainingCommand> command : COMMANDS) {
            assertThat(spec(command).textInputs()).isEqualTo(TextInputScope.ALL);
            assertThat(spec(command, "--text-inputs", "featureless").textInputs())
                    .isEqualTo(TextInputScope.FEATURELESS);
        }
        assertThatThrownBy(() -> spec(FinetuneCommand::new, "--text-inputs", "some"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'some'")
                .hasMessageContaining("all")
                .hasMessageContaining("featureless");
    }

    @Test
    void anUnknownValueIsRefusedWithTheChoices() {
        assertThatThrownBy(() -> spec(FinetuneCommand::new, "--standardize-features", "zscore"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'zscore'")
                .hasMessageContaining("auto")
                .hasMessageContaining("none");
    }

    @Test
    void theHelpStatesTheRuleAndTheExclusionOfRowNormalisation() {
        CommandLine line = new CommandLine(new FinetuneCommand());
        String help = String.join(
                " ", line.getCommandSpec().findOption("--standardize-features").description());
        String normalize = String.join(
                " ", line.getCommandSpec().findOption("--normalize-features").description());

        assertThat(help)
                .contains("(x - mean) / std")
                .contains("binary")
                .contains("pre-training part")
                .contains("feature-scaling.json")
                .contains("--normalize-features")
                .contains("default: auto");
        assertThat(normalize).contains("--standardize-features does not apply");
    }

    private static ExperimentSpec spec(Supplier<? extends TrainingCommand> command, String... args) {
        TrainingCommand options = command.get();
        List<String> all = new ArrayList<>(List.of(args));
        if (options instanceof PretrainCommand) {
            all.addAll(List.of("--save", "x"));
        }
        new CommandLine(options).parseArgs(all.toArray(String[]::new));
        return options.fineTuning().spec(TaskKind.NODE_CLASSIFICATION, graph());
    }

    private static HeteroGraph graph() {
        NodeTable nodes = NodeTable.ofCount("node", 4).withLabels(NodeLabels.single(2, new int[] {0, 1, 0, 1}));
        return new GraphBuilder("four")
                .addNodes(nodes)
                .addEdges(
                        new RelationType("node", "link", "node"), new int[] {0, 1, 2}, new int[] {1, 2, 3}, null, false)
                .build();
    }
}
