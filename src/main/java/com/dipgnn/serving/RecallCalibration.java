package com.dipgnn.serving;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Measures an approximate index's recall@k against an exact scan on sample queries and, below a
 * target, widens its search ({@link VectorIndex#wider()}) until the target is met or the index
 * can widen no more. How well an approximate index finds the exact top k depends on the vectors
 * (their spread, a popularity prior's extra coordinate), which a fixed setting cannot know: a
 * JVector graph at its default beam found 0.66 to 0.88 of the exact top 10 over one GAT model's
 * 100,000 candidates with a prior, and 0.97 over the same vectors without it (docs/performance.md).
 * A deployment calibrates once, when it builds its index, and reports the recall it measured.
 */
public final class RecallCalibration {

    /** Sample queries a deployment calibrates with. */
    public static final int DEFAULT_QUERIES = 256;
    /** The k whose recall is measured (the usual top 10). */
    public static final int DEFAULT_K = 10;
    /** At most this many widenings (each about doubles the search): 64 times the configured width. */
    public static final int MAX_WIDENINGS = 6;

    private RecallCalibration() {}

    /**
     * What calibration measured and chose.
     *
     * @param index the index to serve: the given one, or a wider view of it
     * @param recall recall@k of {@code index} on the sample queries: the share of each query's exact
     *     top k that it returned, averaged over queries
     * @param queries sample queries measured
     * @param k the k measured
     * @param target the recall aimed at (0: measured only)
     * @param widenings how many times the search was widened
     */
    public record Result(VectorIndex index, double recall, int queries, int k, double target, int widenings) {

        /** Whether the measured recall reached the target. */
        public boolean metTarget() {
            return recall >= target;
        }

        /** One line for logs and deployment stats. */
        public String describe() {
            String widened = widenings == 0
                    ? "not widened"
                    : "search widened " + widenings + (widenings == 1 ? " time" : " times");
            String met = target <= 0
                    ? ""
                    : metTarget()
                            ? ", target " + format(target) + " met"
                            : ", below the target " + format(target) + " at the widest search tried";
            return String.format(
                    Locale.ROOT,
                    "measured recall@%d %.4f on %d sampled queries (%s%s)",
                    k,
                    recall,
                    queries,
                    widened,
                    met);
        }

        private static String format(double value) {
            return String.format(Locale.ROOT, "%.2f", value);
        }
    }

    /**
     * Measures {@code index} on {@code queries} against {@code exact} and widens it until its recall@k
     * reaches {@code target}, at most {@link #MAX_WIDENINGS} times.
     *
     * @param index the approximate index
     * @param exact an exact index over the same vectors (the truth)
     * @param queries at least one query of the indexes' width
     * @param k the k to measure, at least 1
     * @param target recall to reach, in [0, 1]; 0 measures without widening
     */
    public static Result calibrate(VectorIndex index, VectorIndex exact, List<float[]> queries, int k, double target) {
        if (queries.isEmpty() || k < 1 || !(target >= 0 && target <= 1)) {
            throw new IllegalArgumentException("calibration needs at least one query, k >= 1 and a target recall in "
                    + "[0, 1]; got " + queries.size() + " queries, k " + k + ", target " + target);
        }
        if (index.size() != exact.size() || index.dim() != exact.dim()) {
            throw new IllegalArgumentException("the exact index must hold the same vectors: " + exact.size() + " x "
                    + exact.dim() + " against " + index.size() + " x " + index.dim());
        }
        List<Set<Integer>> truth = queries.parallelStream()
                .map(q -> ids(exact.search(q, k, id -> false)))
                .toList();
        VectorIndex current = index;
        double recall = recall(current, queries, truth, k);
        int widenings = 0;
        while (recall < target && widenings < MAX_WIDENINGS) {
            Optional<VectorIndex> wider = current.wider();
            if (wider.isEmpty()) {
                break;
            }
            current = wider.get();
            widenings++;
            recall = recall(current, queries, truth, k);
        }
        return new Result(current, recall, queries.size(), k, target, widenings);
    }

    /** The share of the exact top k found, averaged over queries (a query's share: found / its truth's size). */
    static double recall(VectorIndex index, List<float[]> queries, List<Set<Integer>> truth, int k) {
        return IntStream.range(0, queries.size())
                        .parallel()
                        .mapToDouble(i -> {
                            Set<Integer> expected = truth.get(i);
                            if (expected.isEmpty()) {
                                return 1.0;
                            }
                            long found = index.search(queries.get(i), k, id -> false).stream()
                                    .filter(n -> expected.contains(n.id()))
                                    .count();
                            return found / (double) expected.size();
                        })
                        .sum()
                / queries.size();
    }

    private static Set<Integer> ids(List<ScoredNode> nodes) {
        Set<Integer> ids = new HashSet<>();
        for (ScoredNode n : nodes) {
            ids.add(n.id());
        }
        return ids;
    }
}
