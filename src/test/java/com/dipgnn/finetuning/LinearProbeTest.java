package com.dipgnn.finetuning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.graph.NodeLabels;
import org.junit.jupiter.api.Test;

/** The linear probe on embeddings whose answer is known by construction. */
class LinearProbeTest {

    @Test
    void separatesClassesThatALineSeparates() {
        // nodes 0..7; classes by the sign of the embedding: symmetric data put the boundary at 0
        NodeLabels labels = NodeLabels.single(2, new int[] {0, 0, 1, 1, 0, 1, 0, 1});
        LinearProbe probe = new LinearProbe(labels, 1);
        LinearProbe.Result r = probe.fit(
                new LinearProbe.Split(new int[] {0, 1, 2, 3}, new float[] {-2, -1, 1, 2}),
                new LinearProbe.Split(new int[] {4, 5}, new float[] {-3, 3}),
                new LinearProbe.Split(new int[] {6, 7}, new float[] {-0.5f, 0.5f}));

        assertThat(r.metrics().get("train").get("micro_f1")).isEqualTo(1.0);
        assertThat(r.metrics().get("test").get("micro_f1")).isEqualTo(1.0);
        assertThat(LinearProbe.L2_GRID).contains(r.l2());
    }

    @Test
    void embeddingsThatCarryNothingScoreNoBetterThanTheLargestClass() {
        // every node has the same embedding: the probe can only predict one class for all
        NodeLabels labels = NodeLabels.single(2, new int[] {0, 0, 0, 1, 0, 1, 0, 1, 1, 1});
        LinearProbe probe = new LinearProbe(labels, 2);
        float[] same = {1, 1, 1, 1, 1, 1, 1, 1};
        LinearProbe.Result r = probe.fit(
                new LinearProbe.Split(new int[] {0, 1, 2, 3}, same),
                new LinearProbe.Split(new int[] {4, 5}, new float[] {1, 1, 1, 1}),
                new LinearProbe.Split(new int[] {6, 7, 8, 9}, same));

        // training is 3 : 1 for class 0, so class 0 for everyone: test 6 is right, 7, 8 and 9 wrong
        assertThat(r.metrics().get("test").get("accuracy")).isEqualTo(0.25);
    }

    @Test
    void multiLabelClassesAreDecidedOnePerColumn() {
        // class 0 when the first coordinate is positive, class 1 when the second is
        NodeLabels labels = NodeLabels.multi(2, new int[][] {{0}, {1}, {0, 1}, {}, {0}, {1}, {0, 1}, {}});
        LinearProbe probe = new LinearProbe(labels, 2);
        float[] quadrants = {1, -1, -1, 1, 1, 1, -1, -1};
        LinearProbe.Result r = probe.fit(
                new LinearProbe.Split(new int[] {0, 1, 2, 3}, quadrants),
                new LinearProbe.Split(new int[] {0, 1, 2, 3}, quadrants),
                new LinearProbe.Split(new int[] {4, 5, 6, 7}, new float[] {2, -2, -2, 2, 2, 2, -2, -2}));

        assertThat(r.metrics().get("test").get("accuracy")).isEqualTo(1.0);
    }

    @Test
    void refusesEmbeddingsOfTheWrongSize() {
        LinearProbe probe = new LinearProbe(NodeLabels.single(2, new int[] {0, 1}), 3);
        LinearProbe.Split bad = new LinearProbe.Split(new int[] {0, 1}, new float[5]);
        LinearProbe.Split good = new LinearProbe.Split(new int[] {0, 1}, new float[6]);
        assertThatThrownBy(() -> probe.fit(bad, good, good))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs 6 embedding values at width 3; got 5");
    }
}
