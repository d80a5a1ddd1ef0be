package com.dipgnn.training;

import com.dipgnn.model.ModelConfig;
import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.ranking.RankingLoss;
import com.dipgnn.sampling.SamplingConfig;

/**
 * Everything that defines a fine-tuning experiment apart from the data and the seed.
 *
 * @param task node classification or link prediction
 * @param targetType the labeled node type (node task); null picks the only labeled type
 * @param relation the predicted relation (link task), by name or key; null picks the first non-reverse one
 * @param split how the data is divided
 * @param splitSeed seed of the split (fixed across repeated runs)
 * @param labelFraction fraction of fine-tuning training labels kept (transfer split)
 * @param model the encoder architecture
 * @param training steps, batch, optimizer, early stopping
 * @param sampling per-step subgraph sampling
 * @param fullGraphMaxNodes graphs with at most this many nodes are processed whole instead of sampled
 * @param normalizeFeatures scale each feature row to sum 1 (GCN/GAT preprocessing)
 * @param evalNegatives negatives per held-out edge (link task; the paper uses 255)
 * @param trainNegatives shared negatives per training step (link task)
 * @param temperature link logits are cosine / temperature
 * @param linkLoss the link task's training loss: softmax over the positive and the negatives (the
 *     paper's cross-entropy) or BPR
 * @param linkNegatives the link task's training negatives: a uniform pool or the batch's other positives
 */
public record ExperimentSpec(
        TaskKind task,
        String targetType,
        String relation,
        SplitMode split,
        long splitSeed,
        double labelFraction,
        ModelConfig model,
        FineTuneConfig training,
        SamplingConfig sampling,
        int fullGraphMaxNodes,
        boolean normalizeFeatures,
        int evalNegatives,
        int trainNegatives,
        double temperature,
        RankingLoss linkLoss,
        NegativeSampling linkNegatives) {

    /** A spec with the paper's link objective: softmax over a uniform pool of negatives. */
    public ExperimentSpec(TaskKind task, String targetType, String relation, SplitMode split, long splitSeed,
                          double labelFraction, ModelConfig model, FineTuneConfig training, SamplingConfig sampling,
                          int fullGraphMaxNodes, boolean normalizeFeatures, int evalNegatives, int trainNegatives,
                          double temperature) {
        this(task, targetType, relation, split, splitSeed, labelFraction, model, training, sampling, fullGraphMaxNodes,
                normalizeFeatures, evalNegatives, trainNegatives, temperature, RankingLoss.SOFTMAX,
                NegativeSampling.UNIFORM);
    }

    public ExperimentSpec withLinkObjective(RankingLoss loss, NegativeSampling negatives) {
        return new ExperimentSpec(task, targetType, relation, split, splitSeed, labelFraction, model, training,
                sampling, fullGraphMaxNodes, normalizeFeatures, evalNegatives, trainNegatives, temperature, loss,
                negatives);
    }

    public ExperimentSpec withModel(ModelConfig m) {
        return new ExperimentSpec(task, targetType, relation, split, splitSeed, labelFraction, m, training,
                sampling, fullGraphMaxNodes, normalizeFeatures, evalNegatives, trainNegatives, temperature, linkLoss,
                linkNegatives);
    }
}
