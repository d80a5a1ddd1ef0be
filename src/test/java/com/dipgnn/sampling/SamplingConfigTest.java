package com.dipgnn.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SamplingConfigTest {

    @Test
    void defaultsAreThePapersDepthAndWidth() {
        assertThat(SamplingConfig.defaults()).isEqualTo(new SamplingConfig(6, 128));
        assertThat(SamplingConfig.defaults().withWidth(32)).isEqualTo(new SamplingConfig(6, 32));
        assertThat(SamplingConfig.defaults().withDepth(0).depth()).isZero();
    }

    @Test
    void outOfRangeValuesAreRejectedWithTheValueAndTheDefault() {
        assertThatThrownBy(() -> new SamplingConfig(-1, 128))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("depth")
                .hasMessageContaining("-1")
                .hasMessageContaining("uses 6");
        assertThatThrownBy(() -> new SamplingConfig(600, 128))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("between 0 and 64");
        assertThatThrownBy(() -> new SamplingConfig(6, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("width")
                .hasMessageContaining("at least 1")
                .hasMessageContaining("uses 128");
    }
}
