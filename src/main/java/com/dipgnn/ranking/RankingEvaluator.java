package com.dipgnn.ranking;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.StepRandom;
import com.dipgnn.model.GraphOps;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;

/**
 * Evaluates a scorer {@code score(u, i) = userVectors[u] · itemVectors[i]} under the field's
 * protocols (docs/results.md, "Recommendation"):
 * <ul>
 *   <li><b>full ranking</b> (LightGCN): every item except those in {@code exclude} is ranked for
 *       each user with held-out items; Recall@K and NDCG@K ({@link TopKMetrics}). Scores are a
 *       user-chunk × item matrix product, chunked so that one chunk holds at most
 *       {@link #CHUNK_SCORES} scores;</li>
 *   <li><b>sampled ranking</b> (the paper): each held-out pair against {@code sampledNegatives}
 *       items the user never interacted with; MRR and Hits@1/10 ({@link SampledMetrics});</li>
 *   <li><b>leave-one-out</b> (SASRec): when every user holds out at most one item, HR@10 and
 *       NDCG@10 against 100 sampled negatives.</li>
 * </ul>
 */
public final class RankingEvaluator {

    /** Scores held at once by the full-ranking product (32 MB of floats). */
    public static final int CHUNK_SCORES = 8 << 20;

    private final int fullK;
    private final int sampledNegatives;
    private final long seed;

    /**
     * @param fullK the K of Recall@K and NDCG@K (the field: 20)
     * @param sampledNegatives negatives per held-out pair for MRR (the paper: 255)
     * @param seed fixes the sampled negatives (the same for every model compared)
     */
    public RankingEvaluator(int fullK, int sampledNegatives, long seed) {
        this.fullK = fullK;
        this.sampledNegatives = sampledNegatives;
        this.seed = seed;
    }

    /**
     * Every protocol's metrics, keyed {@code recall@K}, {@code ndcg@K}, {@code mrr}, {@code hits@1},
     * {@code hits@10}, and for leave-one-out splits {@code hr@10_loo}, {@code ndcg@10_loo}; with
     * the short head taken from {@code exclude}'s item degrees (see the overload).
     *
     * @param userVectors shape (users, d)
     * @param itemVectors shape (items, d)
     * @param heldOut the pairs to recover
     * @param exclude items not ranked for a user in full ranking (its training interactions)
     * @param interacted every known interaction of every split: never a sampled negative
     */
    public Map<String, Double> evaluate(
            NDArray userVectors,
            NDArray itemVectors,
            Interactions heldOut,
            Interactions exclude,
            Interactions interacted) {
        return evaluate(
                userVectors, itemVectors, heldOut, exclude, interacted, PopularitySegments.of(exclude.itemDegrees()));
    }

    /**
     * {@link #evaluate(NDArray, NDArray, Interactions, Interactions, Interactions)} with the
     * popularity segments given: besides, {@code recall@K_head} and {@code recall@K_tail}
     * ({@link SegmentRecall}), each where its segment holds held-out pairs.
     *
     * @param segments the short head and long tail, from the training interactions
     */
    public Map<String, Double> evaluate(
            NDArray userVectors,
            NDArray itemVectors,
            Interactions heldOut,
            Interactions exclude,
            Interactions interacted,
            PopularitySegments segments) {
        Map<String, Double> out = new LinkedHashMap<>();
        SegmentRecall bySegment = new SegmentRecall(fullK, segments);
        TopKMetrics full = fullRanking(userVectors, itemVectors, heldOut, exclude, bySegment);
        out.put("recall@" + fullK, full.recall());
        out.put("ndcg@" + fullK, full.ndcg());
        if (bySegment.headPairs() > 0) {
            out.put(headKey(fullK), bySegment.head());
        }
        if (bySegment.tailPairs() > 0) {
            out.put(tailKey(fullK), bySegment.tail());
        }
        float[] users = userVectors.toFloatArray();
        float[] items = itemVectors.toFloatArray();
        int d = (int) userVectors.getShape().get(1);
        SampledMetrics sampled = sampled(users, items, d, heldOut, interacted, sampledNegatives, 10, 0x5A);
        out.put("mrr", sampled.mrr());
        out.put("hits@10", sampled.hitRate());
        if (isLeaveOneOut(heldOut)) {
            SampledMetrics loo = sampled(users, items, d, heldOut, interacted, 100, 10, 0x100);
            out.put("hr@10_loo", loo.hitRate());
            out.put("ndcg@10_loo", loo.ndcg());
        }
        return out;
    }

    /** Whether no user holds out more than one item. */
    public static boolean isLeaveOneOut(Interactions heldOut) {
        for (int u = 0; u < heldOut.users(); u++) {
            if (heldOut.count(u) > 1) {
                return false;
            }
        }
        return heldOut.size() > 0;
    }

