package com.dipgnn.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.pretraining.FeatureReplacement;
import com.dipgnn.pretraining.GeneratedEdges;
import com.dipgnn.pretraining.LossReduction;
import com.dipgnn.pretraining.ObjectiveVariant;
import com.dipgnn.pretraining.PretrainConfig;
import com.dipgnn.pretraining.PretrainMethod;
import com.dipgnn.sampling.SamplingConfig;
import com.dipgnn.sampling.WholeGraphBudget;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The pre-training options: their defaults are the engine's, and each choice reaches the objective. */
class PretrainOptionsTest {

    @Test
    void withoutOptionsTheObjectiveIsTheProductsDefault() {
        assertThat(variant()).isEqualTo(ObjectiveVariant.DEFAULT);
    }

    @Test
    void everyObjectiveOptionReachesTheVariant() {
        assertThat(variant(
                        "--feature-replacement",
                        "regressed",
                        "--generated-edges",
                        "most-likely",
                        "--loss-reduction",
                        "sum",
                        "--discriminator-temperature",
                        "1",
                        "--held-out-discrimination",
                        "--generator-warmup",
                        "7"))
                .isEqualTo(new ObjectiveVariant(
                        FeatureReplacement.REGRESSED, 7, LossReduction.SUM, 1, true, GeneratedEdges.MOST_LIKELY));
    }

    @Test
    void theWholeGraphBoundsFollowTheFineTuningOptions() {
        PretrainCommand command = new PretrainCommand();
        new CommandLine(command).parseArgs("--save", "unused");
        PretrainConfig config =
                command.pretrain.config(PretrainMethod.DIPGNN, 0, SamplingConfig.defaults(), 700, 3L << 30);
        assertThat(config.wholeGraphBudget()).isEqualTo(new WholeGraphBudget(700, 3L << 30));
    }

    private static ObjectiveVariant variant(String... options) {
        PretrainCommand command = new PretrainCommand();
        String[] args = new String[options.length + 2];
        args[0] = "--save";
        args[1] = "unused";
        System.arraycopy(options, 0, args, 2, options.length);
        new CommandLine(command).parseArgs(args);
        return command.pretrain
                .config(PretrainMethod.DIPGNN, 0, SamplingConfig.defaults(), 0, 0)
                .variant();
    }
}
