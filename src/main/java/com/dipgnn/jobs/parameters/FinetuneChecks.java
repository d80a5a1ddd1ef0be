package com.dipgnn.jobs.parameters;

import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.split.PretrainSplit;
import com.dipgnn.jobs.runner.JobParameterException;
import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.ranking.RankingLoss;
import com.dipgnn.store.ModelManifest;

/**
 * The checks of a fine-tuning job against its graph and pre-trained model: fields the task would
 * ignore, the link objective, the architecture, the classified type or predicted relation, and the
 * pre-trained model ({@link PretrainedModelCheck}). Each refusal is a {@link JobParameterException}
 * naming the field.
 */
final class FinetuneChecks {

    private FinetuneChecks() {}

    /**
     * Checks the task's target type or relation, the architecture, and that the pre-trained model
     * (when given) was pre-trained on what this job's split lets pre-training see of this graph,
     * with this split seed, so that pre-training never saw a node or edge fine-tuning tests on.
     */
    static void check(FinetuneParameters job, HeteroGraph graph, ModelManifest pretrainedOrNull) {
        TaskKind kind = job.taskKind();
        job.splitMode();
        if (kind == TaskKind.LINK_PREDICTION && job.targetType() != null) {
            throw new JobParameterException(
                    "targetType",
                    "targetType names the node type the node task classifies;"
                            + " the link task would ignore it: drop it, or use task node (the link task takes relation)");
        }
        if (kind == TaskKind.NODE_CLASSIFICATION && job.relation() != null) {
            throw new JobParameterException(
                    "relation",
                    "relation names the relation the link task predicts; the"
                            + " node task would ignore it: drop it, or use task link (the node task takes targetType)");
        }
        RankingLoss loss = ParameterChecks.named(
                "linkLoss", job.linkLoss(), RankingLoss.class, FinetuneParameters.LINK_LOSS_EXCLUDED);
        NegativeSampling negatives =
                ParameterChecks.named("linkNegatives", job.linkNegatives(), NegativeSampling.class);
        if (negatives == NegativeSampling.UNIFORM_LOGQ && loss == RankingLoss.BPR) {
            throw new JobParameterException(
                    "linkNegatives",
                    "uniform-logq corrects a sampled softmax; with linkLoss "
                            + "bpr use uniform or in-batch, or use linkLoss softmax");
        }
        job.featureStandardization();
        job.popularityPriorSetting();
        if (job.backbone() != null) {
            ParameterChecks.backbone(job.backbone());
        }
        if (job.pretrainedModelId() != null && pretrainedOrNull == null) {
            throw new JobParameterException(
                    "pretrainedModelId",
                    "model '" + job.pretrainedModelId() + "' was not found; "
                            + "give the id of a pre-trained model, or omit pretrainedModelId to train from scratch");
        }
        FinetuneResolution.model(job, pretrainedOrNull); // hidden and heads, the propagation options
        ParameterChecks.embeddingTypes(graph, job.nodeInputs(pretrainedOrNull));
        if (kind == TaskKind.NODE_CLASSIFICATION) {
            GraphTargets.targetType(graph, job.targetType());
        } else {
            GraphTargets.requireEnoughCandidates(graph, GraphTargets.relation(graph, job.relation()), job.splitMode());
        }
        if (pretrainedOrNull != null) {
            // what the engine lets pre-training see under this split, as the command line fine-tunes
            PretrainSplit seen = job.toSpec(pretrainedOrNull).pretrainSplit(graph);
            PretrainedModelCheck.check(job, graph, pretrainedOrNull, seen);
        }
    }
}
