package com.dipgnn.pretraining;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeFeatures;
import com.dipgnn.graph.RelationType;
import com.dipgnn.model.GraphBatch;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.sampling.EdgeList;
import com.dipgnn.sampling.Subgraph;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An independent, plain-Java (double precision) computation of a pre-training step's figures:
 * only the encoders are run through the engine (in evaluation mode), on inputs this class builds
 * itself; cosines, softmax cross-entropies, binary cross-entropies, the feature regression and
 * every mean are done here, from the parameters' values. Covers the methods with a feature
 * generator and both discriminators (DiP-GNN, RandomEdges).
 */
final class ReferenceObjective {

    private final HeteroGraph graph;
    private final PretrainNetworks networks;
    private final PretrainMethod method;
    private final double lambda;
    private final double temperature;

    ReferenceObjective(HeteroGraph graph, PretrainNetworks networks, PretrainConfig config) {
        this.graph = graph;
        this.networks = networks;
        this.method = config.method();
        this.lambda = config.lambda();
        this.temperature = config.temperature();
    }

    /** The figures {@link PretrainObjective#compute} should report for {@code batch}. */
    Map<String, Double> expected(PretrainBatch batch, NDManager scope) {
        Map<String, Double> stats = new LinkedHashMap<>();
        Map<String, double[][]> originals = features(batch.unmasked());
        Map<String, double[][]> hidden = new LinkedHashMap<>();
        originals.forEach(
                (type, x) -> hidden.put(type, maskRows(x, batch.featureMasked().get(type), maskVector(type))));
        Map<String, double[][]> hg = embed(networks.generator(), batch.unmasked(), hidden, scope);

        int[][] picks = method.generatesEdges() ? generateEdges(batch, hg, stats) : randomPicks(batch, stats);
        Map<String, double[][]> corrupted = new LinkedHashMap<>(originals);
        double generatorLoss = stats.getOrDefault(PretrainMetrics.GEN_EDGE_LOSS, 0.0)
                + generateFeatures(batch, hg, originals, corrupted, stats);

        Subgraph withGenerated = withGenerated(batch.unmasked(), batch.masked(), picks);
        Map<String, double[][]> hd = embed(networks.discriminator(), withGenerated, corrupted, scope);
        double discriminatorLoss = discriminateEdges(batch, picks, hd, stats) + discriminateFeatures(batch, hd, stats);
        stats.put(PretrainMetrics.LOSS, generatorLoss + lambda * discriminatorLoss);
        coverage(batch, picks, stats);
        return stats;
    }

    /** Softmax cross-entropy over each masked edge's valid candidates; returns the argmax slots. */
    private int[][] generateEdges(PretrainBatch batch, Map<String, double[][]> hg, Map<String, Double> stats) {
        int[][] picks = new int[batch.masked().size()][];
        double ce = 0;
        int count = 0;
        for (int r = 0; r < picks.length; r++) {
            MaskedRelation m = batch.masked().get(r);
            double[][] w = matrix(networks.generatorEdges().scorer(m.relation()), "w.weight");
            picks[r] = new int[m.size()];
            for (int i = 0; i < m.size(); i++) {
                double[] logits = candidateLogits(m, i, w, hg);
                ce += logSumExpValid(m, i, logits) - logits[0];
                picks[r][i] = argMaxValid(m, i, logits);
                count++;
            }
        }
        stats.put(PretrainMetrics.GEN_EDGE_LOSS, ce / count);
        stats.put(PretrainMetrics.GEN_ACCURACY, shareOfTrueSources(picks));
        // the picks are the most likely candidates here, so the top-1 accuracy is the same share
        stats.put(PretrainMetrics.GEN_TOP1_ACCURACY, shareOfTrueSources(picks));
        return picks;
    }

    private static int[][] randomPicks(PretrainBatch batch, Map<String, Double> stats) {
        int[][] picks = new int[batch.masked().size()][];
        for (int r = 0; r < picks.length; r++) {
            picks[r] = batch.randomPicks().get(batch.masked().get(r).relation().key());
        }
        stats.put(PretrainMetrics.GEN_ACCURACY, shareOfTrueSources(picks));
        return picks;
    }

