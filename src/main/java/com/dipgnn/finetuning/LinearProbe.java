package com.dipgnn.finetuning;

import com.dipgnn.graph.NodeLabels;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A linear probe of frozen node embeddings: a logistic regression (softmax over the classes, or
 * one sigmoid per class for multi-label data) trained on the training nodes' embeddings, its L2
 * weight chosen on validation micro-F1 from {@link #L2_GRID}, then scored on every split. It
 * measures what an encoder already holds, before any fine-tuning moves it.
 *
 * <p>Embeddings are standardised with the training nodes' per-column mean and deviation;
 * training is full-batch Adam (lr {@value #LEARNING_RATE}, {@value #EPOCHS} epochs) on the host.
 * Cost: epochs × grid × train nodes × width × classes multiply-adds (Cora's fine-tuning part at
 * width 128: about 10^9, under a second).
 */
public final class LinearProbe {

    /** The L2 weights tried, the best on validation micro-F1 kept. */
    public static final List<Double> L2_GRID = List.of(0.0, 1e-4, 1e-3, 1e-2, 1e-1);

    static final int EPOCHS = 300;
    static final double LEARNING_RATE = 0.01;

    /**
     * The embeddings of one split: {@code nodes.length x width}, row-major.
     *
     * @param nodes node ids, whose labels are looked up in the probe's {@link NodeLabels}
     * @param embeddings the nodes' embeddings in order
     */
    public record Split(int[] nodes, float[] embeddings) {}

    /**
     * The probe's outcome.
     *
     * @param metrics split name (train, val, test) to micro_f1, macro_f1 and accuracy
     * @param l2 the L2 weight validation chose
     */
    public record Result(Map<String, Map<String, Double>> metrics, double l2) {}

    private final NodeLabels labels;
    private final int width;

    /**
     * @param labels the labels of the probed node type
     * @param width embedding width
     */
    public LinearProbe(NodeLabels labels, int width) {
        if (width < 1) {
            throw new IllegalArgumentException("embedding width must be at least 1; got " + width);
        }
        this.labels = labels;
        this.width = width;
    }

    /** Fits on {@code train} for every L2 weight of the grid, keeps the best on {@code val}, scores all three. */
    public Result fit(Split train, Split val, Split test) {
        check(train);
        check(val);
        check(test);
        double[] mean = new double[width];
        double[] scale = new double[width];
        standardisation(train, mean, scale);
        float[] x = standardised(train, mean, scale);
        float[] xVal = standardised(val, mean, scale);
        float[] xTest = standardised(test, mean, scale);
        Weights best = null;
        double bestVal = Double.NEGATIVE_INFINITY;
        double bestL2 = Double.NaN;
        for (double l2 : L2_GRID) {
            Weights w = train(x, train.nodes(), l2);
            double v = metrics(w, xVal, val.nodes()).microF1();
            if (v > bestVal) {
                bestVal = v;
                best = w;
                bestL2 = l2;
            }
        }
        Map<String, Map<String, Double>> out = new LinkedHashMap<>();
        out.put("train", metrics(best, x, train.nodes()).asMap());
        out.put("val", metrics(best, xVal, val.nodes()).asMap());
        out.put("test", metrics(best, xTest, test.nodes()).asMap());
        return new Result(out, bestL2);
    }

    private void check(Split split) {
        if ((long) split.nodes().length * width != split.embeddings().length) {
            throw new IllegalArgumentException("a probe split of " + split.nodes().length + " nodes needs "
                    + (long) split.nodes().length * width + " embedding values at width " + width + "; got "
                    + split.embeddings().length);
        }
    }

    private void standardisation(Split train, double[] mean, double[] scale) {
        int n = train.nodes().length;
        float[] e = train.embeddings();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < width; j++) {
                mean[j] += e[i * width + j];
            }
        }
        for (int j = 0; j < width; j++) {
            mean[j] /= Math.max(1, n);
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < width; j++) {
                double d = e[i * width + j] - mean[j];
                scale[j] += d * d;
            }
        }
        for (int j = 0; j < width; j++) {
            double sd = Math.sqrt(scale[j] / Math.max(1, n));
            // a constant column carries nothing: it is centred to zero and left unscaled
            scale[j] = sd > 1e-12 ? 1.0 / sd : 1.0;
        }
    }

    private float[] standardised(Split split, double[] mean, double[] scale) {
        float[] e = split.embeddings();
        float[] out = new float[e.length];
        for (int i = 0; i < e.length; i++) {
            int j = i % width;
            out[i] = (float) ((e[i] - mean[j]) * scale[j]);
        }
        return out;
    }

    /** Weights (classes x width) and biases (classes) of the regression. */
    private record Weights(double[] w, double[] b) {}

    private Weights train(float[] x, int[] nodes, double l2) {
        int classes = labels.numClasses();
        int n = nodes.length;
        double[] w = new double[classes * width];
        double[] b = new double[classes];
        Adam adamW = new Adam(w.length);
        Adam adamB = new Adam(b.length);
        double[] gw = new double[w.length];
        double[] gb = new double[b.length];
        double[] logits = new double[classes];
        double[] residual = new double[classes];
        for (int epoch = 1; epoch <= EPOCHS; epoch++) {
            Arrays.fill(gw, 0);
            Arrays.fill(gb, 0);
            for (int i = 0; i < n; i++) {
                scores(w, b, x, i, logits);
                residual(logits, nodes[i], residual);
                for (int c = 0; c < classes; c++) {
                    double r = residual[c] / n;
                    gb[c] += r;
                    for (int j = 0; j < width; j++) {
                        gw[c * width + j] += r * x[i * width + j];
                    }
                }
            }
            for (int k = 0; k < w.length; k++) {
                gw[k] += l2 * w[k];
            }
            adamW.step(w, gw, epoch);
            adamB.step(b, gb, epoch);
        }
        return new Weights(w, b);
    }

    private void scores(double[] w, double[] b, float[] x, int row, double[] out) {
        for (int c = 0; c < out.length; c++) {
            double s = b[c];
            for (int j = 0; j < width; j++) {
                s += w[c * width + j] * x[row * width + j];
            }
            out[c] = s;
        }
    }

    /** d loss / d logits: softmax minus one-hot, or sigmoid minus targets for multi-label data. */
    private void residual(double[] logits, int node, double[] out) {
        int classes = logits.length;
        if (labels.isMultiLabel()) {
            for (int c = 0; c < classes; c++) {
                out[c] = 1.0 / (1.0 + Math.exp(-logits[c]));
            }
            for (int c : labels.labels(node)) {
                out[c] -= 1.0;
            }
            return;
        }
        double max = Double.NEGATIVE_INFINITY;
        for (double v : logits) {
            max = Math.max(max, v);
        }
        double sum = 0;
        for (int c = 0; c < classes; c++) {
            out[c] = Math.exp(logits[c] - max);
            sum += out[c];
        }
        for (int c = 0; c < classes; c++) {
            out[c] /= sum;
        }
        out[labels.label(node)] -= 1.0;
    }

    private ClassificationMetrics metrics(Weights weights, float[] x, int[] nodes) {
        int classes = labels.numClasses();
        ClassificationMetrics m = new ClassificationMetrics(classes);
        double[] logits = new double[classes];
        float[] row = new float[classes];
        for (int i = 0; i < nodes.length; i++) {
            scores(weights.w(), weights.b(), x, i, logits);
            for (int c = 0; c < classes; c++) {
                row[c] = (float) logits[c];
            }
            m.addLogits(row, 0, labels, nodes[i]);
        }
        return m;
    }

    /** Adam's moment estimates for one parameter vector. */
    private static final class Adam {
        private static final double BETA1 = 0.9;
        private static final double BETA2 = 0.999;
        private static final double EPS = 1e-8;
        private final double[] m;
        private final double[] v;

        Adam(int size) {
            m = new double[size];
            v = new double[size];
        }

        void step(double[] param, double[] grad, int t) {
            double c1 = 1 - Math.pow(BETA1, t);
            double c2 = 1 - Math.pow(BETA2, t);
            for (int k = 0; k < param.length; k++) {
                m[k] = BETA1 * m[k] + (1 - BETA1) * grad[k];
                v[k] = BETA2 * v[k] + (1 - BETA2) * grad[k] * grad[k];
                param[k] -= LEARNING_RATE * (m[k] / c1) / (Math.sqrt(v[k] / c2) + EPS);
            }
        }
    }
}
