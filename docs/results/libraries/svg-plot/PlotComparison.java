import com.dipgnn.experiments.SvgLinePlot;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Rectangle2D;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/**
 * The reports' validation plot (three methods' curves over 80 validations, each with a +/- std band)
 * drawn by the product's SvgLinePlot and by JFreeChart 1.5.6 + JFreeSVG 5.0.7: time per plot, size.
 */
public class PlotComparison {
    static final String[] NAMES = {"none", "dipgnn", "gpt-gnn"};

    public static void main(String[] args) throws Exception {
        double[] x = new double[80];
        double[][] y = new double[3][80], band = new double[3][80];
        for (int i = 0; i < 80; i++) {
            x[i] = 20 * (i + 1);
            for (int s = 0; s < 3; s++) {
                y[s][i] = 0.5 + 0.3 * (1 - Math.exp(-i / (10.0 + 5 * s))) + 0.01 * Math.sin(i + s);
                band[s][i] = 0.02 + 0.01 * Math.cos(i * 0.3 + s);
            }
        }
        String own = null, jfree = null;
        for (int rep = 0; rep < 5; rep++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < 100; i++) own = own(x, y, band);
            long t1 = System.nanoTime();
            for (int i = 0; i < 100; i++) jfree = jfree(x, y, band);
            long t2 = System.nanoTime();
            System.out.printf("repeat %d: SvgLinePlot %.2f ms/plot, JFreeChart+JFreeSVG %.2f ms/plot%n", rep,
                    (t1 - t0) / 1e8, (t2 - t1) / 1e8);
        }
        Files.writeString(Path.of("own.svg"), own);
        Files.writeString(Path.of("jfree.svg"), jfree);
        System.out.printf("SVG size: SvgLinePlot %d bytes, JFreeChart %d bytes%n", own.length(), jfree.length());
    }

    static String own(double[] x, double[][] y, double[][] band) {
        SvgLinePlot plot = new SvgLinePlot("validation micro-F1", "step", "micro-F1");
        for (int s = 0; s < 3; s++) plot.addSeries(NAMES[s], x, y[s], band[s]);
        return plot.render();
    }

    static String jfree(double[] x, double[][] y, double[][] band) {
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        for (int s = 0; s < 3; s++) {
            YIntervalSeries series = new YIntervalSeries(NAMES[s]);
            for (int i = 0; i < x.length; i++) series.add(x[i], y[s][i], y[s][i] - band[s][i], y[s][i] + band[s][i]);
            data.addSeries(series);
        }
        JFreeChart chart = ChartFactory.createXYLineChart("validation micro-F1", "step", "micro-F1", data,
                PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = chart.getXYPlot();
        DeviationRenderer renderer = new DeviationRenderer(true, false);
        Color[] colours = {new Color(0x0072B2), new Color(0xE69F00), new Color(0x009E73)};
        for (int s = 0; s < 3; s++) {
            renderer.setSeriesPaint(s, colours[s]);
            renderer.setSeriesFillPaint(s, colours[s]);
            renderer.setSeriesStroke(s, new BasicStroke(2f));
        }
        renderer.setAlpha(0.2f);
        plot.setRenderer(renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        plot.getRangeAxis().setAutoRangeMinimumSize(0.01);
        ((org.jfree.chart.axis.NumberAxis) plot.getRangeAxis()).setAutoRangeIncludesZero(false);
        SVGGraphics2D g = new SVGGraphics2D(720, 440);
        chart.draw(g, new Rectangle2D.Double(0, 0, 720, 440));
        return g.getSVGDocument();
    }
}
