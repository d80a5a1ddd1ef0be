package com.dipgnn.cli;

import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.pretraining.FeatureReplacement;
import com.dipgnn.pretraining.GeneratedEdges;
import com.dipgnn.pretraining.LossReduction;
import com.dipgnn.pretraining.Objective;
import com.dipgnn.pretraining.ObjectiveVariant;
import com.dipgnn.pretraining.PretrainConfig;
import com.dipgnn.pretraining.PretrainMethod;
import com.dipgnn.pretraining.TextPairConfig;
import com.dipgnn.sampling.SamplingConfig;
import picocli.CommandLine.Option;

/**
 * Pre-training options shared by {@code pretrain} and {@code reproduce} (picocli mixin). Each
 * option's default is its field's initial value, taken from {@link PretrainConfig#PAPER_DEFAULT}
 * (picocli shows it as the default in the help).
 */
final class PretrainOptions {

    private static final PretrainConfig PAPER = PretrainConfig.PAPER_DEFAULT;

    @Option(names = "--pretrain-steps", description = "pre-training steps (default: ${DEFAULT-VALUE})")
    int steps = PAPER.steps();

    @Option(
            names = "--pretrain-seed-nodes",
            description = "seed nodes of each pre-training subgraph (default: ${DEFAULT-VALUE})")
    int seedNodes = PAPER.seedNodes();

    @Option(names = "--edge-mask", description = "share of edges masked (default: ${DEFAULT-VALUE})")
    double edgeMask = PAPER.edgeMaskRatio();

    @Option(
            names = "--feature-mask",
            description = "share of featured nodes whose features are generated (default: ${DEFAULT-VALUE})")
    double featureMask = PAPER.featureMaskRatio();

    @Option(
            names = "--pretrain-negatives",
            description =
                    "negative sources per masked edge in the generator's candidate set (default: ${DEFAULT-VALUE})")
    int negatives = PAPER.negatives();

    @Option(names = "--alpha", description = "|E_u^d| = alpha |E_g| (default: ${DEFAULT-VALUE})")
    double alpha = PAPER.alpha();

    @Option(names = "--lambda", description = "weight of the discriminator's losses (default: ${DEFAULT-VALUE})")
    double lambda = PAPER.lambda();

    @Option(
            names = "--pretrain-temperature",
            description =
                    "cosine logits are d / temperature in pre-training (default: ${DEFAULT-VALUE}; the paper's Eq. 2 "
                            + "has none, i.e. 1; GPT-GNN uses 0.1; docs/pretraining.md has the measured comparison)")
    double temperature = PAPER.temperature();

    @Option(names = "--pretrain-lr", description = "pre-training learning rate (default: ${DEFAULT-VALUE})")
    double learningRate = PAPER.optimizer().learningRate();

    @Option(names = "--log-every", description = "steps per pre-training log line (default: ${DEFAULT-VALUE})")
    int logEvery = PAPER.logEvery();

    @Option(
            names = "--checkpoint-every",
            description = "steps between checkpoints, 0 = none (default: ${DEFAULT-VALUE})")
    int checkpointEvery = PAPER.checkpointEvery();

    @Option(
            names = "--text-tokens-per-step",
            description = "most padded token positions per node type the text pair reads each step "
                    + "(default: ${DEFAULT-VALUE})")
    int textTokensPerStep = PAPER.textPair().maxTokensPerStep();

    @Option(
            names = "--objective",
            description = "the objective the settings below start from: default (the product's, chosen by the "
                    + "measurements of docs/results.md) or paper (the paper's: regressed replacements, most likely "
                    + "sources, sums, no discriminator temperature); each setting below given on its own overrides it "
                    + "(default: ${DEFAULT-VALUE})")
    String objective = Objective.DEFAULT.cliName();

    @Option(
            names = "--feature-replacement",
            description = "vector features the discriminator sees in place of hidden ones: regressed (the generator's "
                    + "regression output, the paper's) or sampled (the real feature vector the generator picks as most "
                    + "likely, often another node's) (default: the objective's; default: sampled, paper: regressed)")
    String featureReplacement;

    @Option(
            names = "--loss-reduction",
            description = "how each pre-training loss term reduces over its edges, nodes and feature entries: mean "
                    + "(every term near 1) or sum (the paper's equations) (default: the objective's; default: mean, "
                    + "paper: sum)")
    String lossReduction;

    @Option(
            names = "--discriminator-temperature",
            description = "the edge discriminator's logits are d / this; 0 = the pre-training temperature "
                    + "(default: the objective's; default: 0.0, paper: 1.0, no temperature)")
    Double discriminatorTemperature;

    @Option(
            names = "--held-out-discrimination",
            description = "the discriminator encodes the unmasked edges only and tells the masked edges from the "
                    + "generated ones (neither in its input), instead of the paper's E_g against a sample of its own "
                    + "input edges (default: the objective's; default: false, paper: false)")
    Boolean heldOutDiscrimination;

    @Option(
            names = "--generated-edges",
            description = "how the generator chooses a masked edge's generated source: sampled (drawn from its "
                    + "softmax, as ELECTRA draws tokens) or most-likely (its most likely candidate, the paper's) "
                    + "(default: the objective's; default: sampled, paper: most-likely)")
    String generatedEdges;

