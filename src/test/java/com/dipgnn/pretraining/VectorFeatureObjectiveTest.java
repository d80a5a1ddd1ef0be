package com.dipgnn.pretraining;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.model.GraphBatch;
import com.dipgnn.model.GraphSchema;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The vector feature objective with hand-set head weights: the regression loss (squared error
 * averaged over the feature width, then over masked nodes, summed over types), the ELECTRA rule
 * (a reconstruction equal to the original is not "replaced"), the discriminator's binary
 * cross-entropy and accuracy, and the hiding of the generator's inputs.
 */
class VectorFeatureObjectiveTest {

    private NDManager manager;

    @BeforeEach
    void open() {
        manager = NDManager.newBaseManager(Device.cpu());
    }

    @AfterEach
    void close() {
        manager.close();
    }

    private FeatureHeads heads(boolean generator) {
        Map<String, Integer> dims = new LinkedHashMap<>();
        dims.put("item", 2);
        dims.put("user", 1);
        dims.put("tag", 0);
        FeatureHeads heads = new FeatureHeads(dims, 2, generator);
        heads.initialize(manager);
        return heads;
    }

    private static void set(FeatureHeads heads, String type, float[] weight, float[] bias) {
        Map<String, float[]> values = new LinkedHashMap<>();
        values.put("weight", weight);
        values.put("bias", bias);
        heads.head(type).restore(values);
    }

    private NDArray matrix(int rows, int columns, float... values) {
        return manager.create(values, new Shape(rows, columns));
    }

    private VectorFeatureObjective.Generation generate(VectorFeatureObjective objective) {
        Map<String, NDArray> originals = new LinkedHashMap<>();
        originals.put("item", matrix(3, 2, 1, 2, 3, 4, 5, -6));
        originals.put("user", matrix(2, 1, 3, 0));
        Map<String, NDArray> masks = new LinkedHashMap<>();
        masks.put("item", matrix(3, 1, 1, 0, 1));
        masks.put("user", matrix(2, 1, 1, 1));
        Map<String, NDArray> embeddings = new LinkedHashMap<>();
        // item head = identity: node 0 reconstructs its original exactly, node 2 is off by 0.5 in one entry
        embeddings.put("item", matrix(3, 2, 1, 2, 0, 0, 5.5f, -6));
        // user head = 2 h_0 + 1: node 0 gives 3 (its original), node 1 gives 3 (original 0)
        embeddings.put("user", matrix(2, 2, 1, 9, 1, 9));
        return objective.generate(
                embeddings,
                new VectorFeatureObjective.Masking(
                        originals, masks, Map.of("item", new int[] {0, 2}, "user", new int[] {0, 1}), Map.of()));
    }

    @Test
    void regressionLossAndReplacedLabelsFollowTheElectraRule() {
        FeatureHeads generator = heads(true);
        set(generator, "item", new float[] {1, 0, 0, 1}, new float[] {0, 0});
        set(generator, "user", new float[] {2, 0}, new float[] {1});
        VectorFeatureObjective.Generation g = generate(new VectorFeatureObjective(generator, null));

        // item: masked nodes 0 (error 0) and 2 (((0.5)^2 + 0) / 2 = 0.125): 0.0625;
        // user: nodes 0 (error 0) and 1 ((3 - 0)^2 / 1 = 9): 4.5
        assertThat((double) g.loss().getFloat()).isCloseTo(0.0625 + 4.5, within(1e-6));
        assertThat(g.meanError()).isCloseTo((0.0625 + 4.5) / 2, within(1e-6));
        // reconstructions equal to the original count as original (0), as an unmasked node does
        assertThat(g.replaced().get("item").toFloatArray()).containsExactly(0f, 0f, 1f);
        assertThat(g.replaced().get("user").toFloatArray()).containsExactly(0f, 1f);
        assertThat(g.corrupted().get("item").toFloatArray()).containsExactly(1f, 2f, 3f, 4f, 5.5f, -6f);
        assertThat(g.corrupted().get("user").toFloatArray()).containsExactly(3f, 3f);
    }

