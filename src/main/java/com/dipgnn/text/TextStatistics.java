package com.dipgnn.text;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.io.GraphLoaders;
import com.dipgnn.graph.io.LoadOptions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Measurements that justify the text defaults: word counts per text and the held-out [UNK] rate
 * (a vocabulary learned on a seeded 70% of each type's nodes, applied to the other 30%). Run as a
 * program: {@code TextStatistics <dataset name or path>...}.
 */
public final class TextStatistics {

    private TextStatistics() {}

    /**
     * Word counts per text ([CLS] not counted).
     *
     * @param texts number of texts measured
     */
    public record Lengths(int texts, double mean, int p50, int p90, int p95, int p99, int max) {

        @Override
        public String toString() {
            return String.format(
                    "n=%d mean=%.1f p50=%d p90=%d p95=%d p99=%d max=%d", texts, mean, p50, p90, p95, p99, max);
        }
    }

    /**
     * The texts of one node type split into the vocabulary's training part and the held-out part.
     */
    public record HoldOut(String type, List<String> train, List<String> heldOut) {}

    /** Word counts of {@code texts} (nulls skipped). */
    public static Lengths lengths(List<String> texts) {
        TextNormalizer normalizer = new TextNormalizer();
        int[] counts = texts.stream()
                .filter(t -> t != null)
                .mapToInt(t -> normalizer.tokens(t).size())
                .sorted()
                .toArray();
        return summarize(counts);
    }

    private static Lengths summarize(int[] counts) {
        if (counts.length == 0) {
            return new Lengths(0, 0, 0, 0, 0, 0, 0);
        }
        double mean = Arrays.stream(counts).average().orElse(0);
        return new Lengths(
                counts.length,
                mean,
                percentile(counts, 0.5),
                percentile(counts, 0.9),
                percentile(counts, 0.95),
                percentile(counts, 0.99),
                counts[counts.length - 1]);
    }

    private static int percentile(int[] sorted, double q) {
        int index = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }

    /** Ids per text ([CLS] not counted, no truncation) once words are spelled with {@code vocabulary}. */
    public static Lengths idLengths(Vocabulary vocabulary, List<String> texts) {
        TextNormalizer normalizer = new TextNormalizer();
        int[] counts = texts.stream()
                .filter(t -> t != null)
                .mapToInt(t -> normalizer.tokens(t).stream()
                        .mapToInt(w -> vocabulary.ids(w).length)
                        .sum())
                .sorted()
                .toArray();
        return summarize(counts);
    }

    /** Share of the words of {@code texts} that {@code vocabulary} maps to [UNK] (neither a word nor spelled). */
    public static double unkRate(Vocabulary vocabulary, List<String> texts) {
        TextNormalizer normalizer = new TextNormalizer();
        long words = 0;
        long unknown = 0;
        for (String text : texts) {
            for (String word : normalizer.tokens(text)) {
                words++;
                int[] ids = vocabulary.ids(word);
                unknown += ids.length == 1 && ids[0] == Vocabulary.UNK ? 1 : 0;
            }
        }
        return words == 0 ? 0 : (double) unknown / words;
    }

    /** Splits the texts of each node type with text: a seeded {@code trainFraction} of its nodes for training. */
    public static List<HoldOut> holdOut(HeteroGraph graph, double trainFraction, long seed) {
        List<HoldOut> out = new ArrayList<>();
        Random random = new Random(seed);
        for (String type : graph.nodeTypes()) {
            String[] text = graph.nodes(type).text();
            if (text == null) {
                continue;
            }
            int[] order = shuffled(text.length, random);
            int cut = (int) Math.round(trainFraction * text.length);
            List<String> train = new ArrayList<>();
            List<String> held = new ArrayList<>();
            for (int i = 0; i < order.length; i++) {
                (i < cut ? train : held).add(text[order[i]]);
            }
            out.add(new HoldOut(type, train, held));
        }
        return out;
    }

    private static int[] shuffled(int n, Random random) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int swap = order[i];
            order[i] = order[j];
            order[j] = swap;
        }
        return order;
    }

    /** A printable report for one graph: per type lengths and [UNK] rates, then the whole graph. */
    public static String report(HeteroGraph graph, VocabularyConfig config, long seed) {
        List<HoldOut> parts = holdOut(graph, 0.7, seed);
        List<String> train = new ArrayList<>();
        List<String> held = new ArrayList<>();
        for (HoldOut part : parts) {
            train.addAll(part.train());
            held.addAll(part.heldOut());
        }
        Vocabulary vocabulary = Vocabulary.learn(train, config);
        StringBuilder sb = new StringBuilder(graph.name())
                .append(": vocabulary ")
                .append(vocabulary.size())
                .append(" tokens (maxSize ")
                .append(config.maxSize())
                .append(", minCount ")
                .append(config.minCount())
                .append(", maxPieces ")
                .append(config.maxPieces())
                .append(")\n");
        for (HoldOut part : parts) {
            List<String> all = new ArrayList<>(part.train());
            all.addAll(part.heldOut());
            sb.append(String.format(
                    "  %-12s words/text %s; held-out [UNK] %.2f%%%n",
                    part.type(), lengths(all), 100 * unkRate(vocabulary, part.heldOut())));
            if (config.maxPieces() > 0) {
                sb.append(String.format("  %-12s held-out ids/text %s%n", "", idLengths(vocabulary, part.heldOut())));
            }
        }
        sb.append(String.format("  %-12s held-out [UNK] %.2f%%%n", "all", 100 * unkRate(vocabulary, held)));
        return sb.toString();
    }

    /** Prints {@link #report} for each data set named on the command line, with the default config. */
    public static void main(String[] args) {
        for (String name : args) {
            HeteroGraph graph = GraphLoaders.load(name, LoadOptions.defaults());
            System.out.print(report(graph, VocabularyConfig.defaults(), 20240601L));
        }
    }
}
