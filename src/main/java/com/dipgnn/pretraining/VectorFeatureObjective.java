package com.dipgnn.pretraining;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.graph.StepRandom;
import com.dipgnn.model.GraphBatch;
import com.dipgnn.model.GraphOps;
import com.dipgnn.model.ScalarOps;
import java.util.Arrays;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

/**
 * The paper's vector-feature objective (its appendix): the generator regresses the hidden
 * features, v-hat = W_g h_g(n), with squared error averaged over the feature width (the paper sums
 * it; the mean keeps the term on the scale of the edge losses whatever the width) and over
 * the chosen nodes; the discriminator predicts p(n replaced) = sigmoid(W_d h_d(n)) with binary
 * cross-entropy averaged over every featured node. Hidden inputs are replaced by a learned mask
 * vector of their type. With {@link FeatureReplacement#SAMPLED} the generator instead picks a real
 * vector from a pool (softmax over cosine / temperature), and its pick is what the discriminator sees.
 */
public final class VectorFeatureObjective implements FeatureObjective {

    /** Rows whose reconstruction is within this of the original in every entry count as original. */
    static final float EQUAL_TOLERANCE = 1e-6f;

    /** Most real vectors a hidden node's pick is made among (sampled replacement). */
    static final int MAX_POOL = 4096;

    private final FeatureHeads generator;
    private final FeatureHeads discriminator;
    private final FeatureReplacement replacement;
    private final float temperature;
    private final boolean sums;

    /**
     * What the generator was not shown, per node type: original inputs, a (nodes, 1) 0/1 mask, the
     * hidden nodes' local ids and, for the sampled replacement, the pool of candidate rows (every
     * hidden node's own row among them).
     */
    public record Masking(
            Map<String, NDArray> originals,
            Map<String, NDArray> masks,
            Map<String, int[]> hidden,
            Map<String, int[]> pools) {}

    /**
     * The generator's output.
     *
     * @param loss the generator's feature loss (a scalar)
     * @param corrupted per node type, the discriminator's inputs (originals with generated rows, no gradient)
     * @param replaced per node type, a (nodes) 0/1 label: 1 where the input was replaced and differs
     *     from the original (a reconstruction equal to the original counts as original, as in ELECTRA)
     * @param meanError the generator's loss per hidden node (for reports)
     * @param pickAccuracy share of hidden nodes given their own vector back (sampled replacement; NaN otherwise)
     * @param replacedShare share of the featured nodes whose input the discriminator sees replaced
     */
    public record Generation(
            NDArray loss,
            Map<String, NDArray> corrupted,
            Map<String, NDArray> replaced,
            double meanError,
            double pickAccuracy,
            double replacedShare) {}

    /**
     * The discriminator's feature loss (a scalar) and its counts over all featured nodes.
     *
     * @param loss the loss, null when no type had a head
     * @param counts right answers and labels, for the accuracy and its trivial rate
     */
    record Discrimination(NDArray loss, BinaryCounts counts) {

        /** The loss's value, the accuracy, the trivial rate and the margin, by {@link PretrainMetrics} name. */
        Map<String, Double> stats() {
            Map<String, Double> stats = new LinkedHashMap<>();
            stats.put(PretrainMetrics.DISC_FEATURE_LOSS, (double) loss.getFloat());
            counts.putInto(
                    stats,
                    PretrainMetrics.DISC_FEATURE_ACCURACY,
                    PretrainMetrics.DISC_FEATURE_TRIVIAL_RATE,
                    PretrainMetrics.DISC_FEATURE_MARGIN);
            return stats;
        }

        /** Share of right answers; NaN without featured nodes. */
        double accuracy() {
            return counts.accuracy();
        }
    }

    /**
     * @param generator regression heads (null when the method does not generate features)
     * @param discriminator detection heads (null when the method does not discriminate features)
     */
    public VectorFeatureObjective(FeatureHeads generator, FeatureHeads discriminator) {
        this(generator, discriminator, FeatureReplacement.REGRESSED, 1f, LossReduction.MEAN);
    }

    /**
     * @param replacement how generated vectors are made
     * @param temperature the pick's logits are cosines divided by this (sampled replacement)
     * @param reduction means (over width and nodes) or the paper's sums
     */
    public VectorFeatureObjective(
            FeatureHeads generator,
            FeatureHeads discriminator,
            FeatureReplacement replacement,
            float temperature,
            LossReduction reduction) {
        this.generator = generator;
        this.discriminator = discriminator;
        this.replacement = replacement;
        this.temperature = temperature;
        this.sums = reduction == LossReduction.SUM;
    }

    @Override
    public Step begin(GraphBatch generatorBatch, PretrainBatch batch, boolean training) {
        Masking masking = hide(generatorBatch, batch);
        return masking.masks().isEmpty() ? null : new VectorStep(masking);
    }

    /** A step of the vector pair: the masking, then the generation it led to. */
    private final class VectorStep implements Step {
        private final Masking masking;
        private Generation generation;

