package com.dipgnn.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TokenMaskingTest {

    private static int[] randomText(Random random) {
        int words = 1 + random.nextInt(30);
        int[] ids = new int[words + 1];
        ids[0] = Vocabulary.CLS;
        for (int i = 1; i < ids.length; i++) {
            // about one word in ten is unknown
            ids[i] = random.nextInt(10) == 0 ? Vocabulary.UNK : Vocabulary.NUM_SPECIAL + random.nextInt(500);
        }
        return ids;
    }

    @Test
    void masksTwentyPercentOfMaskableTokens() {
        Random data = new Random(1);
        Random masking = new Random(2);
        TokenMasking tokenMasking = new TokenMasking();
        long maskable = 0;
        long masked = 0;
        for (int i = 0; i < 5_000; i++) {
            int[] ids = randomText(data);
            for (int id : ids) {
                maskable += TokenMasking.isMaskable(id) ? 1 : 0;
            }
            masked += tokenMasking.mask(ids, masking).count();
        }
        assertThat((double) masked / maskable).isCloseTo(0.20, within(0.02));
    }

    @Test
    void neverMasksSpecialTokensAndKeepsOriginals() {
        Random data = new Random(3);
        Random masking = new Random(4);
        TokenMasking tokenMasking = new TokenMasking(0.5);
        for (int i = 0; i < 500; i++) {
            int[] ids = randomText(data);
            TokenBatch padded = TokenBatch.of(List.of(ids, new int[40]));
            int[] row = Arrays.copyOf(padded.ids(), padded.length());
            TokenMasking.Masked m = tokenMasking.mask(row, masking);
            for (int k = 0; k < m.count(); k++) {
                int p = m.positions()[k];
                assertThat(row[p]).isGreaterThanOrEqualTo(Vocabulary.NUM_SPECIAL);
                assertThat(m.originals()[k]).isEqualTo(row[p]);
                assertThat(m.apply(row)[p]).isEqualTo(Vocabulary.MASK);
            }
            assertThat(m.positions()).isSorted().doesNotHaveDuplicates();
        }
    }

    @Test
    void atLeastOneMaskWhenAnythingIsMaskable() {
        Random masking = new Random(5);
        TokenMasking tokenMasking = new TokenMasking();
        for (int i = 0; i < 100; i++) {
            assertThat(tokenMasking
                            .mask(new int[] {Vocabulary.CLS, 42}, masking)
                            .positions())
                    .containsExactly(1);
        }
        assertThat(tokenMasking
                        .mask(new int[] {Vocabulary.CLS, Vocabulary.UNK, 0}, masking)
                        .count())
                .isZero();
    }

    @Test
    void deterministicForASeed() {
        int[] ids = randomText(new Random(9));
        TokenMasking tokenMasking = new TokenMasking();
        TokenMasking.Masked a = tokenMasking.mask(ids, new Random(77));
        TokenMasking.Masked b = tokenMasking.mask(ids, new Random(77));
        assertThat(b.positions()).isEqualTo(a.positions());
        assertThat(b.originals()).isEqualTo(a.originals());
    }

    @Test
    void electraLabelsOnlyRealReplacements() {
        int[] original = {2, 10, 11, 12, 13};
        int[] corrupted = {2, 10, 99, 12, 14};
        // position 1 and 3 were "replaced" by the generator with the original token: label 0
        assertThat(TokenMasking.replacedLabels(original, corrupted)).containsExactly(0f, 0f, 1f, 0f, 1f);
    }
}
