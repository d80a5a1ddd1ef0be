package com.dipgnn.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.PropagationConfig;
import com.dipgnn.model.PropagationConfig.LayerCombination;
import com.dipgnn.naming.EnumNames;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code --backbone} and the propagation backbone's options as the experiment's model records them. */
class BackboneOptionsTest {

    private static final HeteroGraph GRAPH = LinkSamplingOptionsTest.GRAPH;

    @Test
    void withoutTheOptionsThePropagationBackboneIsLightGcn() {
        assertThat(finetune("--backbone", "propagation").propagation()).isEqualTo(PropagationConfig.DEFAULT);
        assertThat(pretrain("--backbone", "propagation").propagation()).isEqualTo(PropagationConfig.DEFAULT);
    }

    @Test
    void theOptionsReachTheModelOfFineTuningAndPreTraining() {
        PropagationConfig gcn = new PropagationConfig(true, LayerCombination.SUM);
        String[] options = {"--backbone", "propagation", "--propagation-weights", "--layer-combination", "sum"};
        assertThat(finetune(options).propagation()).isEqualTo(gcn);
        assertThat(pretrain(options).propagation()).isEqualTo(gcn);
        assertThat(pretrain(options).backbone()).isEqualTo(Backbone.PROPAGATION);
        assertThat(finetune("--backbone", "propagation", "--propagation-weights=true")
                        .propagation())
                .isEqualTo(new PropagationConfig(true, LayerCombination.MEAN));
        assertThat(finetune("--backbone", "propagation", "--layer-combination", "SUM")
                        .propagation())
                .isEqualTo(new PropagationConfig(false, LayerCombination.SUM));
    }

    @Test
    void aPreTrainedModelsOptionsHoldUnlessAnOptionChangesThem() {
        ModelConfig pretrained = new ModelConfig(Backbone.PROPAGATION, 2, 16, 1, 0.1, 0.0)
                .withPropagation(new PropagationConfig(true, LayerCombination.SUM));
        assertThat(finetune(pretrained).propagation()).isEqualTo(pretrained.propagation());
        assertThat(finetune(pretrained, "--layer-combination", "mean").propagation())
                .isEqualTo(new PropagationConfig(true, LayerCombination.MEAN));
        assertThat(finetune(pretrained, "--propagation-weights=false").propagation())
                .isEqualTo(new PropagationConfig(false, LayerCombination.SUM));
    }

    @Test
    void anotherBackboneRefusesThePropagationOptions() {
        for (String[] args :
                new String[][] {{"--propagation-weights"}, {"--backbone", "gat", "--layer-combination", "sum"}}) {
            assertThatThrownBy(() -> finetune(args))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("--backbone propagation")
                    .hasMessageContaining(args.length == 1 ? "backbone hgt" : "backbone gat");
            assertThatThrownBy(() -> pretrain(args)).hasMessageContaining("--backbone propagation");
        }
        ModelConfig hgt = ModelConfig.PAPER_DEFAULT;
        assertThatThrownBy(() -> finetune(hgt, "--layer-combination", "sum")).hasMessageContaining("backbone hgt");
    }

    @Test
    void anUnknownLayerCombinationIsRefusedWithTheChoices() {
        assertThatThrownBy(() -> finetune("--backbone", "propagation", "--layer-combination", "max"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("mean")
                .hasMessageContaining("sum");
    }

    @Test
    void theHelpShowsPropagationConfigsDefaults() {
        PropagationConfig defaults = PropagationConfig.DEFAULT;
        for (Callable<Integer> command : new Callable[] {new FinetuneCommand(), new PretrainCommand()}) {
            String help = new CommandLine(command)
                    .getUsageMessage(CommandLine.Help.Ansi.OFF)
                    .replaceAll("\\s+", " ");
            assertThat(help)
                    .contains("--propagation-weights[=true|false]")
                    .contains("LightGCN (default: " + defaults.layerWeights() + ", or the pre-trained model's)")
                    .contains("or sum (default: " + EnumNames.nameOf(defaults.combination())
                            + ", or the pre-trained model's)");
        }
    }

    private static ModelConfig finetune(String... args) {
        return parsed(
                new FinetuneCommand(),
                args,
                c -> c.fineTuning().spec(TaskKind.LINK_PREDICTION, GRAPH).model());
    }

    private static ModelConfig finetune(ModelConfig pretrained, String... args) {
        return parsed(
                new FinetuneCommand(),
                args,
                c -> c.fineTuning()
                        .spec(TaskKind.LINK_PREDICTION, GRAPH, pretrained)
                        .model());
    }

    private static ModelConfig pretrain(String... args) {
        String[] withSave = new String[args.length + 2];
        withSave[0] = "--save";
        withSave[1] = "unused";
        System.arraycopy(args, 0, withSave, 2, args.length);
        return parsed(
                new PretrainCommand(),
                withSave,
                c -> c.fineTuning().spec(TaskKind.LINK_PREDICTION, GRAPH).model());
    }

    private static <C> ModelConfig parsed(C command, String[] args, Function<C, ModelConfig> model) {
        new CommandLine(command).parseArgs(args);
        return model.apply(command);
    }
}
