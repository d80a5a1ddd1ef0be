package com.dipgnn.bench;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import java.util.SplittableRandom;

/** Adds seeded synthetic text to a benchmark graph (for the text pair's benchmark). */
final class SyntheticText {

    private static final int LEXICON = 8000;

    private SyntheticText() {}

    /** t0 gets 6–15-word titles (features kept), t1 2–4-word names and no features. */
    static HeteroGraph addText(HeteroGraph graph, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        NodeTable titles = graph.nodes("t0");
        NodeTable names = graph.nodes("t1");
        return graph.withNodes(titled(titles, 6, 15, rng))
                .withNodes(new NodeTable(
                        names.name(),
                        names.count(),
                        names.keys(),
                        null,
                        names.labels(),
                        texts(names.count(), 2, 4, rng),
                        names.time(),
                        names.splits()));
    }

    private static NodeTable titled(NodeTable t, int min, int max, SplittableRandom rng) {
        return new NodeTable(
                t.name(),
                t.count(),
                t.keys(),
                t.features(),
                t.labels(),
                texts(t.count(), min, max, rng),
                t.time(),
                t.splits());
    }

    private static String[] texts(int count, int min, int max, SplittableRandom rng) {
        String[] out = new String[count];
        for (int n = 0; n < count; n++) {
            int words = min + rng.nextInt(max - min + 1);
            StringBuilder sb = new StringBuilder();
            for (int w = 0; w < words; w++) {
                sb.append(w == 0 ? "" : " ").append(word(rng));
            }
            out[n] = sb.toString();
        }
        return out;
    }

    /** A word of the lexicon with Zipf-like frequencies (rank r drawn with probability about 1/r). */
    private static String word(SplittableRandom rng) {
        int rank = (int) Math.floor(Math.exp(rng.nextDouble() * Math.log(LEXICON)));
        return "w" + Integer.toString(rank, 36);
    }
}
