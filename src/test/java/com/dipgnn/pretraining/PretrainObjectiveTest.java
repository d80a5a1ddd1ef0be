package com.dipgnn.pretraining;

import static com.dipgnn.pretraining.TinyPretrainGraph.LIKES;
import static com.dipgnn.pretraining.TinyPretrainGraph.MASKED;
import static com.dipgnn.pretraining.TinyPretrainGraph.NEAR;
import static com.dipgnn.pretraining.TinyPretrainGraph.TOTAL_PAIRS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.optim.ModelInitialization;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every loss term and figure of {@link PretrainObjective#compute} on a hand-made batch of a tiny
 * graph, against {@link ReferenceObjective}'s independent plain-Java computation from the same
 * parameters.
 */
class PretrainObjectiveTest {

    private static final ModelConfig MODEL = new ModelConfig(Backbone.HGT, 2, 8, 2, 0.3, 0.0);
    private static final double LAMBDA = 3.0;
    private static final double TEMPERATURE = 0.5;
    private static final double TOLERANCE = 2e-5;
    private static final ObjectiveVariant MOST_LIKELY = new ObjectiveVariant(
            FeatureReplacement.REGRESSED, 0, LossReduction.MEAN, 0, false, GeneratedEdges.MOST_LIKELY);

    private static PretrainConfig config(PretrainMethod method) {
        // the reference computes the paper's most likely sources and regressed features, averaged
        return PretrainConfig.PAPER_DEFAULT
                .withMethod(method)
                .withObjectiveWeights(2, 1.0, LAMBDA, TEMPERATURE)
                .withSeed(5)
                .withVariant(MOST_LIKELY);
    }

    /** Computes the batch's figures with the objective and with the reference; asserts they agree. */
    private static Map<String, Double> computeAndCompare(PretrainMethod method, PretrainBatch batch) {
        HeteroGraph graph = TinyPretrainGraph.graph();
        PretrainConfig config = config(method);
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            PretrainNetworks networks =
                    new PretrainNetworks(method, GraphSchema.of(graph), MODEL, List.of(LIKES, NEAR));
            ModelInitialization.initialize(
                    config.seed(), manager, networks.modules().values().toArray(GraphModule[]::new));
            PretrainObjective objective = new PretrainObjective(
                    graph,
                    config,
                    networks,
                    new VectorFeatureObjective(networks.generatorFeatures(), networks.discriminatorFeatures()));
            Map<String, Double> actual;
            try (NDManager scope = manager.newSubManager()) {
                PretrainObjective.Outcome outcome = objective.compute(batch, scope, false);
                actual = new LinkedHashMap<>(outcome.stats());
                assertThat((double) outcome.loss().getFloat()).isEqualTo(actual.get(PretrainMetrics.LOSS));
            }
            Map<String, Double> expected;
            try (NDManager scope = manager.newSubManager()) {
                expected = new ReferenceObjective(graph, networks, config).expected(batch, scope);
            }
            assertThat(actual.keySet()).containsExactlyInAnyOrderElementsOf(expected.keySet());
            expected.forEach((name, value) ->
                    assertThat(actual.get(name)).as(method + " " + name).isCloseTo(value, within(TOLERANCE)));
            return actual;
        }
    }

    @Test
    void dipgnnLossTermsMatchAnIndependentComputation() {
        HeteroGraph graph = TinyPretrainGraph.graph();
        Map<String, Double> stats =
                computeAndCompare(PretrainMethod.DIPGNN, TinyPretrainGraph.batch(graph, false, Map.of()));
        assertThat(stats.get(PretrainMetrics.MASKED_EDGES)).isEqualTo((double) MASKED);
        assertThat(stats.get(PretrainMetrics.GEN_COVERAGE)).isCloseTo(10.0 / 13, within(1e-12));
        // the loss terms are real, non-trivial numbers (not all zero or equal)
        assertThat(stats.get(PretrainMetrics.GEN_EDGE_LOSS)).isGreaterThan(0.01);
        assertThat(stats.get(PretrainMetrics.GEN_FEATURE_LOSS)).isGreaterThan(0.01);
        assertThat(stats.get(PretrainMetrics.DISC_EDGE_LOSS)).isGreaterThan(0.01);
        assertThat(stats.get(PretrainMetrics.DISC_FEATURE_LOSS)).isGreaterThan(0.01);
    }

    @Test
    void forcedTrueSourceIsLabelledOriginalAndRaisesTheDiscriminatorsCoverage() {
        HeteroGraph graph = TinyPretrainGraph.graph();
        // every negative slot is padding: the generator can only pick the true source
        Map<String, Double> stats =
                computeAndCompare(PretrainMethod.DIPGNN, TinyPretrainGraph.batch(graph, true, Map.of()));
        assertThat(stats.get(PretrainMetrics.GEN_ACCURACY)).isEqualTo(1.0);
        // one valid candidate: its softmax probability is 1, padding contributes nothing
        assertThat(stats.get(PretrainMetrics.GEN_EDGE_LOSS)).isCloseTo(0.0, within(1e-6));
        double seen = TOTAL_PAIRS - MASKED;
        assertThat(stats.get(PretrainMetrics.GEN_COVERAGE)).isCloseTo(seen / TOTAL_PAIRS, within(1e-12));
        assertThat(stats.get(PretrainMetrics.DISC_COVERAGE)).isCloseTo(1.0, within(1e-12));
        assertThat(stats.get(PretrainMetrics.COVERAGE_RATIO)).isCloseTo(TOTAL_PAIRS / seen, within(1e-12));
    }

    @Test
    void randomEdgesFollowTheElectraRuleForEveryPick() {
        HeteroGraph graph = TinyPretrainGraph.graph();
        double seen = TOTAL_PAIRS - MASKED;
        Map<String, Double> allTrue = computeAndCompare(
                PretrainMethod.RANDOM_EDGES,
                TinyPretrainGraph.batch(graph, false, picks(new int[] {0, 0}, new int[] {0})));
        assertThat(allTrue.get(PretrainMetrics.GEN_ACCURACY)).isEqualTo(1.0);
        assertThat(allTrue.get(PretrainMetrics.DISC_COVERAGE)).isCloseTo(1.0, within(1e-12));
        assertThat(allTrue.get(PretrainMetrics.COVERAGE_RATIO)).isCloseTo(TOTAL_PAIRS / seen, within(1e-12));

        Map<String, Double> noneTrue = computeAndCompare(
                PretrainMethod.RANDOM_EDGES,
                TinyPretrainGraph.batch(graph, false, picks(new int[] {2, 1}, new int[] {1})));
        assertThat(noneTrue.get(PretrainMetrics.GEN_ACCURACY)).isEqualTo(0.0);
        assertThat(noneTrue.get(PretrainMetrics.DISC_COVERAGE)).isCloseTo(seen / TOTAL_PAIRS, within(1e-12));
        assertThat(noneTrue.get(PretrainMetrics.COVERAGE_RATIO)).isCloseTo(1.0, within(1e-12));

        Map<String, Double> mixed = computeAndCompare(
                PretrainMethod.RANDOM_EDGES,
                TinyPretrainGraph.batch(graph, false, picks(new int[] {1, 0}, new int[] {2})));
        assertThat(mixed.get(PretrainMetrics.GEN_ACCURACY)).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(mixed.get(PretrainMetrics.DISC_COVERAGE)).isCloseTo((seen + 1) / TOTAL_PAIRS, within(1e-12));
        // the labels differ between the three batches, so must the discriminator's edge loss
        assertThat(allTrue.get(PretrainMetrics.DISC_EDGE_LOSS))
                .isNotCloseTo(noneTrue.get(PretrainMetrics.DISC_EDGE_LOSS), within(1e-4));
    }

    @Test
    void duringTheGeneratorWarmUpOnlyTheGeneratorsLossesAreTrained() {
        HeteroGraph graph = TinyPretrainGraph.graph();
        PretrainBatch batch = TinyPretrainGraph.batch(graph, false, Map.of());
        Map<String, Double> warm = stats(mostLikely((int) batch.step(), LossReduction.MEAN, 0, false), batch);
        Map<String, Double> after = stats(mostLikely((int) batch.step() - 1, LossReduction.MEAN, 0, false), batch);

        assertThat(warm).doesNotContainKeys(PretrainMetrics.DISC_EDGE_LOSS, PretrainMetrics.DISC_FEATURE_LOSS);
        assertThat(after).containsKeys(PretrainMetrics.DISC_EDGE_LOSS, PretrainMetrics.DISC_FEATURE_LOSS);
        // the same generator terms in both; after the warm-up lambda times the discriminator's are added
        assertThat(warm.get(PretrainMetrics.GEN_EDGE_LOSS)).isEqualTo(after.get(PretrainMetrics.GEN_EDGE_LOSS));
        assertThat(after.get(PretrainMetrics.LOSS))
                .isCloseTo(
                        warm.get(PretrainMetrics.LOSS)
                                + LAMBDA
                                        * (after.get(PretrainMetrics.DISC_EDGE_LOSS)
                                                + after.get(PretrainMetrics.DISC_FEATURE_LOSS)),
                        within(1e-4));
    }

    @Test
    void thePapersSumsWeighTheEdgeGeneratorByItsMaskedEdges() {
        HeteroGraph graph = TinyPretrainGraph.graph();
        PretrainBatch batch = TinyPretrainGraph.batch(graph, false, Map.of());
        Map<String, Double> means = stats(MOST_LIKELY, batch);
        Map<String, Double> sums = stats(mostLikely(0, LossReduction.SUM, 0, false), batch);

        assertThat(sums.get(PretrainMetrics.GEN_EDGE_LOSS))
                .isCloseTo(MASKED * means.get(PretrainMetrics.GEN_EDGE_LOSS), within(1e-4));
        // the same picks, so the same accuracies: only the weighting differs
        assertThat(sums.get(PretrainMetrics.DISC_ACCURACY)).isEqualTo(means.get(PretrainMetrics.DISC_ACCURACY));
        assertThat(sums.get(PretrainMetrics.DISC_EDGE_LOSS)).isGreaterThan(means.get(PretrainMetrics.DISC_EDGE_LOSS));
    }

    @Test
    void theDiscriminatorsOwnTemperatureChangesOnlyItsLogits() {
        HeteroGraph graph = TinyPretrainGraph.graph();
        PretrainBatch batch = TinyPretrainGraph.batch(graph, false, Map.of());
        Map<String, Double> shared = stats(MOST_LIKELY, batch);
        Map<String, Double> same = stats(mostLikely(0, LossReduction.MEAN, TEMPERATURE, false), batch);
        Map<String, Double> cooler = stats(mostLikely(0, LossReduction.MEAN, 4 * TEMPERATURE, false), batch);

        assertThat(same).isEqualTo(shared);
        assertThat(cooler.get(PretrainMetrics.GEN_EDGE_LOSS)).isEqualTo(shared.get(PretrainMetrics.GEN_EDGE_LOSS));
        assertThat(cooler.get(PretrainMetrics.DISC_EDGE_LOSS))
                .isNotCloseTo(shared.get(PretrainMetrics.DISC_EDGE_LOSS), within(1e-4));
    }

    @Test
    void heldOutDiscriminationScoresTheMaskedEdgesAgainstTheGeneratedOnes() {
        HeteroGraph graph = TinyPretrainGraph.graph();
        // the generator can only pick the true source: every generated edge is its masked original, so
        // held out, each scored pair appears twice, both times labelled original, on the same input graph
        PretrainBatch forced = TinyPretrainGraph.batch(graph, true, Map.of());
        ObjectiveVariant heldOut = mostLikely(0, LossReduction.MEAN, 0, true);
        Map<String, Double> stats = stats(heldOut, forced);
        assertThat(stats.get(PretrainMetrics.DISC_ACCURACY) * 2 * MASKED)
                .isCloseTo(Math.rint(stats.get(PretrainMetrics.DISC_ACCURACY) * 2 * MASKED), within(1e-9));
        assertThat(Math.rint(stats.get(PretrainMetrics.DISC_ACCURACY) * 2 * MASKED) % 2)
                .isZero();
        // the paper's discrimination scores other pairs (E_u^d) on another graph (with E_g)
        Map<String, Double> paper = stats(MOST_LIKELY, forced);
        assertThat(stats.get(PretrainMetrics.GEN_EDGE_LOSS)).isEqualTo(paper.get(PretrainMetrics.GEN_EDGE_LOSS));
        assertThat(stats.get(PretrainMetrics.DISC_EDGE_LOSS))
                .isNotCloseTo(paper.get(PretrainMetrics.DISC_EDGE_LOSS), within(1e-6));
    }

    /** The reference's objective (regressed features, most likely sources) with the given departures. */
    private static ObjectiveVariant mostLikely(
            int warmup, LossReduction reduction, double discriminatorTemperature, boolean heldOut) {
        return new ObjectiveVariant(
                FeatureReplacement.REGRESSED,
                warmup,
                reduction,
                discriminatorTemperature,
                heldOut,
                GeneratedEdges.MOST_LIKELY);
    }

    private static Map<String, Double> stats(ObjectiveVariant variant, PretrainBatch batch) {
        HeteroGraph graph = TinyPretrainGraph.graph();
        PretrainConfig config = config(PretrainMethod.DIPGNN).withVariant(variant);
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            PretrainNetworks networks =
                    new PretrainNetworks(PretrainMethod.DIPGNN, GraphSchema.of(graph), MODEL, List.of(LIKES, NEAR));
            ModelInitialization.initialize(
                    config.seed(), manager, networks.modules().values().toArray(GraphModule[]::new));
            PretrainObjective objective = new PretrainObjective(
                    graph,
                    config,
                    networks,
                    new VectorFeatureObjective(networks.generatorFeatures(), networks.discriminatorFeatures()));
            try (NDManager scope = manager.newSubManager()) {
                return new LinkedHashMap<>(
                        objective.compute(batch, scope, false).stats());
            }
        }
    }

    @Test
    void electraLabelCountsTheTrueSourceAsOriginal() {
        assertThat(PretrainObjective.electraLabel(0)).isEqualTo(1f);
        for (int slot = 1; slot < 300; slot++) {
            assertThat(PretrainObjective.electraLabel(slot)).as("slot %d", slot).isEqualTo(0f);
        }
    }

    private static Map<String, int[]> picks(int[] likes, int[] near) {
        Map<String, int[]> picks = new LinkedHashMap<>();
        picks.put(LIKES.key(), likes);
        picks.put(NEAR.key(), near);
        return picks;
    }
}
