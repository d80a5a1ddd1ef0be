package com.dipgnn.pretraining;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DistinctIdsTest {

    @Test
    void keepsFirstAppearanceOrderAndPointsEveryElementAtItsValue() {
        // worked by hand: 7 first, then 2, then 9
        DistinctIds d = DistinctIds.of(new int[] {7, 2, 7, 9, 2, 7});

        assertThat(d.ids()).containsExactly(7, 2, 9);
        assertThat(d.positions()).containsExactly(0, 1, 0, 2, 1, 0);
    }

    @Test
    void anEmptyArrayHasNoIdsAndANegativeIdIsRefused() {
        DistinctIds none = DistinctIds.of(new int[0]);
        assertThat(none.ids()).isEmpty();
        assertThat(none.positions()).isEmpty();
        assertThatThrownBy(() -> DistinctIds.of(new int[] {1, -1})).isInstanceOf(IllegalArgumentException.class);
    }
}
