package com.dipgnn.experiments;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A self-contained SVG line chart without dependencies: one line per series, an optional translucent
 * {@code +/-} band around each line (for example the standard deviation over runs), axes with "nice" ticks
 * ({@link AxisTicks}, mapped to pixels by {@link PlotAxis}), a light grid, a legend and a title. Non-finite
 * points are skipped.
 *
 * <p>Kept after drawing the reports' validation plot (three curves of 80 points with bands) with
 * JFreeChart 1.5.6 and JFreeSVG 5.0.7 (docs/results/libraries/svg-plot/, both rendered to PNG
 * there): 2.3-3.9 ms a plot here against 1.3-2.6 ms, 14.7 KB of SVG against 47.6 KB, and both
 * readable. This one marks its parts ({@code class="series"} with {@code data-name}, {@code band},
 * {@code legend-label}, {@code title}, the tick groups) so tests and clients can read a plot back;
 * the library would cost 1.7 MB and AWT in a headless service for no gain beyond its tighter axis
 * ranges.
 */
public final class SvgLinePlot {

    /** Okabe-Ito colour-blind friendly palette, yellow last because it is faint on white. */
    private static final String[] PALETTE = {
        "#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#000000", "#F0E442"
    };
    /** After the palette is used up the colours repeat with these dash patterns. */
    private static final String[] DASHES = {"", "6 3", "2 3", "8 3 2 3"};

    private static final int HEIGHT = 440;
    private static final int MIN_WIDTH = 720;
    private static final int LEFT = 72;
    private static final int TOP = 46;
    private static final int PLOT_WIDTH = 480;
    private static final int PLOT_HEIGHT = HEIGHT - TOP - 62;
    private static final int LEGEND_GAP = 18;
    private static final double CHAR_WIDTH = 7.0;
    private static final int MARKER_LIMIT = 40;
    private static final double Y_MARGIN = 0.05;

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final List<Series> series = new ArrayList<>();

    private record Series(String name, double[] x, double[] y, double[] band) {}

    /** Creates an empty plot; {@code null} labels are treated as empty. */
    public SvgLinePlot(String title, String xLabel, String yLabel) {
        this.title = title == null ? "" : title;
        this.xLabel = xLabel == null ? "" : xLabel;
        this.yLabel = yLabel == null ? "" : yLabel;
    }

    /**
     * Adds a series; the arrays are copied. Points whose x or y is not finite are skipped.
     *
     * @param band half-width of a translucent band drawn around {@code y}, or {@code null} for none
     * @return this plot
     * @throws IllegalArgumentException if the name or an array is missing or the lengths differ
     */
    public SvgLinePlot addSeries(String name, double[] x, double[] y, double[] band) {
        if (name == null) {
            throw new IllegalArgumentException("series name is required");
        }
        if (x == null || y == null) {
            throw new IllegalArgumentException("series '" + name + "' needs x and y values");
        }
        if (x.length != y.length) {
            throw new IllegalArgumentException(
                    "series '" + name + "': x has " + x.length + " values but y has " + y.length);
        }
        if (band != null && band.length != y.length) {
            throw new IllegalArgumentException(
                    "series '" + name + "': band has " + band.length + " values but y has " + y.length);
        }
        series.add(new Series(name, x.clone(), y.clone(), band == null ? null : band.clone()));
        return this;
    }

