package com.dipgnn.bench;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.synthetic.GraphLocations;
import com.dipgnn.graph.synthetic.InteractionConfig;
import com.dipgnn.graph.synthetic.InteractionLocation;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The graphs {@code bench --config recommend-train} names: {@code synthetic-<N>m} (or {@code <N>k}),
 * the seeded interaction generator at N million (thousand) interactions with a tenth as many users
 * and a fortieth as many items (at 20M: 2M users, 500k items), its other settings the generator's
 * defaults; anything else is a graph location ({@link GraphLocations#load}), e.g. {@code gowalla}.
 */
public final class RecommendTrainGraphs {

    /** The graphs measured by default. */
    public static final List<String> DEFAULTS = List.of("gowalla", "synthetic-1m", "synthetic-5m", "synthetic-20m");

    /** Interactions per user of a {@code synthetic-<N>m} graph. */
    static final int INTERACTIONS_PER_USER = 10;

    /** Interactions per item of a {@code synthetic-<N>m} graph. */
    static final int INTERACTIONS_PER_ITEM = 40;

    private static final Pattern SYNTHETIC = Pattern.compile("synthetic-(\\d+(?:\\.\\d+)?)([mk])");
    private static final double MILLION = 1e6;
    private static final double THOUSAND = 1e3;

    private RecommendTrainGraphs() {}

    /** The generator's settings a {@code synthetic-<N>m} name stands for; empty for any other name. */
    public static Optional<InteractionConfig> synthetic(String name) {
        Matcher m = SYNTHETIC.matcher(name.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            return Optional.empty();
        }
        double unit = "m".equals(m.group(2)) ? MILLION : THOUSAND;
        long interactions = Math.round(Double.parseDouble(m.group(1)) * unit);
        if (interactions > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(name + ": at most " + Integer.MAX_VALUE + " interactions");
        }
        int n = (int) interactions;
        return Optional.of(
                InteractionConfig.defaults().withSize(n / INTERACTIONS_PER_USER, n / INTERACTIONS_PER_ITEM, n));
    }

    /** The location that loads the graph of {@code name}: a sized interaction location, or the name itself. */
    public static String location(String name) {
        return synthetic(name).map(c -> new InteractionLocation(c).location()).orElse(name);
    }

    /** The graph {@code name} names. */
    public static HeteroGraph load(String name) {
        return GraphLocations.load(location(name), 0);
    }
}
