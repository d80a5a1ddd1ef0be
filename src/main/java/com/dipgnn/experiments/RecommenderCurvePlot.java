package com.dipgnn.experiments;

import com.dipgnn.recommend.EpochLog;
import com.dipgnn.recommend.RecommenderResult;
import java.util.List;

/** The validation Recall@K of recommender runs over their epochs, one line per run (seed). */
public final class RecommenderCurvePlot {

    private RecommenderCurvePlot() {}

    /**
     * @param title the chart's title
     * @param firstSeed the seed of the first run (run i has seed firstSeed + i)
     * @param runs the runs, each with its curve
     * @param k the K of the full-ranking recall
     */
    public static SvgLinePlot of(String title, long firstSeed, List<RecommenderResult> runs, int k) {
        SvgLinePlot plot = new SvgLinePlot(title, "epoch", "validation Recall@" + k);
        String metric = "recall@" + k;
        for (int r = 0; r < runs.size(); r++) {
            List<EpochLog> curve = runs.get(r).curve();
            double[] x = new double[curve.size()];
            double[] y = new double[curve.size()];
            for (int i = 0; i < curve.size(); i++) {
                x[i] = curve.get(i).epoch();
                y[i] = curve.get(i).val().getOrDefault(metric, Double.NaN);
            }
            plot.addSeries("seed " + (firstSeed + r), x, y, null);
        }
        return plot;
    }
}
