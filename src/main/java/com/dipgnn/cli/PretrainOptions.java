package com.dipgnn.cli;

import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.model.TransformerConfig;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.pretraining.FeatureReplacement;
import com.dipgnn.pretraining.GeneratedEdges;
import com.dipgnn.pretraining.LossReduction;
import com.dipgnn.pretraining.ObjectiveVariant;
import com.dipgnn.pretraining.PretrainConfig;
import com.dipgnn.pretraining.PretrainMethod;
import com.dipgnn.pretraining.TextPairConfig;
import com.dipgnn.sampling.SamplingConfig;
import picocli.CommandLine.Option;

/** Pre-training options shared by {@code pretrain} and {@code reproduce} (picocli mixin). */
final class PretrainOptions {

    @Option(
            names = "--pretrain-steps",
            defaultValue = "1000",
            description = "pre-training steps (default: ${DEFAULT-VALUE})")
    int steps;

    @Option(
            names = "--pretrain-seed-nodes",
            defaultValue = "128",
            description = "seed nodes of each pre-training subgraph (default: ${DEFAULT-VALUE})")
    int seedNodes;

    @Option(
            names = "--edge-mask",
            defaultValue = "0.2",
            description = "share of edges masked (default: ${DEFAULT-VALUE})")
    double edgeMask;

    @Option(
            names = "--feature-mask",
            defaultValue = "0.2",
            description = "share of featured nodes whose features are generated (default: ${DEFAULT-VALUE})")
    double featureMask;

    @Option(
            names = "--pretrain-negatives",
            defaultValue = "255",
            description =
                    "negative sources per masked edge in the generator's candidate set (default: ${DEFAULT-VALUE})")
    int negatives;

    @Option(names = "--alpha", defaultValue = "1.0", description = "|E_u^d| = alpha |E_g| (default: ${DEFAULT-VALUE})")
    double alpha;

    @Option(
            names = "--lambda",
            defaultValue = "20",
            description = "weight of the discriminator's losses (default: ${DEFAULT-VALUE})")
    double lambda;

    @Option(
            names = "--pretrain-temperature",
            defaultValue = "" + PretrainConfig.DEFAULT_TEMPERATURE,
            description =
                    "cosine logits are d / temperature in pre-training (default: ${DEFAULT-VALUE}; the paper's Eq. 2 "
                            + "has none, i.e. 1; GPT-GNN uses 0.1; docs/pretraining.md has the measured comparison)")
    double temperature;

    @Option(
            names = "--pretrain-lr",
            defaultValue = "0.001",
            description = "pre-training learning rate (default: ${DEFAULT-VALUE})")
    double learningRate;

    @Option(
            names = "--log-every",
            defaultValue = "50",
            description = "steps per pre-training log line (default: ${DEFAULT-VALUE})")
    int logEvery;

    @Option(
            names = "--checkpoint-every",
            defaultValue = "200",
            description = "steps between checkpoints, 0 = none (default: ${DEFAULT-VALUE})")
    int checkpointEvery;

    @Option(
            names = "--text-tokens-per-step",
            defaultValue = "" + TextPairConfig.DEFAULT_MAX_TOKENS_PER_STEP,
            description = "most padded token positions per node type the text pair reads each step "
                    + "(default: ${DEFAULT-VALUE})")
    int textTokensPerStep;

    @Option(
            names = "--feature-replacement",
            defaultValue = "sampled",
            description = "vector features the discriminator sees in place of hidden ones: regressed (the generator's "
                    + "regression output, the paper's) or sampled (the real feature vector the generator picks as most "
                    + "likely, often another node's) (default: ${DEFAULT-VALUE})")
    String featureReplacement;

    @Option(
            names = "--loss-reduction",
            defaultValue = "mean",
            description = "how each pre-training loss term reduces over its edges, nodes and feature entries: mean "
                    + "(every term near 1) or sum (the paper's equations) (default: ${DEFAULT-VALUE})")
    String lossReduction;

    @Option(
            names = "--discriminator-temperature",
            defaultValue = "0",
            description = "the edge discriminator's logits are d / this; 0 = the pre-training temperature "
                    + "(the paper: 1, no temperature) (default: ${DEFAULT-VALUE})")
    double discriminatorTemperature;

    @Option(
            names = "--held-out-discrimination",
            description = "the discriminator encodes the unmasked edges only and tells the masked edges from the "
                    + "generated ones (neither in its input), instead of the paper's E_g against a sample of its own "
                    + "input edges")
    boolean heldOutDiscrimination;

    @Option(
            names = "--generated-edges",
            defaultValue = "sampled",
            description = "the generated source of a masked edge: sampled (drawn from the generator's softmax, as "
                    + "ELECTRA draws tokens) or most-likely (the generator's most likely candidate, the paper's) "
                    + "(default: ${DEFAULT-VALUE})")
    String generatedEdges;

    @Option(
            names = "--generator-warmup",
            defaultValue = "0",
            description = "pre-training steps at the start that train only the generator, so the discriminator "
                    + "starts against a generator that already picks well (default: ${DEFAULT-VALUE})")
    int generatorWarmup;

    @Option(
            names = "--gradient-norms-every",
            defaultValue = "0",
            description = "diagnostic: every this many pre-training steps (and on the first), measure each loss "
                    + "term's gradient norm on the encoder it trains, reported as grad_norm_<term> (one more "
                    + "forward and backward pass per term on those steps; the training is unchanged); 0: never "
                    + "(default: ${DEFAULT-VALUE})")
    int gradientNormsEvery;

    /** The pre-training settings; sampling and the whole-graph bounds follow the fine-tuning options' {@code spec}. */
    PretrainConfig config(PretrainMethod method, long seed, ExperimentSpec spec) {
        return config(method, seed, spec.sampling(), spec.fullGraphMaxNodes(), spec.fullGraphMaxBytes());
    }

    /** The pre-training settings with this sampling and these whole-graph node and memory bounds. */
    PretrainConfig config(
            PretrainMethod method, long seed, SamplingConfig sampling, int fullGraphMaxNodes, long fullGraphMaxBytes) {
        return new PretrainConfig(
                method,
                steps,
                seedNodes,
                edgeMask,
                featureMask,
                negatives,
                alpha,
                lambda,
                temperature,
                OptimizerConfig.PRE_TRAINING.withLearningRate(learningRate),
                sampling,
                fullGraphMaxNodes,
                fullGraphMaxBytes,
                logEvery,
                checkpointEvery,
                seed,
                new TextPairConfig(
                        TransformerConfig.PAPER_DEFAULT,
                        TextPairConfig.PAPER_DEFAULT.tokenMaskRatio(),
                        textTokensPerStep),
                new ObjectiveVariant(
                        FeatureReplacement.parse(featureReplacement),
                        generatorWarmup,
                        LossReduction.parse(lossReduction),
                        discriminatorTemperature,
                        heldOutDiscrimination,
                        GeneratedEdges.parse(generatedEdges)));
    }
}
