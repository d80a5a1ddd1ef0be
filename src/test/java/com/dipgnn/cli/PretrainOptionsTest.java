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
import java.lang.reflect.RecordComponent;
import java.util.List;
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
                        "7",
                        "--generator-share",
                        "0.25",
                        "--generator-temperature",
                        "0.5",
                        "--hardening-steps",
                        "100",
                        "--generator-width",
                        "0.5"))
                .isEqualTo(new ObjectiveVariant(
                        FeatureReplacement.REGRESSED,
                        7,
                        LossReduction.SUM,
                        1,
                        true,
                        GeneratedEdges.MOST_LIKELY,
                        0.25,
                        0.5,
                        100,
                        0.5));
    }

    @Test
    void preTrainingDropoutIsItsOwnOptionWithThePapersDefault() {
        PretrainCommand pretrain = new PretrainCommand();
        new CommandLine(pretrain).parseArgs("--save", "unused", "--dropout", "0.3");
        PretrainConfig config = pretrain.pretrain.config(
                PretrainMethod.DIPGNN, 0, PretrainConfig.PAPER_DEFAULT.sampling(), 5000, 1L << 33);
        assertThat(config.dropout()).isEqualTo(0.2);
        new CommandLine(pretrain).parseArgs("--save", "unused", "--pretrain-dropout", "0.1");
        assertThat(pretrain.pretrain
                        .config(PretrainMethod.DIPGNN, 0, PretrainConfig.PAPER_DEFAULT.sampling(), 5000, 1L << 33)
                        .dropout())
                .isEqualTo(0.1);
    }

    @Test
    void theTextPairsWarmupIsItsOwnOptionWithTheObjectivesDefault() {
        assertThat(textWarmup("--text-pair-warmup", "40")).isEqualTo(40);
        assertThat(textWarmup()).as("the default objective's").isEqualTo(100);
        assertThat(textWarmup("--objective", "paper"))
                .as("the paper's objective: none")
                .isZero();
        assertThat(textWarmup("--text-pair-warmup", "0")).isZero();
        assertThat(parsed("--text-pair-warmup", "40").warmupSteps())
                .as("the run's own warmup stays none")
                .isZero();
    }

    private static int textWarmup(String... args) {
        return parsed(args).textWarmupSteps();
    }

    private static PretrainConfig parsed(String... args) {
        PretrainCommand pretrain = new PretrainCommand();
        List<String> all = new java.util.ArrayList<>(List.of("--save", "unused"));
        all.addAll(List.of(args));
        new CommandLine(pretrain).parseArgs(all.toArray(String[]::new));
        return pretrain.pretrain.config(
                PretrainMethod.DIPGNN, 0, PretrainConfig.PAPER_DEFAULT.sampling(), 5000, 1L << 33);
    }

    @Test
    void theParsedDefaultsArePretrainConfigsPaperDefaultComponentByComponent() throws Exception {
        PretrainConfig paper = PretrainConfig.PAPER_DEFAULT;
        PretrainCommand pretrain = new PretrainCommand();
        new CommandLine(pretrain).parseArgs("--save", "unused");
        ReproduceCommand reproduce = new ReproduceCommand();
        new CommandLine(reproduce).parseArgs("--dataset", "unused");
        // sampling and the whole-graph bounds are the fine-tuning options' (SplitDefaultTest and others); the rest ours
        List<PretrainConfig> parsed = List.of(
                pretrain.pretrain.config(
                        PretrainMethod.parse(pretrain.method),
                        pretrain.options.seed,
                        paper.sampling(),
                        paper.fullGraphMaxNodes(),
                        paper.fullGraphMaxBytes()),
                reproduce.pretrain.config(
                        paper.method(),
                        reproduce.options.seed,
                        paper.sampling(),
                        paper.fullGraphMaxNodes(),
                        paper.fullGraphMaxBytes()));
        for (PretrainConfig config : parsed) {
            // but the text pair's warmup: the engine's default is none; the command line's, the objective's
            assertThat(config.textWarmupSteps()).isEqualTo(100);
            config = config.toBuilder().textWarmupSteps(paper.textWarmupSteps()).build();
            for (RecordComponent component : PretrainConfig.class.getRecordComponents()) {
                assertThat(component.getAccessor().invoke(config))
                        .as(component.getName())
                        .isEqualTo(component.getAccessor().invoke(paper));
            }
            assertThat(config).isEqualTo(paper);
        }
    }

    @Test
    void theHelpShowsPaperDefaultsValues() {
        String help = new CommandLine(new PretrainCommand())
                .getUsageMessage(CommandLine.Help.Ansi.OFF)
                .replaceAll("\\s+", " ");
        PretrainConfig paper = PretrainConfig.PAPER_DEFAULT;
        assertThat(help)
                .contains("gpt-gnn or gae (default: " + paper.method().cliName() + ")")
                .contains("pre-training steps (default: " + paper.steps() + ")")
                .contains("weight of the discriminator's losses (default: " + paper.lambda() + ")")
                .contains("(default: the objective's; default: "
                        + ObjectiveVariant.DEFAULT.generatedEdges().cliName() + ", paper: "
                        + ObjectiveVariant.PAPER.generatedEdges().cliName() + ")");
    }

    @Test
    void theHelpNamesEachObjectivesValueOfEverySetting() {
        String help = new CommandLine(new PretrainCommand())
                .getUsageMessage(CommandLine.Help.Ansi.OFF)
                .replaceAll("\\s+", " ");
        ObjectiveVariant d = ObjectiveVariant.DEFAULT;
        ObjectiveVariant p = ObjectiveVariant.PAPER;
        List<String> pairs = List.of(
                d.featureReplacement().cliName() + ", paper: "
                        + p.featureReplacement().cliName(),
                d.reduction().cliName() + ", paper: " + p.reduction().cliName(),
                d.discriminatorTemperature() + ", paper: " + p.discriminatorTemperature(),
                d.heldOutDiscrimination() + ", paper: " + p.heldOutDiscrimination(),
                d.generatedEdges().cliName() + ", paper: " + p.generatedEdges().cliName(),
                d.generatorShare() + ", paper: " + p.generatorShare(),
                d.generatorTemperature() + ", paper: " + p.generatorTemperature(),
                d.hardeningSteps() + ", paper: " + p.hardeningSteps(),
                d.generatorWidth() + ", paper: " + p.generatorWidth(),
                d.generatorWarmup() + ", paper: " + p.generatorWarmup());
        for (String pair : pairs) {
            assertThat(help).contains("(default: the objective's; default: " + pair);
        }
    }

    @Test
    void thePapersObjectiveIsOneOptionAndSingleSettingsOverrideIt() {
        assertThat(variant("--objective", "paper")).isEqualTo(ObjectiveVariant.PAPER);
        assertThat(variant("--objective", "paper", "--generated-edges", "sampled", "--generator-share", "0.5"))
                .isEqualTo(new ObjectiveVariant(
                        ObjectiveVariant.PAPER.featureReplacement(),
                        ObjectiveVariant.PAPER.generatorWarmup(),
                        ObjectiveVariant.PAPER.reduction(),
                        ObjectiveVariant.PAPER.discriminatorTemperature(),
                        ObjectiveVariant.PAPER.heldOutDiscrimination(),
                        GeneratedEdges.SAMPLED,
                        0.5,
                        ObjectiveVariant.PAPER.generatorTemperature(),
                        ObjectiveVariant.PAPER.hardeningSteps(),
                        ObjectiveVariant.PAPER.generatorWidth()));
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
