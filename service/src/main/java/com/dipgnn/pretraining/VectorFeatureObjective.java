package com.dipgnn.pretraining;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.model.GraphBatch;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The paper's vector-feature objective (its appendix): the generator regresses the hidden
 * features, v-hat = W_g h_g(n), with squared error averaged over the feature width (the paper sums
 * it; the mean keeps the term on the scale of the edge losses whatever the width) and over
 * the chosen nodes; the discriminator predicts p(n replaced) = sigmoid(W_d h_d(n)) with binary
 * cross-entropy averaged over every featured node. Hidden inputs are replaced by a learned mask
 * vector of their type.
 */
public final class VectorFeatureObjective implements FeatureObjective {

    /** Rows whose reconstruction is within this of the original in every entry count as original. */
    static final float EQUAL_TOLERANCE = 1e-6f;

    private final FeatureHeads generator;
    private final FeatureHeads discriminator;

    /** What the generator was not shown, per node type: original inputs and a (nodes, 1) 0/1 mask. */
    public record Masking(Map<String, NDArray> originals, Map<String, NDArray> masks) {
    }

    /**
     * The generator's output.
     *
     * @param loss the generator's feature loss (a scalar)
     * @param corrupted per node type, the discriminator's inputs (originals with generated rows, no gradient)
     * @param replaced per node type, a (nodes) 0/1 label: 1 where the input was replaced and differs
     *     from the original (a reconstruction equal to the original counts as original, as in ELECTRA)
     * @param meanError the mean squared reconstruction error per masked node (for reports)
     */
    public record Generation(NDArray loss, Map<String, NDArray> corrupted, Map<String, NDArray> replaced,
                             double meanError) {
    }

    /** The discriminator's feature loss (a scalar) and its accuracy over all featured nodes. */
    public record Discrimination(NDArray loss, double accuracy) {
    }

    /**
     * @param generator regression heads (null when the method does not generate features)
     * @param discriminator detection heads (null when the method does not discriminate features)
     */
    public VectorFeatureObjective(FeatureHeads generator, FeatureHeads discriminator) {
        this.generator = generator;
        this.discriminator = discriminator;
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
        public Term generate(Map<String, NDArray> generatorEmbeddings) {
            generation = VectorFeatureObjective.this.generate(generatorEmbeddings, masking);
            return new Term(generation.loss(), Map.of(PretrainMetrics.GEN_FEATURE_LOSS, generation.meanError()));
        }

        @Override
        public void corrupt(GraphBatch discriminatorBatch) {
            VectorFeatureObjective.this.corrupt(discriminatorBatch, generation);
        }

        @Override
        public Term discriminate(Map<String, NDArray> discriminatorEmbeddings) {
            Discrimination d = VectorFeatureObjective.this.discriminate(discriminatorEmbeddings, generation);
            return d.loss() == null ? new Term(null, Map.of()) : new Term(d.loss(), Map.of(
                    PretrainMetrics.DISC_FEATURE_LOSS, (double) d.loss().getFloat(),
                    PretrainMetrics.DISC_FEATURE_ACCURACY, d.accuracy()));
        }
    }

    /** Hides the chosen nodes' features from the generator's batch (in place). */
    Masking hide(GraphBatch batch, PretrainBatch step) {
        Map<String, NDArray> originals = new LinkedHashMap<>();
        Map<String, NDArray> masks = new LinkedHashMap<>();
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
            batch.replaceInput(type, x.mul(m.neg().add(1f)).add(m.mul(generator.maskVector(type).getArray())));
        }
        return new Masking(originals, masks);
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
            NDArray squared = generated.sub(x).square().mean(new int[] {1}, true).mul(m);
            NDArray typeLoss = squared.sum().div(m.sum().maximum(1f));
            loss = loss == null ? typeLoss : loss.add(typeLoss);
            error += typeLoss.getFloat();
            types++;
            NDArray fixed = generated.stopGradient();
            corrupted.put(type, x.mul(m.neg().add(1f)).add(fixed.mul(m)));
            NDArray differs = fixed.sub(x).abs().max(new int[] {1}).gt(EQUAL_TOLERANCE).toType(x.getDataType(), false);
            replaced.put(type, differs.mul(m.squeeze(1)));
        }
        return new Generation(loss, corrupted, replaced, types == 0 ? Double.NaN : error / types);
    }

    /** Feeds the corrupted features to the discriminator's batch (in place). */
    void corrupt(GraphBatch batch, Generation generation) {
        generation.corrupted().forEach(batch::replaceInput);
    }

    /** The discriminator's replaced-feature detection loss. */
    Discrimination discriminate(Map<String, NDArray> embeddings, Generation generation) {
        NDArray loss = null;
        long correct = 0;
        long total = 0;
        for (Map.Entry<String, NDArray> e : generation.replaced().entrySet()) {
            String type = e.getKey();
            if (discriminator == null || discriminator.head(type) == null) {
                continue;
            }
            NDArray logits = discriminator.head(type).forward(embeddings.get(type)).squeeze(1);
            NDArray labels = e.getValue();
            NDArray typeLoss = Losses.binaryCrossEntropyWithLogits(logits, labels).mean();
            loss = loss == null ? typeLoss : loss.add(typeLoss);
            float[] l = logits.toFloatArray();
            float[] y = labels.toFloatArray();
            for (int i = 0; i < l.length; i++) {
                correct += (l[i] > 0) == (y[i] > 0.5f) ? 1 : 0;
            }
            total += l.length;
        }
        return new Discrimination(loss, total == 0 ? Double.NaN : (double) correct / total);
    }
}