    @Test
    void thePapersSumsAddSquaredErrorsOverTheWidthAndTheHiddenNodes() {
        FeatureHeads generator = heads(true);
        set(generator, "item", new float[] {1, 0, 0, 1}, new float[] {0, 0});
        set(generator, "user", new float[] {2, 0}, new float[] {1});
        VectorFeatureObjective.Generation g = generate(
                new VectorFeatureObjective(generator, null, FeatureReplacement.REGRESSED, 1f, LossReduction.SUM));

        // item: node 0 error 0, node 2 0.5^2 = 0.25; user: node 0 error 0, node 1 (3 - 0)^2 = 9
        assertThat((double) g.loss().getFloat()).isCloseTo(0.25 + 9, within(1e-6));
    }

    @Test
    void sampledReplacementPicksTheRealVectorOfHighestCosineAndLearnsTowardsTheNodesOwn() {
        FeatureHeads generator = heads(true);
        set(generator, "item", new float[] {1, 0, 0, 1}, new float[] {0, 0});
        VectorFeatureObjective objective =
                new VectorFeatureObjective(generator, null, FeatureReplacement.SAMPLED, 0.5f, LossReduction.MEAN);
        Map<String, NDArray> originals = Map.of("item", matrix(4, 2, 1, 0, 0, 1, 1, 1, -1, 0));
        Map<String, NDArray> masks = Map.of("item", matrix(4, 1, 1, 1, 0, 0));
        // identity head: node 0 asks for (1, 0.1), node 1 for (1, 0.9)
        Map<String, NDArray> embeddings = Map.of("item", matrix(4, 2, 1, 0.1f, 1, 0.9f, 0, 0, 0, 0));
        VectorFeatureObjective.Generation g = objective.pick(
                embeddings,
                new VectorFeatureObjective.Masking(
                        originals, masks, Map.of("item", new int[] {0, 1}), Map.of("item", new int[] {0, 1, 2, 3})));

        // cosines / 0.5 against (1,0), (0,1), (1,1), (-1,0): node 0 1.9901, 0.1990, 1.5479, -1.9901 (picks
        // itself); node 1 1.4866, 1.3379, 1.9972, -1.4866 (picks node 2's (1,1)). Cross-entropy towards
        // each node's own vector: 0.6032837 and 1.4238466, mean 1.0135651
        assertThat((double) g.loss().getFloat()).isCloseTo(1.0135651, within(1e-5));
        assertThat(g.pickAccuracy()).isEqualTo(0.5);
        // the discriminator sees real vectors only: node 1 gets node 2's, which differs from its own
        assertThat(g.corrupted().get("item").toFloatArray()).containsExactly(1f, 0f, 1f, 1f, 1f, 1f, -1f, 0f);
        assertThat(g.replaced().get("item").toFloatArray()).containsExactly(0f, 1f, 0f, 0f);
        assertThat(g.replacedShare()).isEqualTo(0.25);
    }

    @Test
    void thePoolHoldsEveryRowUpToItsLimitAndOtherwiseTheHiddenRowsAndDrawnOthers() {
        assertThat(VectorFeatureObjective.pool(new int[] {3, 1}, 5, new Random(1)))
                .containsExactly(0, 1, 2, 3, 4);
        int rows = VectorFeatureObjective.MAX_POOL * 3;
        int[] hidden = {rows - 1, 7, 5000};
        int[] pool = VectorFeatureObjective.pool(hidden, rows, new Random(1));
        assertThat(pool)
                .hasSize(VectorFeatureObjective.MAX_POOL)
                .contains(hidden)
                .isSorted()
                .doesNotHaveDuplicates();
        assertThat(pool[pool.length - 1]).isEqualTo(rows - 1);
    }

