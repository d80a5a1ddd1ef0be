package com.dipgnn.graph.synthetic;

import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeLabels;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.SplitMark;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Builds the user-item graph of {@link SyntheticGraphs#interactions}. Memory is primitive arrays
 * only: a few ints per node and per interaction.
 */
final class InteractionGenerator {

    static final String USER = "user";
    static final String ITEM = "item";
    static final RelationType INTERACTED = new RelationType(USER, "interacted", ITEM);

    /** A user has at most this many times the mean number of interactions per user. */
    private static final int MAX_DEGREE_FACTOR = 50;
    /** Rejected draws of one interaction after which its item is drawn uniformly where it comes from. */
    private static final int POPULAR_TRIES = 32;

    private final InteractionConfig config;
    private final SplittableRandom rng;
    private final int[] userCommunity;
    private final int[] itemCommunity;
    private final int[][] itemsOf;
    private final AliasSampler popularItem;
    private final AliasSampler[] popularItemOf;
    /** Whether the interaction being drawn comes from all items; kept while its draws are rejected. */
    private boolean fromAllItems;

    private InteractionGenerator(InteractionConfig config) {
        this.config = config;
        this.rng = Seeds.random(config.seed(), 11);
        int k = config.numCommunities();
        this.itemCommunity = Shuffles.balancedClasses(config.numItems(), k, rng);
        this.itemsOf = Shuffles.members(itemCommunity, k);
        double[] popularity = zipfWeights(config.numItems(), config.popularityExponent(), rng);
        this.userCommunity = communitiesByMass(config.numUsers(), popularity, itemCommunity, k, rng);
        this.popularItem = new AliasSampler(popularity);
        this.popularItemOf = new AliasSampler[k];
        for (int c = 0; c < k; c++) {
            double[] weights = new double[itemsOf[c].length];
            for (int i = 0; i < weights.length; i++) {
                weights[i] = popularity[itemsOf[c][i]];
            }
            popularItemOf[c] = new AliasSampler(weights);
        }
    }

    static HeteroGraph generate(InteractionConfig config) {
        return new InteractionGenerator(config).build();
    }

    /** The largest number of interactions one user gets. */
    static int maxDegree(InteractionConfig config) {
        long mean = ((long) config.numInteractions() + config.numUsers() - 1) / config.numUsers();
        long cap = Math.max(config.minPerUser(), MAX_DEGREE_FACTOR * mean);
        return (int) Math.min(config.numItems() / 2, cap);
    }

    /**
     * A community per user, each community getting a share of the users equal to the share of the
     * popularity weight its items hold (rounded cumulatively, so the sizes add up), in random order:
     * then every item is drawn in proportion to its popularity overall, whatever the mixing.
     */
    private static int[] communitiesByMass(
            int numUsers, double[] popularity, int[] itemCommunity, int k, SplittableRandom rng) {
        double[] mass = new double[k];
        double total = 0;
        for (int i = 0; i < popularity.length; i++) {
            mass[itemCommunity[i]] += popularity[i];
            total += popularity[i];
        }
        int[] order = Shuffles.permutation(numUsers, rng);
        int[] community = new int[numUsers];
        double cumulative = 0;
        int from = 0;
        for (int c = 0; c < k; c++) {
            cumulative += mass[c];
            int to = c == k - 1 ? numUsers : (int) Math.round(numUsers * cumulative / total);
            for (int u = from; u < to; u++) {
                community[order[u]] = c;
            }
            from = Math.max(from, to);
        }
        return community;
    }

    /** Weights {@code rank^-exponent} for a random popularity rank (from 1) of each of {@code n} nodes. */
    private static double[] zipfWeights(int n, double exponent, SplittableRandom rng) {
        int[] rank = Shuffles.permutation(n, rng);
        double[] weights = new double[n];
        for (int i = 0; i < n; i++) {
            weights[i] = Math.pow(rank[i] + 1, -exponent);
        }
        return weights;
    }

    private HeteroGraph build() {
        DistinctEdges.Edges edges = drawInteractions();
        byte[] marks = markSplits(edges);
        int k = config.numCommunities();
        return new GraphBuilder("interactions")
                .addNodes(NodeTable.ofCount(USER, config.numUsers()).withLabels(NodeLabels.single(k, userCommunity)))
                .addNodes(NodeTable.ofCount(ITEM, config.numItems()).withLabels(NodeLabels.single(k, itemCommunity)))
                .addEdges(INTERACTED, edges.src(), edges.dst(), marks, true)
                .build();
    }

    private DistinctEdges.Edges drawInteractions() {
        int users = config.numUsers();
        int maxDegree = maxDegree(config);
        DistinctEdges.checkFeasible(
                INTERACTED.key(), users, config.numItems(), config.numInteractions(), maxDegree, false);
        int[] degree = new int[users];
        Arrays.fill(degree, config.minPerUser());
        AliasSampler activeUser = new AliasSampler(zipfWeights(users, config.activityExponent(), rng));
        int extra = config.numInteractions() - config.minPerUser() * users;
        DistinctEdges.drawDegrees(degree, extra, maxDegree, activeUser::sample, rng);
        return DistinctEdges.withDegrees(degree, config.numItems(), false, this::interactedItem, rng);
    }

    /**
     * An item for an interaction of {@code user}: the first draw decides where the interaction comes
     * from, all items with probability {@code mixing}, else the user's community, and picks by
     * popularity there; draws after a rejected one (an item the user has already) stay there, and
     * after {@value #POPULAR_TRIES} of them ignore popularity.
     */
    private int interactedItem(int user, int rejected, SplittableRandom random) {
        if (rejected == 0) {
            fromAllItems = random.nextDouble() < config.mixing();
        }
        boolean popular = rejected < POPULAR_TRIES;
        if (fromAllItems) {
            return popular ? popularItem.sample(random) : random.nextInt(config.numItems());
        }
        int[] items = itemsOf[userCommunity[user]];
        return items[popular ? popularItemOf[userCommunity[user]].sample(random) : random.nextInt(items.length)];
    }

    /**
     * Marks each user's interactions: a seeded {@code testFraction} (at least one) test, a
     * {@code valFraction} (at least one when positive) validation, at least one training. Edges
     * are grouped by user, so each user's row is shuffled in place to put the held-out ones first.
     */
    private byte[] markSplits(DistinctEdges.Edges edges) {
        int[] src = edges.src();
        int[] dst = edges.dst();
        byte[] marks = new byte[src.length];
        int start = 0;
        while (start < src.length) {
            int end = start;
            while (end < src.length && src[end] == src[start]) {
                end++;
            }
            markRow(dst, marks, start, end - start);
            start = end;
        }
        return marks;
    }

    private void markRow(int[] dst, byte[] marks, int start, int n) {
        int test = Math.min(Math.max(1, (int) Math.round(config.testFraction() * n)), n - 2);
        int val = config.valFraction() > 0
                ? Math.min(Math.max(1, (int) Math.round(config.valFraction() * n)), n - 1 - test)
                : 0;
        for (int i = 0; i < n; i++) {
            if (i < test + val) {
                int j = i + rng.nextInt(n - i);
                int swap = dst[start + i];
                dst[start + i] = dst[start + j];
                dst[start + j] = swap;
            }
            SplitMark mark = i < test ? SplitMark.TEST : i < test + val ? SplitMark.VAL : SplitMark.TRAIN;
            marks[start + i] = mark.code();
        }
    }
}
