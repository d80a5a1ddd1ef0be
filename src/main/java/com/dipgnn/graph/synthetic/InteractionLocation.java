package com.dipgnn.graph.synthetic;

import com.dipgnn.graph.HeteroGraph;
import java.util.Set;

/**
 * A synthetic user-item interaction graph named by a location string, what the command line's
 * {@code --dataset} and a service data set store and show, and regenerated identically from it:
 * {@code synthetic:interactions?users=U&items=I&interactions=N&seed=S}, optionally followed by
 * {@code &communities=K&mixing=M&popularity=A&activity=B&min=P&test=T&val=V} (the
 * {@link InteractionConfig} fields; absent ones take {@link InteractionConfig#defaults()}).
 *
 * @param config the generator's settings
 */
public record InteractionLocation(InteractionConfig config) {

    /** What every such location starts with. */
    public static final String PREFIX = "synthetic:interactions?";
    /** The required form, as error messages say it. */
    public static final String FORM = PREFIX + "users=U&items=I&interactions=N&seed=S";

    private static final String USERS = "users";
    private static final String ITEMS = "items";
    private static final String INTERACTIONS = "interactions";
    private static final String SEED = "seed";
    private static final String COMMUNITIES = "communities";
    private static final String MIXING = "mixing";
    private static final String POPULARITY = "popularity";
    private static final String ACTIVITY = "activity";
    private static final String MIN = "min";
    private static final String TEST = "test";
    private static final String VAL = "val";
    private static final Set<String> NAMES =
            Set.of(USERS, ITEMS, INTERACTIONS, SEED, COMMUNITIES, MIXING, POPULARITY, ACTIVITY, MIN, TEST, VAL);

    /** Whether {@code location} names a sized interaction graph. */
    public static boolean isLocation(String location) {
        return location.startsWith(PREFIX);
    }

    /**
     * Reads a location written by {@link #location()}, or one that names fewer settings.
     *
     * @throws IllegalArgumentException when a size is missing, a value is not a number, a name is
     *     not a setting, or the settings are out of range, saying which
     */
    public static InteractionLocation parse(String location) {
        LocationParameters p = LocationParameters.of(
                        location,
                        PREFIX,
                        FORM + "[&" + COMMUNITIES + "=K&" + MIXING + "=M&" + POPULARITY + "=A&" + ACTIVITY + "=B&" + MIN
                                + "=P&" + TEST + "=T&" + VAL + "=V]")
                .requireOnly(NAMES);
        InteractionConfig d = InteractionConfig.defaults();
        return new InteractionLocation(new InteractionConfig(
                p.intValue(USERS, null),
                p.intValue(ITEMS, null),
                p.intValue(INTERACTIONS, null),
                p.intValue(COMMUNITIES, d.numCommunities()),
                p.doubleValue(POPULARITY, d.popularityExponent()),
                p.doubleValue(ACTIVITY, d.activityExponent()),
                p.intValue(MIN, d.minPerUser()),
                p.doubleValue(MIXING, d.mixing()),
                p.doubleValue(TEST, d.testFraction()),
                p.doubleValue(VAL, d.valFraction()),
                p.longValue(SEED, d.seed())));
    }

    /** The location string, naming every setting. */
    public String location() {
        InteractionConfig c = config;
        return PREFIX + USERS + "=" + c.numUsers() + "&" + ITEMS + "=" + c.numItems() + "&" + INTERACTIONS + "="
                + c.numInteractions() + "&" + SEED + "=" + c.seed() + "&" + COMMUNITIES + "=" + c.numCommunities()
                + "&" + MIXING + "=" + c.mixing() + "&" + POPULARITY + "=" + c.popularityExponent() + "&" + ACTIVITY
                + "=" + c.activityExponent() + "&" + MIN + "=" + c.minPerUser() + "&" + TEST + "=" + c.testFraction()
                + "&" + VAL + "=" + c.valFraction();
    }

    /** The graph. */
    public HeteroGraph generate() {
        return SyntheticGraphs.interactions(config);
    }
}