    @Test
    void discriminatorLossIsTheMeanBinaryCrossEntropyPerTypeSummedOverTypes() {
        FeatureHeads generator = heads(true);
        set(generator, "item", new float[] {1, 0, 0, 1}, new float[] {0, 0});
        set(generator, "user", new float[] {2, 0}, new float[] {1});
        FeatureHeads discriminator = heads(false);
        set(discriminator, "item", new float[] {1, -1}, new float[] {0.5f});
        set(discriminator, "user", new float[] {0, 1}, new float[] {-1});
        VectorFeatureObjective objective = new VectorFeatureObjective(generator, discriminator);
        VectorFeatureObjective.Generation g = generate(objective);

        Map<String, NDArray> embeddings = new LinkedHashMap<>();
        embeddings.put("item", matrix(3, 2, 0, 1, 1, 0, 2, 0)); // logits -0.5, 1.5, 2.5; labels 0, 0, 1
        embeddings.put("user", matrix(2, 2, 0, 3, 0, 0)); // logits 2, -1; labels 0, 1
        VectorFeatureObjective.Discrimination d = objective.discriminate(embeddings, g);

        // item: [ln(1+e^-0.5) + (1.5 + ln(1+e^-1.5)) + ln(1+e^-2.5)] / 3 = 0.7514600
        // user: [(2 + ln(1+e^-2)) + (1 + ln(1+e^-1))] / 2 = 1.7200948
        assertThat((double) d.loss().getFloat()).isCloseTo(0.7514600 + 1.7200948, within(1e-5));
        // right: item nodes 0 and 2; wrong: item 1, both users
        assertThat(d.accuracy()).isCloseTo(2.0 / 5, within(1e-12));
    }

    @Test
    void hideReplacesTheChosenRowsByTheMaskVectorAndCorruptFeedsTheReconstructions() {
        HeteroGraph graph = TinyPretrainGraph.graph();
        PretrainBatch batch = TinyPretrainGraph.batch(graph, false, Map.of());
        FeatureHeads generator = new FeatureHeads(GraphSchema.of(graph).featureDims(), 8, true);
        generator.initialize(manager);
        VectorFeatureObjective objective = new VectorFeatureObjective(generator, null);
        try (NDManager scope = manager.newSubManager()) {
            GraphBatch generatorBatch = new GraphBatch(scope, graph, batch.unmasked());
            float[] users = generatorBatch.input("user").toFloatArray();
            float[] items = generatorBatch.input("item").toFloatArray();
            VectorFeatureObjective.Masking masking = objective.hide(generatorBatch, batch);

            assertThat(masking.originals().get("user").toFloatArray()).containsExactly(users);
            assertThat(masking.originals().get("item").toFloatArray()).containsExactly(items);
            assertThat(masking.masks().get("user").toFloatArray()).containsExactly(0f, 1f, 0f, 0f);
            assertThat(masking.masks().get("item").toFloatArray()).containsExactly(1f, 0f, 0f, 1f, 0f);
            assertHidden(
                    generatorBatch.input("user").toFloatArray(),
                    users,
                    3,
                    new int[] {1},
                    generator.maskVector("user").getArray().toFloatArray());
            assertHidden(
                    generatorBatch.input("item").toFloatArray(),
                    items,
                    2,
                    new int[] {0, 3},
                    generator.maskVector("item").getArray().toFloatArray());

            Map<String, NDArray> embeddings = new LinkedHashMap<>();
            embeddings.put("user", scope.randomNormal(new Shape(4, 8)));
            embeddings.put("item", scope.randomNormal(new Shape(5, 8)));
            VectorFeatureObjective.Generation g = objective.generate(embeddings, masking);
            GraphBatch discriminatorBatch = new GraphBatch(scope, graph, batch.unmasked());
            objective.corrupt(discriminatorBatch, g);
            float[] corrupted = discriminatorBatch.input("item").toFloatArray();
            float[] generated =
                    generator.head("item").forward(embeddings.get("item")).toFloatArray();
            for (int node = 0; node < 5; node++) {
                boolean masked = node == 0 || node == 3;
                for (int j = 0; j < 2; j++) {
                    float want = masked ? generated[node * 2 + j] : items[node * 2 + j];
                    assertThat(corrupted[node * 2 + j])
                            .as("item %d column %d", node, j)
                            .isCloseTo(want, within(1e-6f));
                }
            }
        }
    }

    private static void assertHidden(float[] hidden, float[] original, int dim, int[] masked, float[] maskVector) {
        assertThat(maskVector).hasSize(dim).as("a learned, non-zero stand-in").isNotEqualTo(new float[dim]);
        for (int node = 0; node < original.length / dim; node++) {
            boolean isMasked = false;
            for (int m : masked) {
                isMasked |= m == node;
            }
            for (int j = 0; j < dim; j++) {
                float want = isMasked ? maskVector[j] : original[node * dim + j];
                assertThat(hidden[node * dim + j])
                        .as("node %d column %d", node, j)
                        .isCloseTo(want, within(0f));
            }
        }
    }
}
