package com.dipgnn.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TokenBatchTest {

    @Test
    void padsToTheLongestTextOfTheBatch() {
        TokenBatch batch = TokenBatch.of(List.of(new int[] {2, 7}, new int[] {2, 5, 6, 9}, new int[] {2}));
        assertThat(batch.batchSize()).isEqualTo(3);
        assertThat(batch.length()).isEqualTo(4);
        assertThat(batch.lengths()).containsExactly(2, 4, 1);
        assertThat(batch.ids()).containsExactly(2, 7, 0, 0, 2, 5, 6, 9, 2, 0, 0, 0);
        assertThat(batch.id(1, 3)).isEqualTo(9);
        assertThat(batch.realTokens()).isEqualTo(7);
    }

    @Test
    void maskMarksRealTokens() {
        TokenBatch batch = TokenBatch.of(List.of(new int[] {2, 7, 8}, new int[] {2}));
        assertThat(batch.mask()).containsExactly(true, true, true, true, false, false);
        assertThat(batch.maskAsFloat()).containsExactly(1f, 1f, 1f, 1f, 0f, 0f);
    }

    @Test
    void shortBatchesStayShort() {
        TokenBatch batch = TokenBatch.of(List.of(new int[] {2, 4}, new int[] {2, 5}));
        assertThat(batch.length()).isEqualTo(2);
        assertThat(batch.mask()).containsOnly(true);
    }

    @Test
    void emptyBatchIsRefused() {
        assertThatThrownBy(() -> TokenBatch.of(List.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
