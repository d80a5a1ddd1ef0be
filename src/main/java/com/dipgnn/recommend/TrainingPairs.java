package com.dipgnn.recommend;

import com.dipgnn.ranking.Interactions;
import com.dipgnn.ranking.NegativeSampling;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;

/**
 * One training step's pairs: users, their positive items, and negatives drawn as
 * {@link NegativeSampling} says.
 *
 * @param users the batch's users
 * @param positives each user's positive item
 * @param negatives BPR: one row of {@code negativeCount} items per pair; softmax with uniform
 *     negatives: one shared pool; in-batch: empty (the positives serve)
 * @param shared whether {@code negatives} is one pool shared by the batch
 */
record TrainingPairs(int[] users, int[] positives, int[] negatives, boolean shared) {

    /** The pairs {@code order[from..to)} of the training interactions, with their negatives. */
    static TrainingPairs draw(
            Interactions train,
            int[] pairUsers,
            int[] pairItems,
            int[] order,
            int from,
            int to,
            RecommenderConfig config,
            Random rng) {
        int b = to - from;
        int[] users = new int[b];
        int[] positives = new int[b];
        for (int i = 0; i < b; i++) {
            users[i] = pairUsers[order[from + i]];
            positives[i] = pairItems[order[from + i]];
        }
        if (config.negatives() == NegativeSampling.IN_BATCH) {
            return new TrainingPairs(users, positives, new int[0], false);
        }
        if (config.loss().isSoftmax()) {
            int[] pool = new int[config.negativeCount()];
            for (int n = 0; n < pool.length; n++) {
                pool[n] = rng.nextInt(train.items());
            }
            return new TrainingPairs(users, positives, pool, true);
        }
        int[] negatives = new int[b * config.negativeCount()];
        for (int i = 0; i < b; i++) {
            for (int n = 0; n < config.negativeCount(); n++) {
                negatives[i * config.negativeCount() + n] = uniformNegative(train, users[i], rng);
            }
        }
        return new TrainingPairs(users, positives, negatives, false);
    }

    /**
     * The distinct users and items these pairs name (ascending), and the pairs re-indexed into
     * them: user {@code u} of the pairs is {@code local.users()[p]} where {@code users[local…] == u}.
     *
     * @param users the distinct users, ascending
     * @param items the distinct items among positives and negatives, ascending
     * @param local the same pairs, by position in {@code users} and {@code items}
     */
    record Rows(int[] users, int[] items, TrainingPairs local) {}

    /** These pairs over only the rows they read (what a row-sparse step gathers). */
    Rows rows() {
        int[] distinctUsers = Arrays.stream(users).distinct().sorted().toArray();
        int[] distinctItems = IntStream.concat(Arrays.stream(positives), Arrays.stream(negatives))
                .distinct()
                .sorted()
                .toArray();
        return new Rows(
                distinctUsers,
                distinctItems,
                new TrainingPairs(
                        positions(users, distinctUsers),
                        positions(positives, distinctItems),
                        positions(negatives, distinctItems),
                        shared));
    }

    private static int[] positions(int[] ids, int[] sortedDistinct) {
        int[] at = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            at[i] = Arrays.binarySearch(sortedDistinct, ids[i]);
        }
        return at;
    }

    /** An item {@code user} has no training interaction with (LightGCN's sampler); any item if none is left. */
    private static int uniformNegative(Interactions train, int user, Random rng) {
        if (train.count(user) >= train.items()) {
            return rng.nextInt(train.items());
        }
        int item;
        do {
            item = rng.nextInt(train.items());
        } while (train.contains(user, item));
        return item;
    }
}
