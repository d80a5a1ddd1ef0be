package com.dipgnn.pretraining;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.GradientCollector;
import com.dipgnn.graph.RelationType;
import com.dipgnn.optim.ModelInitialization;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The generator's candidate logits built a few masked edges at a time (as on a whole large graph)
 * equal those of the one product a subgraph takes, in value and in gradient, and in the edges'
 * own order although the runs take the edges by target.
 */
class CandidateLogitsInRunsTest {

    private static final RelationType RATED = new RelationType("user", "rated", "item");
    private static final int USERS = 6;
    private static final int ITEMS = 7;
    private static final int HIDDEN = 4;
    private static final int WIDTH = 3;
    private static final float TEMPERATURE = 0.5f;
    /** Targets out of order and repeated, so that taking edges by target reorders them. */
    private static final int[] TARGETS = {5, 1, 5, 0, 3, 1, 6, 0, 5, 2};

    private static MaskedRelation masked() {
        Random rng = new Random(4);
        int n = TARGETS.length;
        int[] sources = new int[n];
        int[] candidates = new int[n * WIDTH];
        boolean[] valid = new boolean[n * WIDTH];
        for (int i = 0; i < n; i++) {
            sources[i] = i == 2 ? sources[0] : rng.nextInt(USERS); // edges 0 and 2: the same (user, item 5)
            candidates[i * WIDTH] = sources[i];
            valid[i * WIDTH] = true;
            for (int k = 1; k < WIDTH; k++) {
                candidates[i * WIDTH + k] = rng.nextInt(USERS);
                valid[i * WIDTH + k] = i % 4 != k; // some padding slots
            }
        }
        return new MaskedRelation(
                RATED, false, sources, TARGETS.clone(), candidates, valid, WIDTH, new int[0], new int[0]);
    }

    /** Logits and the gradient of their weighted sum with respect to the user rows, flattened. */
    private static float[][] logitsAndGradient(long maxScores) {
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            EdgeHeads heads = new EdgeHeads(List.of(RATED), HIDDEN);
            ModelInitialization.initialize(9, manager, heads);
            Random rng = new Random(8);
            NDArray users = manager.create(gaussian(rng, USERS * HIDDEN), new Shape(USERS, HIDDEN));
            NDArray items = manager.create(gaussian(rng, ITEMS * HIDDEN), new Shape(ITEMS, HIDDEN));
            NDArray weights = manager.create(gaussian(rng, TARGETS.length * WIDTH), new Shape(TARGETS.length, WIDTH));
            users.setRequiresGradient(true);
            try (GradientCollector collector = Engine.getInstance().newGradientCollector()) {
                NDArray logits = CandidateLogits.candidateLogits(
                        masked(), Map.of("user", users, "item", items), heads, manager, TEMPERATURE, maxScores);
                float[] values = logits.toFloatArray();
                collector.backward(logits.mul(weights).sum());
                return new float[][] {values, users.getGradient().toFloatArray()};
            }
        }
    }

    private static float[] gaussian(Random rng, int n) {
        float[] values = new float[n];
        for (int i = 0; i < n; i++) {
            values[i] = (float) rng.nextGaussian();
        }
        return values;
    }

    @Test
    void runsOfEdgesGiveTheOneProductsLogitsAndGradients() {
        float[][] whole = logitsAndGradient(CandidateLogits.MAX_SCORES_PER_PRODUCT);
        assertThat(whole[0]).hasSize(TARGETS.length * WIDTH);
        for (long maxScores : new long[] {1, USERS, 3L * USERS, 7L * USERS}) { // 1, 1, 3 and 7 edges a run
            float[][] runs = logitsAndGradient(maxScores);
            for (int i = 0; i < whole[0].length; i++) {
                assertThat(runs[0][i])
                        .as("logit %d with %d scores a run", i, maxScores)
                        .isCloseTo(whole[0][i], within(1e-5f));
            }
            for (int i = 0; i < whole[1].length; i++) {
                assertThat(runs[1][i])
                        .as("gradient %d with %d scores a run", i, maxScores)
                        .isCloseTo(whole[1][i], within(1e-5f));
            }
        }
    }

    @Test
    void paddingSlotsAreMaskedOutAndRealSlotsAreCosinesOverTheTemperature() {
        float[] logits = logitsAndGradient(USERS)[0];
        MaskedRelation m = masked();
        for (int i = 0; i < logits.length; i++) {
            if (m.valid()[i]) {
                // a cosine lies in [-1, 1], so its logit in [-1/τ, 1/τ]
                assertThat(Math.abs(logits[i])).isLessThanOrEqualTo(1f / TEMPERATURE + 1e-5f);
            } else {
                assertThat(logits[i]).isLessThan(-1e3f);
            }
        }
        // edges 0 and 2 are the same (user, item 5) pair, scored in different runs of one edge
        assertThat(logits[2 * WIDTH]).isCloseTo(logits[0], within(1e-6f));
    }
}
