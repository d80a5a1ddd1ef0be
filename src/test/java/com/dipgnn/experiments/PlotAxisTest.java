package com.dipgnn.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The data-to-pixel map of an axis, worked by hand on a vertical axis drawn from pixel 100 up to 50. */
class PlotAxisTest {

    private final PlotAxis axis = new PlotAxis(new AxisTicks(0.0, 10.0, 2.0), 100, 50);

    @Test
    void mapsTheTicksOntoThePixelsLinearly() {
        assertThat(axis.tickPixel(0)).isEqualTo(100.0);
        assertThat(axis.tickPixel(1)).isEqualTo(90.0);
        assertThat(axis.tickPixel(5)).isEqualTo(50.0);
        assertThat(axis.toPixel(2.5)).isEqualTo(87.5); // a quarter of the way: 100 - 0.25 * 50
        assertThat(axis.toPixel(12)).isEqualTo(40.0); // beyond the last tick, the same line
    }
}