        VectorStep(Masking masking) {
            this.masking = masking;
        }

        @Override
        public String kind() {
            return "feature";
        }

        @Override
        public Term generate(Map<String, NDArray> generatorEmbeddings) {
            generation = replacement == FeatureReplacement.SAMPLED
                    ? VectorFeatureObjective.this.pick(generatorEmbeddings, masking)
                    : VectorFeatureObjective.this.generate(generatorEmbeddings, masking);
            Map<String, Double> stats = new LinkedHashMap<>();
            stats.put(PretrainMetrics.GEN_FEATURE_LOSS, generation.meanError());
            if (!Double.isNaN(generation.pickAccuracy())) {
                stats.put(PretrainMetrics.GEN_FEATURE_ACCURACY, generation.pickAccuracy());
            }
            stats.put(PretrainMetrics.FEATURE_REPLACED, generation.replacedShare());
            return new Term(generation.loss(), stats);
        }

        @Override
        public void corrupt(GraphBatch discriminatorBatch) {
            VectorFeatureObjective.this.corrupt(discriminatorBatch, generation);
        }

        @Override
        public Term discriminate(Map<String, NDArray> discriminatorEmbeddings) {
            Discrimination d = VectorFeatureObjective.this.discriminate(discriminatorEmbeddings, generation);
            return d.loss() == null ? new Term(null, Map.of()) : new Term(d.loss(), d.stats());
        }
    }

    /** Hides the chosen nodes' features from the generator's batch (in place). */
    Masking hide(GraphBatch batch, PretrainBatch step) {
        Map<String, NDArray> originals = new LinkedHashMap<>();
        Map<String, NDArray> masks = new LinkedHashMap<>();
        Map<String, int[]> hidden = new LinkedHashMap<>();
        Map<String, int[]> pools = new LinkedHashMap<>();
        NDManager scope = batch.manager();
        for (Map.Entry<String, int[]> e : step.featureMasked().entrySet()) {
            String type = e.getKey();
            NDArray x = batch.input(type);
            if (x == null || generator == null || generator.head(type) == null) {
                continue;
            }
            float[] mask = new float[batch.numNodes(type)];
            for (int node : e.getValue()) {
                mask[node] = 1f;
            }
            NDArray m = scope.create(mask, new Shape(mask.length, 1));
            originals.put(type, x);
            masks.put(type, m);
            hidden.put(type, e.getValue());
            if (replacement == FeatureReplacement.SAMPLED) {
                pools.put(
                        type,
                        pool(e.getValue(), batch.numNodes(type), StepRandom.rngFor(step.step(), type.hashCode())));
            }
            batch.replaceInput(
                    type,
                    x.mul(m.neg().add(1f)).add(m.mul(generator.maskVector(type).getArray())));
        }
        return new Masking(originals, masks, hidden, pools);
    }

    /**
     * The rows a hidden node's vector is picked among: every row of the type when there are at most
     * {@link #MAX_POOL}, else the hidden rows and uniformly drawn others up to that size, in
     * increasing order.
     */
    static int[] pool(int[] hidden, int rows, Random rng) {
        if (rows <= MAX_POOL) {
            int[] all = new int[rows];
            Arrays.setAll(all, i -> i);
            return all;
        }
        BitSet chosen = new BitSet(rows);
        for (int h : hidden) {
            chosen.set(h);
        }
        // counted here: BitSet.cardinality() walks every word, rows / 64 of them, on each call
        for (int count = chosen.cardinality(); count < MAX_POOL; ) {
            int row = rng.nextInt(rows);
            if (!chosen.get(row)) {
                chosen.set(row);
                count++;
            }
        }
        return chosen.stream().toArray();
    }

    /** Generates features for the hidden nodes from the generator's embeddings. */
    Generation generate(Map<String, NDArray> embeddings, Masking masking) {
        NDArray loss = null;
        double error = 0;
        int types = 0;
        Map<String, NDArray> corrupted = new LinkedHashMap<>();
        Map<String, NDArray> replaced = new LinkedHashMap<>();
        for (Map.Entry<String, NDArray> e : masking.masks().entrySet()) {
            String type = e.getKey();
            NDArray m = e.getValue();
            NDArray x = masking.originals().get(type);
            NDArray generated = generator.head(type).forward(embeddings.get(type));
            NDArray squaredError = generated.sub(x).square();
            NDArray squared =
                    (sums ? squaredError.sum(new int[] {1}, true) : squaredError.mean(new int[] {1}, true)).mul(m);
            NDArray typeLoss = sums ? squared.sum() : squared.sum().div(m.sum().maximum(1f));
            loss = loss == null ? typeLoss : loss.add(typeLoss);
            error += typeLoss.getFloat();
            types++;
            NDArray fixed = generated.stopGradient();
            corrupted.put(type, x.mul(m.neg().add(1f)).add(fixed.mul(m)));
            replaced.put(type, differs(fixed, x).mul(m.squeeze(1)));
        }
        return new Generation(
                loss,
                corrupted,
                replaced,
                types == 0 ? Double.NaN : error / types,
                Double.NaN,
                replacedShare(replaced));
    }