    /** Renders the chart as a standalone SVG document. */
    public String render() {
        int width = width();
        PlotAxis xAxis = new PlotAxis(AxisTicks.covering(xRange(), 0.0), LEFT, LEFT + PLOT_WIDTH);
        PlotAxis yAxis = new PlotAxis(AxisTicks.covering(yRange(), Y_MARGIN), TOP + PLOT_HEIGHT, TOP);
        StringBuilder svg = new StringBuilder(16_384);
        svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        svg.append(String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                        + " viewBox=\"0 0 %d %d\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n",
                width,
                HEIGHT,
                width,
                HEIGHT));
        svg.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", width, HEIGHT));
        appendGridAndTicks(svg, xAxis, yAxis);
        appendSeries(svg, xAxis, yAxis);
        appendFrameAndLabels(svg, width);
        appendLegend(svg);
        svg.append("</svg>\n");
        return svg.toString();
    }

    /** Writes {@link #render()} as UTF-8, creating missing parent directories. */
    public void write(Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, render(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write plot to " + file, e);
        }
    }

    // ---- layout -------------------------------------------------------------------------------------

    private int width() {
        int longest = 0;
        for (Series s : series) {
            longest = Math.max(longest, s.name().length());
        }
        int legendWidth = 36 + (int) Math.ceil(longest * CHAR_WIDTH) + 12;
        return Math.max(MIN_WIDTH, LEFT + PLOT_WIDTH + LEGEND_GAP + legendWidth);
    }

    private void appendGridAndTicks(StringBuilder svg, PlotAxis xAxis, PlotAxis yAxis) {
        double bottom = TOP + PLOT_HEIGHT;
        double right = LEFT + PLOT_WIDTH;
        svg.append("<g class=\"grid\" stroke=\"#e5e5e5\" stroke-width=\"1\">\n");
        for (int i = 0; i < xAxis.ticks().count(); i++) {
            double px = xAxis.tickPixel(i);
            svg.append(line(px, TOP, px, bottom));
        }
        for (int i = 0; i < yAxis.ticks().count(); i++) {
            double py = yAxis.tickPixel(i);
            svg.append(line(LEFT, py, right, py));
        }
        svg.append("</g>\n");
        appendTickLabels(svg, xAxis, yAxis, bottom);
    }

    private void appendTickLabels(StringBuilder svg, PlotAxis xAxis, PlotAxis yAxis, double bottom) {
        svg.append("<g class=\"x-ticks\" text-anchor=\"middle\" fill=\"#333333\">\n");
        for (int i = 0; i < xAxis.ticks().count(); i++) {
            double px = xAxis.tickPixel(i);
            svg.append(tickMark(px, bottom, px, bottom + 5));
            svg.append(text("tick-label", px, bottom + 19, xAxis.ticks().label(i)));
        }
        svg.append("</g>\n<g class=\"y-ticks\" text-anchor=\"end\" fill=\"#333333\">\n");
        for (int i = 0; i < yAxis.ticks().count(); i++) {
            double py = yAxis.tickPixel(i);
            svg.append(tickMark(LEFT - 5, py, LEFT, py));
            svg.append(text("tick-label", LEFT - 8, py + 4, yAxis.ticks().label(i)));
        }
        svg.append("</g>\n");
    }

    private void appendFrameAndLabels(StringBuilder svg, int width) {
        svg.append(String.format(
                Locale.ROOT,
                "<rect class=\"frame\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\""
                        + " fill=\"none\" stroke=\"#333333\" stroke-width=\"1\"/>\n",
                LEFT,
                TOP,
                PLOT_WIDTH,
                PLOT_HEIGHT));
        double centreX = LEFT + PLOT_WIDTH / 2.0;
        double centreY = TOP + PLOT_HEIGHT / 2.0;
        svg.append(String.format(
                Locale.ROOT,
                "<text class=\"title\" x=\"%.1f\" y=\"28\" text-anchor=\"middle\""
                        + " font-size=\"16\" font-weight=\"bold\">%s</text>\n",
                centreX,
                escape(title)));
        svg.append(String.format(
                Locale.ROOT,
                "<text class=\"x-label\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">" + "%s</text>\n",
                centreX,
                TOP + PLOT_HEIGHT + 44,
                escape(xLabel)));
        svg.append(String.format(
                Locale.ROOT,
                "<text class=\"y-label\" x=\"0\" y=\"0\" text-anchor=\"middle\""
                        + " transform=\"translate(20 %.1f) rotate(-90)\">%s</text>\n",
                centreY,
                escape(yLabel)));
    }

    private void appendLegend(StringBuilder svg) {
        double x = LEFT + PLOT_WIDTH + LEGEND_GAP;
        svg.append("<g class=\"legend\">\n");
        for (int i = 0; i < series.size(); i++) {
            double y = TOP + 10 + i * 20;
            svg.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\""
                            + " stroke=\"%s\" stroke-width=\"2.5\"%s/>\n",
                    x,
                    y,
                    x + 26,
                    y,
                    colour(i),
                    dashAttribute(i)));
            svg.append(text("legend-label", x + 34, y + 4, series.get(i).name()));
        }
        svg.append("</g>\n");
    }

    private void appendSeries(StringBuilder svg, PlotAxis xAxis, PlotAxis yAxis) {
        // the ticks always cover the data; the clip is a guard, padded so edge markers stay whole
        int pad = 4;
        svg.append(String.format(
                Locale.ROOT,
                "<clipPath id=\"plot-area\"><rect x=\"%d\" y=\"%d\" width=\"%d\"" + " height=\"%d\"/></clipPath>\n",
                LEFT - pad,
                TOP - pad,
                PLOT_WIDTH + 2 * pad,
                PLOT_HEIGHT + 2 * pad));
        svg.append("<g clip-path=\"url(#plot-area)\">\n");
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            if (s.band() != null) {
                appendBand(svg, s, i, xAxis, yAxis);
            }
        }
        for (int i = 0; i < series.size(); i++) {
            appendLine(svg, series.get(i), i, xAxis, yAxis);
        }
        svg.append("</g>\n");
    }

    private void appendBand(StringBuilder svg, Series s, int index, PlotAxis xAxis, PlotAxis yAxis) {
        List<Integer> points = new ArrayList<>();
        for (int j = 0; j < s.y().length; j++) {
            if (finitePoint(s, j) && Double.isFinite(s.band()[j])) {
                points.add(j);
            }
        }
        if (points.isEmpty()) {
            return;
        }
        StringBuilder d = new StringBuilder();
        for (int k = 0; k < points.size(); k++) {
            int j = points.get(k);
            appendPoint(
                    d, k == 0 ? 'M' : 'L', xAxis.toPixel(s.x()[j]), yAxis.toPixel(s.y()[j] + Math.abs(s.band()[j])));
        }
        for (int k = points.size() - 1; k >= 0; k--) {
            int j = points.get(k);
            appendPoint(d, 'L', xAxis.toPixel(s.x()[j]), yAxis.toPixel(s.y()[j] - Math.abs(s.band()[j])));
        }
        d.append('Z');
        svg.append(String.format(
                Locale.ROOT,
                "<path class=\"band\" d=\"%s\" fill=\"%s\" fill-opacity=\"0.18\"" + " stroke=\"none\"/>\n",
                d,
                colour(index)));
    }

    private void appendLine(StringBuilder svg, Series s, int index, PlotAxis xAxis, PlotAxis yAxis) {
        StringBuilder d = new StringBuilder();
        StringBuilder markers = new StringBuilder();
        int valid = validCount(s);
        for (int j = 0; j < s.y().length; j++) {
            if (!finitePoint(s, j)) {
                continue;
            }
            double px = xAxis.toPixel(s.x()[j]);
            double py = yAxis.toPixel(s.y()[j]);
            appendPoint(d, d.length() == 0 ? 'M' : 'L', px, py);
            if (valid <= MARKER_LIMIT) {
                markers.append(String.format(Locale.ROOT, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"2.5\"/>", px, py));
            }
        }
        String name = escape(s.name());
        svg.append(String.format(
                Locale.ROOT,
                "<path class=\"series\" data-name=\"%s\" d=\"%s\" fill=\"none\""
                        + " stroke=\"%s\" stroke-width=\"2\" stroke-linejoin=\"round\"%s/>\n",
                name,
                d,
                colour(index),
                dashAttribute(index)));
        if (markers.length() > 0) {
            svg.append(String.format(Locale.ROOT, "<g class=\"markers\" fill=\"%s\">%s</g>\n", colour(index), markers));
        }
    }

    // ---- data ranges -----------------------------------------------------------------------------

    private double[] xRange() {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (Series s : series) {
            for (int j = 0; j < s.x().length; j++) {
                if (finitePoint(s, j)) {
                    min = Math.min(min, s.x()[j]);
                    max = Math.max(max, s.x()[j]);
                }
            }
        }
        return new double[] {min, max};
    }

    private double[] yRange() {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (Series s : series) {
            for (int j = 0; j < s.y().length; j++) {
                if (!finitePoint(s, j)) {
                    continue;
                }
                double spread = s.band() != null && Double.isFinite(s.band()[j]) ? Math.abs(s.band()[j]) : 0.0;
                min = Math.min(min, s.y()[j] - spread);
                max = Math.max(max, s.y()[j] + spread);
            }
        }
        return new double[] {min, max};
    }

    // ---- helpers ------------------------------------------------------------------------------------

    private static boolean finitePoint(Series s, int j) {
        return Double.isFinite(s.x()[j]) && Double.isFinite(s.y()[j]);
    }

    private static int validCount(Series s) {
        int n = 0;
        for (int j = 0; j < s.y().length; j++) {
            if (finitePoint(s, j)) {
                n++;
            }
        }
        return n;
    }

    private static void appendPoint(StringBuilder d, char command, double px, double py) {
        d.append(command).append(String.format(Locale.ROOT, "%.2f %.2f ", px, py));
    }

    private static String colour(int index) {
        return PALETTE[index % PALETTE.length];
    }

    private static String dashAttribute(int index) {
        String dash = DASHES[(index / PALETTE.length) % DASHES.length];
        return dash.isEmpty() ? "" : " stroke-dasharray=\"" + dash + "\"";
    }

    private static String line(double x1, double y1, double x2, double y2) {
        return String.format(Locale.ROOT, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", x1, y1, x2, y2);
    }

    private static String tickMark(double x1, double y1, double x2, double y2) {
        return String.format(
                Locale.ROOT,
                "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#333333\"/>\n",
                x1,
                y1,
                x2,
                y2);
    }

    private static String text(String cssClass, double x, double y, String content) {
        return String.format(
                Locale.ROOT, "<text class=\"%s\" x=\"%.2f\" y=\"%.2f\">%s</text>\n", cssClass, x, y, escape(content));
    }

    /** Escapes XML special characters and drops characters that XML 1.0 does not allow. */
    static String escape(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&apos;");
                default -> {
                    if (c >= 0x20 || c == '\t' || c == '\n' || c == '\r') {
                        if (c != 0xFFFE && c != 0xFFFF) {
                            out.append(c);
                        }
                    }
                }
            }
        }
        return out.toString();
    }
}
