package com.dipgnn.jobs.parameters;

import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.split.PretrainSplit;
import com.dipgnn.jobs.runner.JobParameterException;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.NodeInputConfig;
import com.dipgnn.model.PropagationConfig;
import com.dipgnn.naming.EnumNames;
import com.dipgnn.pretraining.FeatureReplacement;
import com.dipgnn.pretraining.GeneratedEdges;
import com.dipgnn.pretraining.Objective;
import com.dipgnn.pretraining.ObjectiveVariant;
import com.dipgnn.pretraining.PretrainConfig;
import com.dipgnn.pretraining.PretrainMethod;
import com.dipgnn.sampling.SamplingConfig;

/**
 * A pre-training job resolved for the engine: its encoder architecture, its pre-training settings
 * and objective, the network it keeps by default, and what it pre-trains on in a graph.
 */
final class PretrainResolution {

    private PretrainResolution() {}

    /** The encoder architecture {@code job} names ({@link PretrainParameters#modelConfig}). */
    static ModelConfig model(PretrainParameters job) {
        ParameterChecks.hiddenDivisibleByHeads(job.hidden(), job.heads());
        Backbone backbone = ParameterChecks.backbone(job.backbone());
        return new ModelConfig(
                backbone,
                job.layers(),
                job.hidden(),
                job.heads(),
                job.dropout(),
                ModelConfig.PAPER_DEFAULT.attentionDropout(),
                ParameterChecks.nodeInputs(
                        NodeInputConfig.DEFAULT,
                        job.nodeEmbeddings(),
                        job.embeddingWidth(),
                        job.structuralInputs(),
                        job.embeddingRowDropout()),
                PropagationParameters.config(job.propagation(), backbone, PropagationConfig.DEFAULT));
    }

    /** The engine's pre-training settings {@code job} names ({@link PretrainParameters#toPretrainConfig}). */
    static PretrainConfig config(PretrainParameters job) {
        PretrainConfig paper = PretrainConfig.PAPER_DEFAULT;
        return paper.toBuilder()
                .method(job.pretrainMethod())
                .steps(job.steps())
                .seedNodes(job.seedNodes())
                .edgeMaskRatio(job.edgeMaskRatio())
                .featureMaskRatio(job.featureMaskRatio())
                .negatives(job.negatives())
                .alpha(job.alpha())
                .lambda(job.lambda())
                .temperature(job.temperature())
                .optimizer(paper.optimizer()
                        .withLearningRate(job.learningRate())
                        .withWeightDecay(job.weightDecay())
                        .withClipNorm(job.clipNorm()))
                .sampling(new SamplingConfig(job.samplingDepth(), job.samplingWidth()))
                .logEvery(job.logEvery())
                .checkpointEvery(job.checkpointEvery())
                .seed(job.seed())
                .variant(job.objectiveVariant())
                .dropout(job.dropout())
                .warmupSteps(job.warmupSteps())
                .textWarmupSteps(job.textWarmupSteps())
                .build();
    }

    /** The objective: {@code job}'s objective with its feature replacement, generated edges and negatives. */
    static ObjectiveVariant variant(PretrainParameters job) {
        ObjectiveVariant d = ParameterChecks.named("objective", job.objective(), Objective.class)
                .variant();
        return new ObjectiveVariant(
                ParameterChecks.named("featureReplacement", job.featureReplacement(), FeatureReplacement.class),
                d.generatorWarmup(),
                d.reduction(),
                d.discriminatorTemperature(),
                d.heldOutDiscrimination(),
                ParameterChecks.named("generatedEdges", job.generatedEdges(), GeneratedEdges.class),
                job.generatorShare(),
                job.generatorTemperature(),
                job.hardeningSteps(),
                job.generatorWidth());
    }

    /** What {@code job} pre-trains on in {@code graph} ({@link PretrainParameters#pretrainSplitFor}). */
    static PretrainSplit split(PretrainParameters job, HeteroGraph graph) {
        SplitMode mode = job.splitMode();
        if (mode == SplitMode.TRANSFER) {
            return new PretrainSplit.NodeTransfer(job.splitSeed(), job.splitNodeTypeFor(graph));
        }
        try {
            return new PretrainSplit.TrainingEdges(
                    mode.edgeSplitKind(), ExperimentSpec.predictedRelation(graph, job.relation()), job.splitSeed());
        } catch (IllegalArgumentException e) {
            throw new JobParameterException(
                    "relation",
                    e.getMessage() + "; an edge split holds out edges of one of "
                            + ParameterChecks.forwardRelations(graph));
        }
    }

    /** The network {@code method} keeps, by name; null for none or an unknown method (validation reports it). */
    static String defaultKeep(String method) {
        try {
            PretrainMethod.Kept kept = PretrainMethod.parse(method).kept();
            return kept == PretrainMethod.Kept.NONE ? null : EnumNames.nameOf(kept);
        } catch (IllegalArgumentException e) {
            return null; // an unknown method is reported by validation
        }
    }
}
