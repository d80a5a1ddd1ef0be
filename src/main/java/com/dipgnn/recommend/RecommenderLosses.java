package com.dipgnn.recommend;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.model.GraphOps;
import com.dipgnn.model.ScalarOps;
import com.dipgnn.ranking.RankingLoss;
import java.util.Arrays;

/**
 * The device math of the recommender losses (see {@link RankingLoss}); every array lives in
 * the step's scope. Shapes: B pairs, d the vector width, N negatives.
 */
final class RecommenderLosses {

    private RecommenderLosses() {}

    /** The step's loss: the configured ranking loss plus the L2 penalty on the batch's ego vectors. */
    static NDArray loss(StepVectors step, RecommenderConfig config, NDManager scope) {
        UserItemVectors vectors = step.vectors();
        TrainingPairs pairs = step.pairs();
        NDArray users = GraphOps.index(scope, pairs.users());
        NDArray positives = GraphOps.index(scope, pairs.positives());
        NDArray negatives = bprNegatives(pairs, scope);
        NDArray ranking = config.loss() == RankingLoss.BPR
                ? bpr(vectors, users, positives, negatives, pairs.users().length)
                : softmax(
                        config.loss().normalizes() ? vectors.normalized() : vectors,
                        users,
                        positives,
                        pairs,
                        config,
                        scope);
        if (config.l2() == 0) {
            return ranking;
        }
        UserItemVectors ego = step.ego();
        NDArray reg = GraphOps.gatherRows(ego.users(), users)
                .square()
                .sum()
                .add(GraphOps.gatherRows(ego.items(), positives).square().sum());
        if (negatives != null) {
            reg = reg.add(GraphOps.gatherRows(ego.items(), negatives).square().sum());
        }
        return ranking.add(ScalarOps.mul(reg, 0.5 * config.l2() / pairs.users().length));
    }

    /** Mean of {@code -log σ(s(u,i) - s(u,j))} over pairs and their negatives; stable softplus. */
    private static NDArray bpr(UserItemVectors v, NDArray users, NDArray positives, NDArray negatives, int b) {
        NDArray u = GraphOps.gatherRows(v.users(), users);
        NDArray pos = u.mul(GraphOps.gatherRows(v.items(), positives)).sum(new int[] {1}, true);
        int perPair = (int) (negatives.size() / b);
        NDArray neg = GraphOps.gatherRows(v.items(), negatives)
                .reshape(b, perPair, -1)
                .mul(u.expandDims(1))
                .sum(new int[] {2});
        return ScalarOps.softplus(neg.sub(pos)).mean();
    }

    /** BPR's negatives: the sampled ones, or in-batch the next pair's positive; null for softmax. */
    private static NDArray bprNegatives(TrainingPairs pairs, NDManager scope) {
        if (pairs.shared()) {
            return null;
        }
        if (pairs.negatives().length > 0) {
            return GraphOps.index(scope, pairs.negatives());
        }
        int b = pairs.positives().length;
        int[] shifted = new int[b];
        for (int i = 0; i < b; i++) {
            shifted[i] = pairs.positives()[(i + 1) % b];
        }
        return GraphOps.index(scope, shifted);
    }

    /**
     * Sampled softmax. With a uniform pool, a pool item the user happens to have interacted with
     * stays a negative ("accidental hits" are not removed: 0.18% of the pool entries on Gowalla
     * at batch 8,192 x 2,048; a 16.7M-entry host mask that removed them made the gradients
     * garbage after a few steps there, measured, and was dropped).
     */
    private static NDArray softmax(
            UserItemVectors v,
            NDArray users,
            NDArray positives,
            TrainingPairs pairs,
            RecommenderConfig config,
            NDManager scope) {
        NDArray u = GraphOps.gatherRows(v.users(), users);
        float inverseT = (float) (1 / config.temperature());
        if (pairs.negatives().length == 0) {
            return inBatch(v, u, pairs, inverseT, scope);
        }
        int b = pairs.users().length;
        int n = pairs.negatives().length;
        NDArray pos = u.mul(GraphOps.gatherRows(v.items(), positives)).sum(new int[] {1}, true);
        NDArray pool = GraphOps.gatherRows(v.items(), GraphOps.index(scope, pairs.negatives()));
        NDArray logits = ScalarOps.mul(pos.concat(u.matMul(pool.transpose()), 1), inverseT);
        return logits.logSoftmax(1).get(":, 0").neg().mean();
    }

    /** Softmax over the batch's distinct positive items; each pair's target is its own item. */
    private static NDArray inBatch(UserItemVectors v, NDArray u, TrainingPairs pairs, float inverseT, NDManager scope) {
        int[] columns = Arrays.stream(pairs.positives()).distinct().sorted().toArray();
        long[] target = new long[pairs.positives().length];
        for (int i = 0; i < target.length; i++) {
            target[i] = Arrays.binarySearch(columns, pairs.positives()[i]);
        }
        NDArray items = GraphOps.gatherRows(v.items(), GraphOps.index(scope, columns));
        NDArray logp = ScalarOps.mul(u.matMul(items.transpose()), inverseT).logSoftmax(1);
        return logp.gather(scope.create(target, new Shape(target.length, 1)), 1)
                .neg()
                .mean();
    }
}
