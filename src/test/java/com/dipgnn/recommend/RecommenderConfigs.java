package com.dipgnn.recommend;

/** Copies of a test's recommender config with one or two settings changed. */
final class RecommenderConfigs {

    private RecommenderConfigs() {}

    /** {@code c} with another kind, L2 weight and row updates. */
    static RecommenderConfig with(RecommenderConfig c, RecommenderKind kind, double l2, RowUpdates rowUpdates) {
        return new RecommenderConfig(
                kind,
                c.dim(),
                c.layers(),
                c.loss(),
                c.negatives(),
                c.negativeCount(),
                c.temperature(),
                l2,
                c.epochs(),
                c.batchSize(),
                c.optimizer(),
                c.schedule(),
                c.evalEvery(),
                c.patience(),
                c.fullK(),
                c.evalNegatives(),
                rowUpdates);
    }

    /** {@code c} with another L2 weight. */
    static RecommenderConfig withL2(RecommenderConfig c, double l2) {
        return with(c, c.kind(), l2, c.rowUpdates());
    }

    /** {@code c} with other row updates. */
    static RecommenderConfig withRowUpdates(RecommenderConfig c, RowUpdates rowUpdates) {
        return with(c, c.kind(), c.l2(), rowUpdates);
    }
}
