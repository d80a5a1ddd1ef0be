package com.dipgnn.graph.synthetic;

/**
 * Settings of {@link SyntheticGraphs#interactions}: users interacting with items, with planted
 * taste communities and the data set's own per-user train/validation/test marks.
 *
 * @param numUsers number of {@code user} nodes
 * @param numItems number of {@code item} nodes
 * @param numInteractions number of distinct {@code user -> item} interactions (at least
 *     {@code minPerUser} per user)
 * @param numCommunities taste communities; users and items each get a balanced random one
 * @param popularityExponent Zipf exponent of item popularity: the item of popularity rank
 *     {@code r} (from 1) is drawn in proportion to {@code r^-exponent}
 * @param activityExponent Zipf exponent of user activity: beyond its minimum, the user of
 *     activity rank {@code r} gets each further interaction in proportion to {@code r^-exponent}
 * @param minPerUser interactions every user has at least (3 or more, so that each user has a
 *     training, a validation and a test interaction)
 * @param mixing share of interactions drawn by popularity from all items instead of from the
 *     user's community
 * @param testFraction share of each user's interactions marked test (at least one)
 * @param valFraction share of each user's interactions marked validation (at least one when
 *     positive; 0 marks none)
 * @param seed random seed; the same settings give the same graph
 */
public record InteractionConfig(
        int numUsers,
        int numItems,
        int numInteractions,
        int numCommunities,
        double popularityExponent,
        double activityExponent,
        int minPerUser,
        double mixing,
        double testFraction,
        double valFraction,
        long seed) {

    private static final String NAME = "InteractionConfig";
    /** The fewest interactions a user can have and still be split into train, validation and test. */
    public static final int SMALLEST_MIN_PER_USER = 3;

    public InteractionConfig {
        ConfigChecks.atLeast(NAME, "numUsers", numUsers, 1);
        ConfigChecks.atLeast(NAME, "numCommunities", numCommunities, 1);
        ConfigChecks.atLeast(NAME, "minPerUser", minPerUser, SMALLEST_MIN_PER_USER);
        ConfigChecks.atLeast(
                NAME,
                "numItems (two per community, and twice minPerUser, at least)",
                numItems,
                Math.max(2L * numCommunities, 2L * minPerUser));
        ConfigChecks.atLeast(
                NAME, "numInteractions (minPerUser per user at least)", numInteractions, (long) minPerUser * numUsers);
        ConfigChecks.nonNegative(NAME, "popularityExponent", popularityExponent);
        ConfigChecks.nonNegative(NAME, "activityExponent", activityExponent);
        ConfigChecks.fraction(NAME, "mixing", mixing);
        ConfigChecks.fraction(NAME, "testFraction", testFraction);
        ConfigChecks.fraction(NAME, "valFraction", valFraction);
        if (!(testFraction + valFraction < 1)) {
            throw new IllegalArgumentException(NAME + ".testFraction + valFraction is " + (testFraction + valFraction)
                    + " but must be below 1, so that training keeps interactions");
        }
    }

    /**
     * 20,000 users, 10,000 items, 200,000 interactions (at least 5 per user), 20 communities,
     * Zipf 1.0 for popularity and activity, 20% mixing, 20% test and 10% validation per user, seed 0.
     */
    public static InteractionConfig defaults() {
        return new InteractionConfig(20_000, 10_000, 200_000, 20, 1.0, 1.0, 5, 0.2, 0.2, 0.1, 0L);
    }

    public InteractionConfig withSeed(long newSeed) {
        return new InteractionConfig(
                numUsers,
                numItems,
                numInteractions,
                numCommunities,
                popularityExponent,
                activityExponent,
                minPerUser,
                mixing,
                testFraction,
                valFraction,
                newSeed);
    }

    public InteractionConfig withSize(int newNumUsers, int newNumItems, int newNumInteractions) {
        return new InteractionConfig(
                newNumUsers,
                newNumItems,
                newNumInteractions,
                numCommunities,
                popularityExponent,
                activityExponent,
                minPerUser,
                mixing,
                testFraction,
                valFraction,
                seed);
    }

    public InteractionConfig withCommunities(int newNumCommunities, double newMixing) {
        return new InteractionConfig(
                numUsers,
                numItems,
                numInteractions,
                newNumCommunities,
                popularityExponent,
                activityExponent,
                minPerUser,
                newMixing,
                testFraction,
                valFraction,
                seed);
    }

    public InteractionConfig withExponents(double newPopularityExponent, double newActivityExponent) {
        return new InteractionConfig(
                numUsers,
                numItems,
                numInteractions,
                numCommunities,
                newPopularityExponent,
                newActivityExponent,
                minPerUser,
                mixing,
                testFraction,
                valFraction,
                seed);
    }

    public InteractionConfig withMinPerUser(int newMinPerUser) {
        return new InteractionConfig(
                numUsers,
                numItems,
                numInteractions,
                numCommunities,
                popularityExponent,
                activityExponent,
                newMinPerUser,
                mixing,
                testFraction,
                valFraction,
                seed);
    }

    public InteractionConfig withSplit(double newTestFraction, double newValFraction) {
        return new InteractionConfig(
                numUsers,
                numItems,
                numInteractions,
                numCommunities,
                popularityExponent,
                activityExponent,
                minPerUser,
                mixing,
                newTestFraction,
                newValFraction,
                seed);
    }
}
