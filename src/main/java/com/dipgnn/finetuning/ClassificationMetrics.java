package com.dipgnn.finetuning;

import com.dipgnn.graph.NodeLabels;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Micro- and macro-averaged F1 and accuracy of class predictions. Single-label: micro-F1 equals
 * accuracy. Multi-label: per (node, class) decisions.
 */
public final class ClassificationMetrics {

    private final int numClasses;
    private final long[] truePositives;
    private final long[] falsePositives;
    private final long[] falseNegatives;
    private long correct;
    private long total;

    public ClassificationMetrics(int numClasses) {
        this.numClasses = numClasses;
        this.truePositives = new long[numClasses];
        this.falsePositives = new long[numClasses];
        this.falseNegatives = new long[numClasses];
    }

    /** Records one single-label prediction. */
    public void add(int predicted, int actual) {
        total++;
        if (predicted == actual) {
            correct++;
            truePositives[actual]++;
        } else {
            falsePositives[predicted]++;
            falseNegatives[actual]++;
        }
    }

    /** Records one multi-label prediction: the predicted and actual class sets as flags. */
    public void addMulti(boolean[] predicted, boolean[] actual) {
        total++;
        boolean exact = true;
        for (int c = 0; c < numClasses; c++) {
            if (predicted[c] && actual[c]) {
                truePositives[c]++;
            } else if (predicted[c]) {
                falsePositives[c]++;
                exact = false;
            } else if (actual[c]) {
                falseNegatives[c]++;
                exact = false;
            }
        }
        if (exact) {
            correct++;
        }
    }

    /**
     * Records the prediction that {@code logits} make for one labelled node: the largest logit's
     * class for single-label data, every class with a positive logit for multi-label data.
     *
     * @param logits the node's class scores, from {@code offset} ({@code numClasses} of them)
     * @param labels the labels the node's true classes are read from
     */
    public void addLogits(float[] logits, int offset, NodeLabels labels, int node) {
        if (labels.isMultiLabel()) {
            boolean[] predicted = new boolean[numClasses];
            boolean[] actual = new boolean[numClasses];
            for (int c = 0; c < numClasses; c++) {
                predicted[c] = logits[offset + c] > 0;
            }
            for (int c : labels.labels(node)) {
                actual[c] = true;
            }
            addMulti(predicted, actual);
            return;
        }
        int best = 0;
        for (int c = 1; c < numClasses; c++) {
            if (logits[offset + c] > logits[offset + best]) {
                best = c;
            }
        }
        add(best, labels.label(node));
    }

    /** The figures by name: {@code micro_f1}, {@code macro_f1} and {@code accuracy}. */
    public Map<String, Double> asMap() {
        Map<String, Double> out = new LinkedHashMap<>();
        out.put("micro_f1", microF1());
        out.put("macro_f1", macroF1());
        out.put("accuracy", accuracy());
        return out;
    }

    public long count() {
        return total;
    }

    /** Fraction of nodes whose prediction is exactly right. */
    public double accuracy() {
        return total == 0 ? 0 : (double) correct / total;
    }

    public double microF1() {
        long tp = 0;
        long fp = 0;
        long fn = 0;
        for (int c = 0; c < numClasses; c++) {
            tp += truePositives[c];
            fp += falsePositives[c];
            fn += falseNegatives[c];
        }
        return f1(tp, fp, fn);
    }

    /** Mean of per-class F1 over the classes that occur in the labels or the predictions. */
    public double macroF1() {
        double sum = 0;
        int classes = 0;
        for (int c = 0; c < numClasses; c++) {
            if (truePositives[c] + falsePositives[c] + falseNegatives[c] == 0) {
                continue;
            }
            sum += f1(truePositives[c], falsePositives[c], falseNegatives[c]);
            classes++;
        }
        return classes == 0 ? 0 : sum / classes;
    }

    private static double f1(long tp, long fp, long fn) {
        long denominator = 2 * tp + fp + fn;
        return denominator == 0 ? 0 : 2.0 * tp / denominator;
    }
}
