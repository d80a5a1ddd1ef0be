package com.dipgnn.cli;

import com.dipgnn.optim.LearningRateSchedule;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.ranking.RankingLoss;
import com.dipgnn.recommend.RecommenderConfig;
import com.dipgnn.recommend.RecommenderKind;
import com.dipgnn.recommend.RowUpdates;
import picocli.CommandLine.Option;

/**
 * The options of the baseline recommenders (popularity, MF, LightGCN): a picocli mixin of
 * {@code finetune --model} and {@code reproduce --baselines}.
 */
final class RecommenderOptions {

    @Option(names = "--epochs", description = "baseline recommenders: passes over the training pairs (default: 400)")
    Integer epochs;

    @Option(
            names = "--rec-loss",
            description = "baseline recommenders: bpr, softmax (cosine / temperature) or "
                    + "dot-softmax (dot product / temperature) (default: bpr)")
    String loss;

    @Option(
            names = "--rec-negatives",
            description = "baseline recommenders: uniform or in-batch negatives " + "(default: uniform)")
    String negatives;

    @Option(
            names = "--rec-negative-count",
            description = "baseline recommenders: negatives per positive (BPR) or "
                    + "per batch (softmax, uniform) (default: 1 for BPR, 1024 for softmax)")
    Integer negativeCount;

    @Option(names = "--rec-dim", description = "baseline recommenders: vector width (default: 64)")
    Integer dim;

    @Option(names = "--rec-layers", description = "LightGCN propagation layers (default: 3)")
    Integer layers;

    @Option(names = "--rec-batch", description = "baseline recommenders: training pairs per step (default: 2048)")
    Integer batch;

    @Option(names = "--rec-lr", description = "baseline recommenders: Adam learning rate (default: 0.001)")
    Double learningRate;

    @Option(
            names = "--rec-lr-schedule",
            description = "baseline recommenders: constant, or cosine (half a cosine "
                    + "from --rec-lr down to zero over --epochs) (default: constant)")
    String schedule;

    @Option(names = "--rec-l2", description = "baseline recommenders: L2 weight on the batch's vectors (default: 1e-4)")
    Double l2;

    @Option(names = "--rec-temperature", description = "softmax loss: logits are cosine / temperature (default: 0.1)")
    Double temperature;

    @Option(
            names = "--rec-eval-every",
            description = "baseline recommenders: validate every this many epochs " + "(default: 10)")
    Integer evalEvery;

    @Option(
            names = "--rec-patience",
            description = "baseline recommenders: stop after this many validations without "
                    + "a better validation Recall@20, 0 = never (default: 5)")
    Integer patience;

    @Option(
            names = "--rec-row-updates",
            description = "matrix factorisation: update only each step's rows with lazy Adam (lazy), every row "
                    + "(dense), or lazy from " + RowUpdates.AUTO_LAZY_ROWS + " users and items together (auto; "
                    + "default); LightGCN always updates every row")
    String rowUpdates;

    /** The configuration of {@code kind} the options describe; {@code evalNegatives} as the fine-tuning options say. */
    RecommenderConfig config(RecommenderKind kind, int evalNegatives) {
        RankingLoss l = loss == null ? RankingLoss.BPR : RankingLoss.parse(loss);
        int count = negativeCount != null ? negativeCount : l == RankingLoss.BPR ? 1 : 1024;
        return new RecommenderConfig(
                kind,
                or(dim, 64),
                or(layers, 3),
                l,
                negatives == null ? NegativeSampling.UNIFORM : NegativeSampling.parse(negatives),
                count,
                or(temperature, 0.1),
                or(l2, 1e-4),
                or(epochs, 400),
                or(batch, 2048),
                new OptimizerConfig(or(learningRate, 1e-3), 0, 0, 1e-8, 0),
                schedule == null ? LearningRateSchedule.CONSTANT : LearningRateSchedule.parse(schedule),
                or(evalEvery, 10),
                or(patience, 5),
                20,
                evalNegatives,
                rowUpdates(kind));
    }

    /** The row updates the options ask of MF; LightGCN and popularity always take the default (every row). */
    private RowUpdates rowUpdates(RecommenderKind kind) {
        RowUpdates asked = rowUpdates == null ? RowUpdates.AUTO : RowUpdates.parse(rowUpdates);
        return kind == RecommenderKind.MF ? asked : RowUpdates.AUTO;
    }

    private static <T> T or(T value, T fallback) {
        return value != null ? value : fallback;
    }
}
