package com.dipgnn.experiments;

/**
 * One axis of an {@link SvgLinePlot}: its ticks and the linear map from data values to pixels, which
 * puts {@code ticks.min()} at {@code pixelStart} and {@code ticks.max()} at {@code pixelEnd} (a vertical
 * axis runs from the bottom pixel up, so its start is the larger pixel).
 *
 * @param ticks the axis's ticks, whose ends are the ends of the axis
 * @param pixelStart where the smallest tick is drawn
 * @param pixelEnd where the largest tick is drawn
 */
record PlotAxis(AxisTicks ticks, double pixelStart, double pixelEnd) {

    /** The pixel coordinate of the data value {@code v}. */
    double toPixel(double v) {
        double span = ticks.max() - ticks.min();
        return pixelStart + (v - ticks.min()) / span * (pixelEnd - pixelStart);
    }

    /** The pixel coordinate of the {@code i}-th tick. */
    double tickPixel(int i) {
        return toPixel(ticks.value(i));
    }
}
