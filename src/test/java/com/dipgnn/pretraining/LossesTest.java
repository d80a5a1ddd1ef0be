package com.dipgnn.pretraining;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The numerically stable loss pieces against values worked out by hand. */
class LossesTest {

    private static NDManager manager;

    @BeforeAll
    static void open() {
        manager = NDManager.newBaseManager(Device.cpu());
    }

    @AfterAll
    static void close() {
        manager.close();
    }

    @Test
    void binaryCrossEntropyWithLogitsMatchesHandValues() {
        float[] logits = {0f, 2f, 2f, -3f, 0.5f};
        float[] labels = {1f, 1f, 0f, 1f, 0f};
        float[] loss = Losses.binaryCrossEntropyWithLogits(manager.create(logits), manager.create(labels))
                .toFloatArray();
        // -y log sigmoid(x) - (1 - y) log(1 - sigmoid(x)):
        // x=0,y=1: ln 2; x=2,y=1: ln(1+e^-2); x=2,y=0: 2+ln(1+e^-2); x=-3,y=1: 3+ln(1+e^-3);
        // x=0.5,y=0: 0.5+ln(1+e^-0.5)
        double[] expected = {0.6931472, 0.1269280, 2.1269280, 3.0485874, 0.9740770};
        for (int i = 0; i < expected.length; i++) {
            assertThat((double) loss[i]).as("entry %d", i).isCloseTo(expected[i], within(1e-6));
        }
    }

    @Test
    void binaryCrossEntropyStaysFiniteForLargeLogits() {
        float[] logits = {100f, -100f, 100f, 1e4f, -1e4f, 1e4f};
        float[] labels = {0f, 1f, 1f, 0f, 1f, 1f};
        float[] loss = Losses.binaryCrossEntropyWithLogits(manager.create(logits), manager.create(labels))
                .toFloatArray();
        // a confidently wrong logit x costs |x|; a confidently right one costs ~0
        double[] expected = {100, 100, 0, 1e4, 1e4, 0};
        for (int i = 0; i < expected.length; i++) {
            assertThat(Float.isFinite(loss[i])).as("entry %d finite", i).isTrue();
            assertThat((double) loss[i]).as("entry %d", i).isCloseTo(expected[i], within(1e-3));
        }
    }

    @Test
    void crossEntropyFirstColumnMatchesHandValues() {
        NDArray logits =
                manager.create(new float[] {1f, 2f, 3f, 0f, 0f, 0f, 3f, 1f, -1e4f, -2f, 0.5f, 0.5f}, new Shape(4, 3));
        float[] loss = Losses.crossEntropyFirstColumn(logits).toFloatArray();
        // -log softmax(row)[0] = log sum_j exp(x_j - x_0):
        // ln(1 + e + e^2); ln 3; ln(1 + e^-2) (the -1e4 column contributes nothing); ln(1 + 2 e^2.5)
        double[] expected = {2.4076059, 1.0986123, 0.1269280, 3.2333698};
        assertThat(loss).hasSize(4);
        for (int i = 0; i < expected.length; i++) {
            assertThat((double) loss[i]).as("row %d", i).isCloseTo(expected[i], within(1e-5));
        }
    }

    @Test
    void crossEntropyFirstColumnStaysFiniteForLargeLogits() {
        NDArray logits = manager.create(new float[] {1000f, 0f, 0f, 1000f, -1e4f, 500f}, new Shape(3, 2));
        float[] loss = Losses.crossEntropyFirstColumn(logits).toFloatArray();
        double[] expected = {0, 1000, 10500};
        for (int i = 0; i < expected.length; i++) {
            assertThat(Float.isFinite(loss[i])).as("row %d finite", i).isTrue();
            assertThat((double) loss[i]).as("row %d", i).isCloseTo(expected[i], within(1e-2));
        }
    }
}