    /**
     * v-hat = W_g h + b for the masked nodes: squared error averaged over the feature width and
     * the masked nodes, summed over types (returned); fills {@code corrupted} with v-hat in place.
     */
    private double generateFeatures(
            PretrainBatch batch,
            Map<String, double[][]> hg,
            Map<String, double[][]> originals,
            Map<String, double[][]> corrupted,
            Map<String, Double> stats) {
        double sum = 0;
        for (Map.Entry<String, int[]> e : batch.featureMasked().entrySet()) {
            GraphModule head = networks.generatorFeatures().head(e.getKey());
            double[][] wg = matrix(head, "weight");
            double[] bg = toDouble(head.snapshot().get("bias"));
            double[][] x = originals.get(e.getKey());
            double[][] out = copy(x);
            double squared = 0;
            for (int node : e.getValue()) {
                double[] vhat = affine(wg, bg, hg.get(e.getKey())[node]);
                double err = 0;
                for (int j = 0; j < vhat.length; j++) {
                    err += (vhat[j] - x[node][j]) * (vhat[j] - x[node][j]);
                }
                squared += err / vhat.length;
                out[node] = vhat;
            }
            sum += squared / e.getValue().length;
            corrupted.put(e.getKey(), out);
        }
        stats.put(PretrainMetrics.GEN_FEATURE_LOSS, sum / batch.featureMasked().size());
        return sum;
    }

    /** Mean binary cross-entropy over E_g (ELECTRA labels) and E_u^d (label 1), across relations. */
    private double discriminateEdges(
            PretrainBatch batch, int[][] picks, Map<String, double[][]> hd, Map<String, Double> stats) {
        double bce = 0;
        int pairs = 0;
        int correct = 0;
        int original = 0;
        for (int r = 0; r < picks.length; r++) {
            MaskedRelation m = batch.masked().get(r);
            double[][] w = matrix(networks.discriminatorEdges().scorer(m.relation()), "w.weight");
            double[][] hs = hd.get(m.relation().source());
            double[][] ht = hd.get(m.relation().target());
            int n = m.size();
            for (int i = 0; i < n + m.keptSources().length; i++) {
                boolean generated = i < n;
                int source = generated ? m.candidates()[i * m.width() + picks[r][i]] : m.keptSources()[i - n];
                int target = generated ? m.targets()[i] : m.keptTargets()[i - n];
                double label = !generated || picks[r][i] == 0 ? 1 : 0;
                double logit = cosine(w, hs[source], ht[target]) / temperature;
                bce += bce(logit, label);
                correct += (logit > 0) == (label > 0.5) ? 1 : 0;
                original += label > 0.5 ? 1 : 0;
                pairs++;
            }
        }
        stats.put(PretrainMetrics.DISC_EDGE_LOSS, bce / pairs);
        stats.put(PretrainMetrics.DISC_ACCURACY, (double) correct / pairs);
        // a discriminator answering the more common label (here: original) every time
        double trivial = (double) Math.max(original, pairs - original) / pairs;
        stats.put(PretrainMetrics.DISC_TRIVIAL_RATE, trivial);
        stats.put(PretrainMetrics.DISC_MARGIN, (double) correct / pairs - trivial);
        return bce / pairs;
    }

    /**
     * Per featured type, the mean binary cross-entropy of p(replaced) = sigmoid(W_d h + b) over all
     * its nodes (label 1 for the masked ones, whose reconstruction differs), summed over types.
     */
    private double discriminateFeatures(PretrainBatch batch, Map<String, double[][]> hd, Map<String, Double> stats) {
        double sum = 0;
        int correct = 0;
        int nodes = 0;
        int replaced = 0;
        for (Map.Entry<String, int[]> e : batch.featureMasked().entrySet()) {
            replaced += e.getValue().length;
            GraphModule head = networks.discriminatorFeatures().head(e.getKey());
            double[][] wd = matrix(head, "weight");
            double[] bd = toDouble(head.snapshot().get("bias"));
            double[][] h = hd.get(e.getKey());
            double[] labels = new double[h.length];
            for (int node : e.getValue()) {
                labels[node] = 1;
            }
            double typeBce = 0;
            for (int node = 0; node < h.length; node++) {
                double logit = affine(wd, bd, h[node])[0];
                typeBce += bce(logit, labels[node]);
                correct += (logit > 0) == (labels[node] > 0.5) ? 1 : 0;
                nodes++;
            }
            sum += typeBce / h.length;
        }
        stats.put(PretrainMetrics.DISC_FEATURE_LOSS, sum);
        stats.put(PretrainMetrics.DISC_FEATURE_ACCURACY, (double) correct / nodes);
        double trivial = (double) Math.max(replaced, nodes - replaced) / nodes;
        stats.put(PretrainMetrics.DISC_FEATURE_TRIVIAL_RATE, trivial);
        stats.put(PretrainMetrics.DISC_FEATURE_MARGIN, (double) correct / nodes - trivial);
        // every masked node's regression differs from its original here, so all of them are replaced
        stats.put(PretrainMetrics.FEATURE_REPLACED, (double) replaced / nodes);
        return sum;
    }