    @Option(
            names = "--generator-share",
            description = "share of the discriminator's generated sources the generator chooses (as "
                    + "--generated-edges says); the rest are drawn uniformly among each masked edge's candidates; "
                    + "0: uniform (default: the objective's; default: 0.0, paper: 1.0)")
    Double generatorShare;

    @Option(
            names = "--generator-temperature",
            description = "the generator's draws (--generated-edges sampled) come from softmax(d / this); 0 = the "
                    + "pre-training temperature (default: the objective's; default: 0.0, paper: 0.0)")
    Double generatorTemperature;

    @Option(
            names = "--hardening-steps",
            description = "over the first this many pre-training steps the generator's share rises linearly from 0 "
                    + "to --generator-share, so negatives start uniform and harden; 0 = none (default: the "
                    + "objective's; default: 0, paper: 0)")
    Integer hardeningSteps;

    @Option(
            names = "--generator-width",
            description = "the generator's hidden width as a fraction of the discriminator's (ELECTRA's smaller "
                    + "generator; rounded to a multiple of the heads); for methods that keep the discriminator "
                    + "(default: the objective's; default: 1.0, paper: 1.0)")
    Double generatorWidth;

    @Option(
            names = "--pretrain-dropout",
            description = "dropout of the encoders while pre-training, apart from fine-tuning's --dropout "
                    + "(default: ${DEFAULT-VALUE}, the paper's)")
    double dropout = PAPER.dropout();

    @Option(
            names = "--pretrain-warmup",
            description = "linear learning-rate warmup over the first this many pre-training steps; 0: none "
                    + "(default: ${DEFAULT-VALUE})")
    int warmupSteps = PAPER.warmupSteps();

    @Option(
            names = "--text-pair-warmup",
            description = "linear learning-rate warmup of the text pair's Transformers alone over the first this "
                    + "many pre-training steps (the GNN keeps its rate); 0: none (default: the objective's; default: "
                    + Objective.DEFAULT_TEXT_WARMUP_STEPS + ", paper: 0)")
    Integer textWarmupSteps;

    @Option(
            names = "--generator-warmup",
            description = "pre-training steps at the start that train only the generator, so the discriminator "
                    + "starts against a generator that already picks well (default: the objective's; default: 0, "
                    + "paper: 0)")
    Integer generatorWarmup;

    @Option(
            names = "--gradient-norms-every",
            defaultValue = "0",
            description = "diagnostic: every this many pre-training steps (and on the first), measure each loss "
                    + "term's gradient norm on the encoder it trains, reported as grad_norm_<term> (one more "
                    + "forward and backward pass per term on those steps; the training is unchanged); 0: never "
                    + "(default: ${DEFAULT-VALUE})")
    int gradientNormsEvery;

    /** The objective {@code --objective} names, with every objective setting given on its own in its place. */
    ObjectiveVariant variant() {
        ObjectiveVariant base = Objective.parse(objective).variant();
        return new ObjectiveVariant(
                featureReplacement == null ? base.featureReplacement() : FeatureReplacement.parse(featureReplacement),
                or(generatorWarmup, base.generatorWarmup()),
                lossReduction == null ? base.reduction() : LossReduction.parse(lossReduction),
                or(discriminatorTemperature, base.discriminatorTemperature()),
                or(heldOutDiscrimination, base.heldOutDiscrimination()),
                generatedEdges == null ? base.generatedEdges() : GeneratedEdges.parse(generatedEdges),
                or(generatorShare, base.generatorShare()),
                or(generatorTemperature, base.generatorTemperature()),
                or(hardeningSteps, base.hardeningSteps()),
                or(generatorWidth, base.generatorWidth()));
    }

    private static <T> T or(T value, T fallback) {
        return value == null ? fallback : value;
    }

    /** The pre-training settings; sampling and the whole-graph bounds follow the fine-tuning options' {@code spec}. */
    PretrainConfig config(PretrainMethod method, long seed, ExperimentSpec spec) {
        return config(method, seed, spec.sampling(), spec.fullGraphMaxNodes(), spec.fullGraphMaxBytes());
    }

    /** The pre-training settings with this sampling and these whole-graph node and memory bounds. */
    PretrainConfig config(
            PretrainMethod method, long seed, SamplingConfig sampling, int fullGraphMaxNodes, long fullGraphMaxBytes) {
        return PAPER.toBuilder()
                .method(method)
                .steps(steps)
                .seedNodes(seedNodes)
                .edgeMaskRatio(edgeMask)
                .featureMaskRatio(featureMask)
                .negatives(negatives)
                .alpha(alpha)
                .lambda(lambda)
                .temperature(temperature)
                .optimizer(PAPER.optimizer().withLearningRate(learningRate))
                .sampling(sampling)
                .fullGraphMaxNodes(fullGraphMaxNodes)
                .fullGraphMaxBytes(fullGraphMaxBytes)
                .logEvery(logEvery)
                .checkpointEvery(checkpointEvery)
                .seed(seed)
                .textPair(new TextPairConfig(
                        PAPER.textPair().transformer(), PAPER.textPair().tokenMaskRatio(), textTokensPerStep))
                .variant(variant())
                .dropout(dropout)
                .warmupSteps(warmupSteps)
                .textWarmupSteps(
                        textWarmupSteps != null
                                ? textWarmupSteps
                                : Objective.parse(objective).textWarmupSteps())
                .build();
    }
}
