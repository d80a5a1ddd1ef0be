package com.dipgnn.cli;

import com.dipgnn.bench.RecommendBenchmark;
import com.dipgnn.bench.RecommenderBenchmark;
import com.dipgnn.ranking.PopularityPrior;
import java.util.Locale;

/**
 * The text reports of {@code bench --config recommend} (top-k recommendation latency, exact scan against the
 * inverted-file index, with recall) and {@code bench --config recommender} (a baseline recommender's step and
 * full ranking).
 */
final class RecommendBenchText {

    private RecommendBenchText() {}

    static String recommendText(RecommendBenchmark.Report r) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT,
                "== recommend: top-10 of %,d candidate products, embeddings of width %d%n",
                r.candidates(),
                r.dim()));
        sb.append(String.format(
                Locale.ROOT,
                "graph: %s (generated in %.1f s)%nmodel: %s (%.1f s)%n",
                r.graph(),
                r.graphSeconds(),
                r.model(),
                r.modelSeconds()));
        sb.append(String.format(
                Locale.ROOT,
                "deployment: every node embedded in %.1f s (%s); index built in %.1f s: %s%n",
                r.embeddingSeconds(),
                r.inference(),
                r.indexSeconds(),
                r.index()));
        PopularityPrior prior = r.popularityPrior();
        sb.append(
                prior.changesScores()
                        ? String.format(
                                Locale.ROOT,
                                "ranking: cosine + %s * log(1 + in-degree) (popularity prior, %s)%n",
                                prior.beta(),
                                prior.chosenBy())
                        : "ranking: cosine (no popularity prior)\n");
        sb.append(String.format(
                Locale.ROOT,
                "%-30s %8s %8s %8s %8s %9s %9s %9s%n",
                "single thread",
                "p50 ms",
                "p99 ms",
                "cpu p50",
                "cpu p99",
                "queries/s",
                "recall@10",
                "excluding"));
        for (RecommendBenchmark.Row row : r.rows()) {
            recommendLine(sb, row);
        }
        recommendLine(sb, r.api());
        recommendLine(sb, r.newNode());
        sb.append(String.format(
                Locale.ROOT,
                "new nodes: top-10 agreement with the copied query's own recommend() "
                        + "%.4f; largest embedding difference from the copied query's %.2g%n",
                r.newNodeAgreement(),
                r.newNodeMaxDifference()));
        RecommendBenchmark.Row exact = r.rows().get(0);
        for (RecommendBenchmark.Row row : r.rows().subList(1, r.rows().size())) {
            sb.append(String.format(
                    Locale.ROOT,
                    "exact / %s: %.1fx the p50 latency, %.1fx the p50 CPU time, " + "%.1fx fewer queries/s%n",
                    row.name(),
                    exact.latency().median() / row.latency().median(),
                    exact.cpu().median() / row.cpu().median(),
                    row.queriesPerSecond() / exact.queriesPerSecond()));
        }
        sb.append(
                "(recall@10: share of the exact top 10 found; 'excluding': with the query's clicked products excluded; "
                        + "cpu: CPU time of the querying thread; recommend(): the deployment's own call with its default nprobe, "
                        + "excluding clicked products; recommendForNewNode(): copies of existing queries (features and "
                        + "clicks) as new nodes, through the encoder and the default index, recall against the existing "
                        + "query's exact top 10)\n");
        return sb.toString();
    }

    private static void recommendLine(StringBuilder sb, RecommendBenchmark.Row row) {
        sb.append(String.format(
                Locale.ROOT,
                "%-30s %8.3f %8.3f %8.3f %8.3f %9.0f %9.4f %9.4f%n",
                row.name(),
                row.latency().median(),
                row.latency().percentile(99),
                row.cpu().median(),
                row.cpu().percentile(99),
                row.queriesPerSecond(),
                row.recall(),
                row.recallExcluding()));
    }

    /** The text report of {@code bench --config recommender}: a baseline recommender's step and full ranking on {@code dataset}. */
    static String recommenderText(RecommenderBenchmark.Report r, String dataset) {
        return String.format(
                Locale.ROOT,
                "== %s on %s: %,d users, %,d items, %,d training pairs%nstep median %.1f ms (p10 %.1f, p90 %.1f)"
                        + "%nepoch (projected) %.1f s%nfull ranking of %,d test users x %,d items: %.1f s%n"
                        + "load average at the end: %s%n",
                r.model(),
                dataset,
                r.users(),
                r.items(),
                r.trainPairs(),
                r.step().median(),
                r.step().percentile(10),
                r.step().percentile(90),
                r.epochSeconds(),
                r.testUsers(),
                r.items(),
                r.fullRankingSeconds(),
                r.loadAverage());
    }
}
