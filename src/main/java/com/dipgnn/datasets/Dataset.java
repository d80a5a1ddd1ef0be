package com.dipgnn.datasets;

import java.time.Instant;

/**
 * A registered graph.
 *
 * @param id the data set's name, unique
 * @param source where the graph comes from
 * @param location {@code synthetic:<name>} or the absolute directory the graph is read from
 * @param fingerprint the graph's content fingerprint
 * @param summary counts, feature widths, labels and the default split
 * @param createdAt registration time
 */
public record Dataset(
        String id,
        DatasetSource source,
        String location,
        String fingerprint,
        DatasetSummary summary,
        Instant createdAt) {}
