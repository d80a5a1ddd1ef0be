package com.dipgnn.jobs.parameters;

import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.FineTuneConfig;
import com.dipgnn.finetuning.FineTuneDefaults;
import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.jobs.runner.JobParameterException;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.NodeInputConfig;
import com.dipgnn.model.PropagationConfig;
import com.dipgnn.naming.EnumNames;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.ranking.RankingLoss;
import com.dipgnn.sampling.SamplingConfig;
import com.dipgnn.store.ModelManifest;

/**
 * A fine-tuning job resolved for the engine: its defaults for the task on the split, its
 * architecture and node inputs filled from the pre-trained model (or the defaults), and the
 * {@link ExperimentSpec} it runs.
 */
final class FinetuneResolution {

    private FinetuneResolution() {}

    /**
     * The defaults of the task on the split ({@link FineTuneDefaults#of}); a task or split that is
     * not one (bean validation refuses it later) takes the node task's or the transfer split's.
     */
    static FineTuneDefaults defaults(String task, String split) {
        return FineTuneDefaults.of(
                parsedOr(TaskKind.class, task, TaskKind.NODE_CLASSIFICATION),
                parsedOr(SplitMode.class, split, SplitMode.TRANSFER));
    }

    private static <E extends Enum<E>> E parsedOr(Class<E> type, String name, E fallback) {
        EnumNames<E> names = EnumNames.forType(type);
        return names.accepts(name) ? names.parse(name) : fallback;
    }

    /**
     * {@code job} with its absent architecture and node-input fields filled from the pre-trained
     * model, else from the defaults ({@link FinetuneParameters#withDefaults}).
     */
    static FinetuneParameters withDefaults(FinetuneParameters job, ModelManifest pretrainedOrNull) {
        ModelConfig from = pretrainedOrNull != null
                ? pretrainedOrNull.modelConfig()
                : defaults(job.task(), job.split()).model();
        NodeInputConfig inputs = job.nodeInputs(pretrainedOrNull);
        String backbone = or(job.backbone(), EnumNames.nameOf(from.backbone()));
        return new FinetuneParameters(
                job.task(),
                job.targetType(),
                job.relation(),
                job.pretrainedModelId(),
                backbone,
                or(job.layers(), from.layers()),
                or(job.hidden(), from.hidden()),
                or(job.heads(), from.heads()),
                job.dropout(),
                job.steps(),
                job.batchSize(),
                job.evalEvery(),
                job.patience(),
                job.learningRate(),
                job.weightDecay(),
                job.clipNorm(),
                job.labelFraction(),
                job.split(),
                job.splitSeed(),
                job.seed(),
                job.samplingDepth(),
                job.samplingWidth(),
                job.checkpointEvery(),
                inputs.embeddings().toString(),
                inputs.embeddingWidth() == 0 ? null : inputs.embeddingWidth(),
                inputs.structural().toString(),
                inputs.rowDropout(),
                job.linkLoss(),
                job.linkNegatives(),
                job.standardizeFeatures(),
                job.textInputs(),
                job.popularityPrior(),
                job.linkTemperature(),
                LinkSamplingParameters.filled(job.linkSampling()),
                PropagationParameters.filled(job.propagation(), backbone, from.propagation()),
                job.timeLimitSeconds());
    }

    /**
     * The encoder architecture of {@code job}, resolved by {@link #withDefaults}.
     *
     * @throws JobParameterException when it is not one (hidden and heads, the propagation options)
     */
    static ModelConfig model(FinetuneParameters job, ModelManifest pretrainedOrNull) {
        FinetuneParameters p = job.withDefaults(pretrainedOrNull);
        ParameterChecks.hiddenDivisibleByHeads(p.hidden(), p.heads());
        Backbone backbone = ParameterChecks.backbone(p.backbone());
        return new ModelConfig(
                backbone,
                p.layers(),
                p.hidden(),
                p.heads(),
                job.dropout(),
                FineTuneDefaults.of(job.taskKind(), job.splitMode()).model().attentionDropout(),
                job.nodeInputs(pretrainedOrNull),
                PropagationParameters.config(p.propagation(), backbone, PropagationConfig.DEFAULT));
    }

    /** The engine's experiment for {@code job}, its architecture resolved by {@link #withDefaults}. */
    static ExperimentSpec spec(FinetuneParameters job, ModelManifest pretrainedOrNull) {
        FinetuneParameters p = job.withDefaults(pretrainedOrNull);
        TaskKind kind = job.taskKind();
        FineTuneDefaults paper = FineTuneDefaults.of(kind, job.splitMode());
        ModelConfig model = model(job, pretrainedOrNull);
        OptimizerConfig optimizer = paper.optimizer()
                .withLearningRate(job.learningRate())
                .withWeightDecay(job.weightDecay())
                .withClipNorm(job.clipNorm());
        FineTuneConfig training = new FineTuneConfig(
                job.steps(), job.batchSize(), job.evalEvery(), job.patience(), optimizer, job.seed());
        return new ExperimentSpec(
                        kind,
                        job.targetType(),
                        job.relation(),
                        job.splitMode(),
                        job.splitSeed(),
                        job.labelFraction(),
                        model,
                        training,
                        new SamplingConfig(job.samplingDepth(), job.samplingWidth()),
                        paper.fullGraphMaxNodes(),
                        paper.normalizeFeatures(),
                        paper.evalNegatives(),
                        paper.trainNegatives(),
                        job.linkTemperature())
                .withLinkObjective(RankingLoss.parse(job.linkLoss()), NegativeSampling.parse(job.linkNegatives()))
                .withFeatureStandardization(job.featureStandardization())
                .withTextInputs(job.textInputScope())
                .withLinkSampling(
                        LinkSamplingParameters.filled(p.linkSampling()).toSampling());
    }

    private static <T> T or(T value, T fallback) {
        return value != null ? value : fallback;
    }
}
