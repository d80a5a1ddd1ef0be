package com.dipgnn.finetuning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import org.junit.jupiter.api.Test;

/** The link task's loss pieces, each on a few hand-worked logits. */
class LinkLossTest {

    @Test
    void bprAveragesSoftplusOverTheUnmaskedNegativesOnly() {
        try (NDManager manager = NDManager.newBaseManager()) {
            // one anchor, candidates scored 0.5 (positive), 0.2, 0.9 (a known edge: masked)
            NDArray logits = manager.create(new float[][] {{0.5f, 0.2f, 0.9f}});
            NDArray positive = manager.create(new float[][] {{1, 0, 0}});
            NDArray mask = LinkLoss.mask(new long[] {2}, 1, 3, manager);
            // 1 x 3 cells, less one masked and one positive: one (anchor, negative) pair
            float loss = LinkLoss.bpr(logits, positive, mask, 1, manager).getFloat();
            assertThat((double) loss).isCloseTo(Math.log(1 + Math.exp(0.2 - 0.5)), within(1e-6));
        }
    }

    @Test
    void theMaskHoldsTheLargeNegativeAtTheListedCellsOnly() {
        try (NDManager manager = NDManager.newBaseManager()) {
            float[] mask = LinkLoss.mask(new long[] {1, 5}, 2, 3, manager).toFloatArray();
            assertThat(mask).containsExactly(0, -1e4f, 0, 0, 0, -1e4f);
            assertThat(LinkLoss.mask(new long[0], 2, 2, manager).toFloatArray()).containsExactly(0, 0, 0, 0);
        }
    }

    @Test
    void theSoftmaxLossIsMinusTheLogProbabilityOfEachPositiveAmongItsUnmaskedCandidates() {
        try (NDManager manager = NDManager.newBaseManager()) {
            // anchor 0: logits 1, 2, 3 with the third masked, positive 0: -log(e / (e + e^2)) = log(1 + e)
            // anchor 1: logits 0, 0, 0, nothing masked, positive 2: -log(1/3) = log 3
            NDArray logits = manager.create(new float[][] {{1, 2, 3}, {0, 0, 0}});
            NDArray mask = LinkLoss.mask(new long[] {2}, 2, 3, manager);
            float loss = LinkLoss.softmaxLoss(logits, mask, new int[] {0, 2}, manager)
                    .getFloat();
            assertThat((double) loss).isCloseTo((Math.log(1 + Math.E) + Math.log(3)) / 2, within(1e-5));
        }
    }

    @Test
    void logitsAreCosinesOverTheTemperaturePlusEachCandidatesOffsetOnEveryRow() {
        try (NDManager manager = NDManager.newBaseManager()) {
            NDArray scores = manager.create(new float[][] {{0.5f, 0.2f}, {-0.1f, 0.3f}});
            // temperature 0.1: 5, 2 / -1, 3; offsets 1, -1 on every row: 6, 1 / 0, 2
            float[] corrected =
                    LinkLoss.logits(scores, 0.1f, new float[] {1, -1}, manager).toFloatArray();
            assertThat(corrected[0]).isCloseTo(6f, within(1e-5f));
            assertThat(corrected[1]).isCloseTo(1f, within(1e-5f));
            assertThat(corrected[2]).isCloseTo(0f, within(1e-5f));
            assertThat(corrected[3]).isCloseTo(2f, within(1e-5f));
            float[] plain = LinkLoss.logits(scores, 0.1f, null, manager).toFloatArray();
            assertThat(plain[0]).isCloseTo(5f, within(1e-5f));
            assertThat(plain[3]).isCloseTo(3f, within(1e-5f));
        }
    }

    @Test
    void theLogQCorrectedSoftmaxLossOfOneAnchorIsWorkedByHand() {
        try (NDManager manager = NDManager.newBaseManager()) {
            // cosines 0.5 (positive), 0.2 at temperature 0.1: logits 5, 2; offsets -log Q = 0.2, 1.5 give
            // 5.2, 3.5, so the loss is -log(e^5.2 / (e^5.2 + e^3.5)) = log(1 + e^-1.7)
            NDArray scores = manager.create(new float[][] {{0.5f, 0.2f}});
            NDArray logits = LinkLoss.logits(scores, 0.1f, new float[] {0.2f, 1.5f}, manager);
            float loss = LinkLoss.softmaxLoss(logits, LinkLoss.mask(new long[0], 1, 2, manager), new int[] {0}, manager)
                    .getFloat();
            assertThat((double) loss).isCloseTo(Math.log(1 + Math.exp(-1.7)), within(1e-5));
        }
    }
}