    /**
     * The sampled replacement: each hidden node's regression output scores the pool's real vectors
     * by cosine / temperature; softmax cross-entropy towards its own vector trains the generator,
     * and the most likely vector replaces its input.
     */
    Generation pick(Map<String, NDArray> embeddings, Masking masking) {
        NDArray loss = null;
        double error = 0;
        long right = 0;
        long picked = 0;
        Map<String, NDArray> corrupted = new LinkedHashMap<>();
        Map<String, NDArray> replaced = new LinkedHashMap<>();
        for (Map.Entry<String, NDArray> e : masking.masks().entrySet()) {
            String type = e.getKey();
            NDArray x = masking.originals().get(type);
            NDManager scope = x.getManager();
            int[] hidden = masking.hidden().get(type);
            int[] pool = masking.pools().get(type);
            NDArray generated = GraphOps.gatherRows(
                    generator.head(type).forward(embeddings.get(type)), GraphOps.index(scope, hidden));
            NDArray candidates = GraphOps.gatherRows(x, GraphOps.index(scope, pool));
            NDArray logits =
                    ScalarOps.div(unit(generated).matMul(unit(candidates).transpose()), temperature);
            int[] own = positions(hidden, pool);
            NDArray target = GraphOps.index(scope, own, new Shape(own.length, 1));
            NDArray perNode = logits.logSoftmax(1).gather(target, 1).neg();
            NDArray typeLoss = sums ? perNode.sum() : perNode.mean();
            loss = loss == null ? typeLoss : loss.add(typeLoss);
            error += typeLoss.getFloat();
            long[] best = logits.argMax(1).toLongArray();
            int[] source = new int[Math.toIntExact(x.getShape().head())];
            Arrays.setAll(source, i -> i);
            for (int i = 0; i < hidden.length; i++) {
                source[hidden[i]] = pool[(int) best[i]];
                right += best[i] == own[i] ? 1 : 0;
            }
            picked += hidden.length;
            NDArray fed = GraphOps.gatherRows(x, GraphOps.index(scope, source));
            corrupted.put(type, fed);
            replaced.put(type, differs(fed, x));
        }
        int types = masking.masks().size();
        return new Generation(
                loss,
                corrupted,
                replaced,
                types == 0 ? Double.NaN : error / types,
                picked == 0 ? Double.NaN : (double) right / picked,
                replacedShare(replaced));
    }

    /** Per row, 1 where {@code fed} differs from {@code original} by more than {@link #EQUAL_TOLERANCE}, else 0. */
    private static NDArray differs(NDArray fed, NDArray original) {
        return fed.sub(original).abs().max(new int[] {1}).gt(EQUAL_TOLERANCE).toType(original.getDataType(), false);
    }

    /** Rows scaled to unit length (a zero row stays zero). */
    private static NDArray unit(NDArray rows) {
        return rows.div(rows.square().sum(new int[] {1}, true).sqrt().add(1e-12f));
    }

    /** For each hidden row, its position in the (increasing) pool. */
    private static int[] positions(int[] hidden, int[] pool) {
        int[] out = new int[hidden.length];
        for (int i = 0; i < hidden.length; i++) {
            out[i] = Arrays.binarySearch(pool, hidden[i]);
            if (out[i] < 0) {
                throw new IllegalStateException("hidden row " + hidden[i] + " is not in its pool");
            }
        }
        return out;
    }

    private static double replacedShare(Map<String, NDArray> replaced) {
        double sum = 0;
        long count = 0;
        for (NDArray r : replaced.values()) {
            sum += r.sum().getFloat();
            count += r.size();
        }
        return count == 0 ? Double.NaN : sum / count;
    }

    /** Feeds the corrupted features to the discriminator's batch (in place). */
    void corrupt(GraphBatch batch, Generation generation) {
        generation.corrupted().forEach(batch::replaceInput);
    }

    /** The discriminator's replaced-feature detection loss. */
    Discrimination discriminate(Map<String, NDArray> embeddings, Generation generation) {
        NDArray loss = null;
        BinaryCounts counts = new BinaryCounts();
        for (Map.Entry<String, NDArray> e : generation.replaced().entrySet()) {
            String type = e.getKey();
            if (discriminator == null || discriminator.head(type) == null) {
                continue;
            }
            NDArray logits =
                    discriminator.head(type).forward(embeddings.get(type)).squeeze(1);
            NDArray labels = e.getValue();
            NDArray perNode = Losses.binaryCrossEntropyWithLogits(logits, labels);
            NDArray typeLoss = sums ? perNode.sum() : perNode.mean();
            loss = loss == null ? typeLoss : loss.add(typeLoss);
            counts.add(logits.toFloatArray(), labels.toFloatArray(), null);
        }
        return new Discrimination(loss, counts);
    }
}