    /** |E_u| / |E| for the generator, (|E_u| + correctly generated) / |E| for the discriminator. */
    private static void coverage(PretrainBatch batch, int[][] picks, Map<String, Double> stats) {
        int right = 0;
        for (int[] p : picks) {
            for (int slot : p) {
                right += slot == 0 ? 1 : 0;
            }
        }
        double seen = batch.totalEdges() - batch.maskedEdges();
        stats.put(PretrainMetrics.GEN_COVERAGE, seen / batch.totalEdges());
        stats.put(PretrainMetrics.DISC_COVERAGE, (seen + right) / batch.totalEdges());
        stats.put(PretrainMetrics.COVERAGE_RATIO, (seen + right) / seen);
        stats.put(PretrainMetrics.MASKED_EDGES, (double) batch.maskedEdges());
    }

    private static double shareOfTrueSources(int[][] picks) {
        int right = 0;
        int all = 0;
        for (int[] p : picks) {
            for (int slot : p) {
                right += slot == 0 ? 1 : 0;
                all++;
            }
        }
        return (double) right / all;
    }

    private double[] candidateLogits(MaskedRelation m, int row, double[][] w, Map<String, double[][]> h) {
        double[] logits = new double[m.width()];
        double[] target = h.get(m.relation().target())[m.targets()[row]];
        for (int k = 0; k < m.width(); k++) {
            double[] source = h.get(m.relation().source())[m.candidates()[row * m.width() + k]];
            logits[k] = cosine(w, source, target) / temperature;
        }
        return logits;
    }