    /** The key of Recall@K over the short head's held-out pairs. */
    public static String headKey(int k) {
        return "recall@" + k + "_head";
    }

    /** The key of Recall@K over the long tail's held-out pairs. */
    public static String tailKey(int k) {
        return "recall@" + k + "_tail";
    }

    /** Full ranking of every item but the excluded ones, for every user with held-out items. */
    public TopKMetrics fullRanking(
            NDArray userVectors, NDArray itemVectors, Interactions heldOut, Interactions exclude) {
        return fullRanking(userVectors, itemVectors, heldOut, exclude, null);
    }

    private TopKMetrics fullRanking(
            NDArray userVectors,
            NDArray itemVectors,
            Interactions heldOut,
            Interactions exclude,
            SegmentRecall bySegment) {
        int[] users = heldOut.activeUsers();
        int items = (int) itemVectors.getShape().get(0);
        int chunk = Math.max(1, CHUNK_SCORES / Math.max(1, items));
        TopKMetrics metrics = new TopKMetrics(fullK);
        NDArray itemsT = itemVectors.transpose();
        for (int from = 0; from < users.length; from += chunk) {
            int to = Math.min(users.length, from + chunk);
            int[] rows = Arrays.copyOfRange(users, from, to);
            float[] scores;
            try (NDManager scope = userVectors.getManager().newSubManager()) {
                NDArray q = GraphOps.gatherRows(userVectors, GraphOps.index(scope, rows));
                scores = q.matMul(itemsT).toFloatArray();
            }
            int[][] tops = topKs(scores, rows, items, exclude);
            for (int r = 0; r < rows.length; r++) {
                metrics.add(tops[r], heldOut.items(rows[r]));
                if (bySegment != null) {
                    bySegment.add(tops[r], heldOut.items(rows[r]));
                }
            }
        }
        return metrics;
    }

    /**
     * Each row's K best items, the rows scanned in parallel on the common fork-join pool (the scan
     * reads every score once: at catalog size it, not the product, is most of a ranking's time);
     * the metrics then add them in row order, so the result does not depend on the threads.
     */
    private int[][] topKs(float[] scores, int[] rows, int items, Interactions exclude) {
        int[][] tops = new int[rows.length][];
        IntStream.range(0, rows.length)
                .parallel()
                .forEach(r -> tops[r] = topK(scores, r * items, items, exclude, rows[r], fullK));
        return tops;
    }

    /**
     * The K best items of one user's score row (excluded items skipped), best first; ties go to
     * the lower item id.
     */
    static int[] topK(float[] scores, int offset, int items, Interactions exclude, int user, int k) {
        int[] best = new int[k];
        float[] bestScore = new float[k];
        int size = 0;
        int[] excluded = exclude.items(user);
        int next = 0;
        for (int i = 0; i < items; i++) {
            if (next < excluded.length && excluded[next] == i) {
                next++;
                continue;
            }
            float s = scores[offset + i];
            if (size == k && !(s > bestScore[k - 1])) {
                continue; // items come in ascending id: an equal score never displaces a lower id
            }
            int p = size < k ? size++ : k - 1;
            while (p > 0 && s > bestScore[p - 1]) {
                best[p] = best[p - 1];
                bestScore[p] = bestScore[p - 1];
                p--;
            }
            best[p] = i;
            bestScore[p] = s;
        }
        return Arrays.copyOf(best, size);
    }

    private SampledMetrics sampled(
            float[] users,
            float[] items,
            int d,
            Interactions heldOut,
            Interactions interacted,
            int negatives,
            int k,
            long salt) {
        SampledMetrics metrics = new SampledMetrics(k);
        Random rng = StepRandom.rngFor(seed, salt);
        int itemCount = items.length / d;
        float[] negativeScores = new float[negatives];
        for (int u : heldOut.activeUsers()) {
            if (interacted.count(u) >= itemCount) {
                continue;
            }
            for (int item : heldOut.items(u)) {
                for (int n = 0; n < negatives; n++) {
                    int candidate;
                    do {
                        candidate = rng.nextInt(itemCount);
                    } while (interacted.contains(u, candidate));
                    negativeScores[n] = dot(users, u, items, candidate, d);
                }
                metrics.add(dot(users, u, items, item, d), negativeScores, 0, negatives);
            }
        }
        return metrics;
    }

    private static float dot(float[] users, int u, float[] items, int i, int d) {
        float sum = 0;
        for (int c = 0; c < d; c++) {
            sum += users[u * d + c] * items[i * d + c];
        }
        return sum;
    }
}