    private static double logSumExpValid(MaskedRelation m, int row, double[] logits) {
        double max = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < logits.length; k++) {
            if (m.valid()[row * m.width() + k]) {
                max = Math.max(max, logits[k]);
            }
        }
        double sum = 0;
        for (int k = 0; k < logits.length; k++) {
            if (m.valid()[row * m.width() + k]) {
                sum += Math.exp(logits[k] - max);
            }
        }
        return max + Math.log(sum);
    }

    private static int argMaxValid(MaskedRelation m, int row, double[] logits) {
        int best = 0;
        for (int k = 1; k < logits.length; k++) {
            if (m.valid()[row * m.width() + k] && logits[k] > logits[best]) {
                best = k;
            }
        }
        return best;
    }

    /** E_u plus each generated edge (candidate at the picked slot, target), in both directions. */
    private static Subgraph withGenerated(Subgraph unmasked, List<MaskedRelation> masked, int[][] picks) {
        Map<RelationType, EdgeList> replaced = new LinkedHashMap<>();
        for (int r = 0; r < masked.size(); r++) {
            MaskedRelation m = masked.get(r);
            EdgeList forward = unmasked.edges(m.relation());
            EdgeList backward =
                    m.symmetric() ? forward : unmasked.edges(m.relation().reverse());
            int n = m.size();
            int[] fs = Arrays.copyOf(forward.src(), forward.size() + (m.symmetric() ? 2 * n : n));
            int[] fd = Arrays.copyOf(forward.dst(), fs.length);
            int[] bs = Arrays.copyOf(backward.src(), backward.size() + n);
            int[] bd = Arrays.copyOf(backward.dst(), bs.length);
            for (int i = 0; i < n; i++) {
                int source = m.candidates()[i * m.width() + picks[r][i]];
                fs[forward.size() + i] = source;
                fd[forward.size() + i] = m.targets()[i];
                if (m.symmetric()) {
                    fs[forward.size() + n + i] = m.targets()[i];
                    fd[forward.size() + n + i] = source;
                } else {
                    bs[backward.size() + i] = m.targets()[i];
                    bd[backward.size() + i] = source;
                }
            }
            replaced.put(m.relation(), EdgeList.sorted(fs, fd));
            if (!m.symmetric()) {
                replaced.put(m.relation().reverse(), EdgeList.sorted(bs, bd));
            }
        }
        return unmasked.withEdges(replaced);
    }

    /** Runs an encoder in evaluation mode on a subgraph with the given input features. */
    private Map<String, double[][]> embed(
            GraphEncoder encoder, Subgraph subgraph, Map<String, double[][]> inputs, NDManager scope) {
        GraphBatch batch = new GraphBatch(scope, graph, subgraph);
        inputs.forEach((type, x) ->
                batch.replaceInput(type, scope.create(flatten(x), new Shape(x.length, x[0].length))));
        Map<String, double[][]> out = new LinkedHashMap<>();
        encoder.forward(batch, false).forEach((type, h) -> out.put(type, rows(h)));
        return out;
    }

    private Map<String, double[][]> features(Subgraph subgraph) {
        Map<String, double[][]> out = new LinkedHashMap<>();
        for (String type : graph.nodeTypes()) {
            NodeFeatures f = graph.nodes(type).features();
            int[] ids = subgraph.nodes(type);
            double[][] x = new double[ids.length][f.dim()];
            float[] row = new float[f.dim()];
            for (int i = 0; i < ids.length; i++) {
                f.copyRow(ids[i], row, 0);
                for (int j = 0; j < f.dim(); j++) {
                    x[i][j] = row[j];
                }
            }
            out.put(type, x);
        }
        return out;
    }

    static double cosine(double[][] w, double[] u, double[] v) {
        double[] wu = affine(w, null, u);
        double dot = 0;
        double nu = 0;
        double nv = 0;
        for (int i = 0; i < v.length; i++) {
            dot += wu[i] * v[i];
            nu += wu[i] * wu[i];
            nv += v[i] * v[i];
        }
        return dot / (Math.sqrt(nu) * Math.sqrt(nv));
    }

    static double bce(double logit, double label) {
        double p = 1 / (1 + Math.exp(-logit));
        return -(label * Math.log(p) + (1 - label) * Math.log(1 - p));
    }

    static double[] affine(double[][] w, double[] b, double[] x) {
        double[] y = new double[w.length];
        for (int o = 0; o < w.length; o++) {
            double s = b == null ? 0 : b[o];
            for (int i = 0; i < x.length; i++) {
                s += w[o][i] * x[i];
            }
            y[o] = s;
        }
        return y;
    }

    /** A (rows, columns) weight from a module's parameter, read back from its values. */
    static double[][] matrix(GraphModule module, String name) {
        ai.djl.nn.Parameter p = module.parameters().get(name);
        long[] shape = p.getShape().getShape();
        float[] values = p.getArray().toFloatArray();
        double[][] m = new double[(int) shape[0]][(int) shape[1]];
        for (int r = 0; r < m.length; r++) {
            for (int c = 0; c < m[r].length; c++) {
                m[r][c] = values[r * m[r].length + c];
            }
        }
        return m;
    }

    private static double[][] rows(NDArray h) {
        long[] shape = h.getShape().getShape();
        float[] values = h.toFloatArray();
        double[][] out = new double[(int) shape[0]][(int) shape[1]];
        for (int r = 0; r < out.length; r++) {
            for (int c = 0; c < out[r].length; c++) {
                out[r][c] = values[r * out[r].length + c];
            }
        }
        return out;
    }

    private static float[] flatten(double[][] x) {
        float[] out = new float[x.length * x[0].length];
        for (int r = 0; r < x.length; r++) {
            for (int c = 0; c < x[r].length; c++) {
                out[r * x[r].length + c] = (float) x[r][c];
            }
        }
        return out;
    }

    /** The rows of {@code x} listed in {@code rows} replaced by the type's learned mask vector. */
    private static double[][] maskRows(double[][] x, int[] rows, float[] mask) {
        double[][] out = copy(x);
        if (rows != null) {
            for (int r : rows) {
                for (int j = 0; j < out[r].length; j++) {
                    out[r][j] = mask[j];
                }
            }
        }
        return out;
    }

    private float[] maskVector(String type) {
        return networks.generatorFeatures().maskVector(type).getArray().toFloatArray();
    }

    private static double[][] copy(double[][] x) {
        double[][] out = new double[x.length][];
        for (int i = 0; i < x.length; i++) {
            out[i] = x[i].clone();
        }
        return out;
    }

    private static double[] toDouble(float[] values) {
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[i];
        }
        return out;
    }
}
