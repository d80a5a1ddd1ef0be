package com.dipgnn.pretraining;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import com.dipgnn.model.GraphBatch;
import com.dipgnn.model.GraphOps;
import com.dipgnn.model.TextTransformer;
import com.dipgnn.text.TextInputs;
import com.dipgnn.text.TokenMasking;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The paper's text feature pair (its section on text features), ELECTRA-style. For each chosen
 * node's text ({@link MaskedTexts}: 20% of its word tokens masked) the generator reads
 * {@code W_proj [h_g(n), emb(x_i)]} through its Transformer and predicts the masked tokens with a
 * softmax over the vocabulary; the corrupted text takes its argmax there. The discriminator reads
 * {@code W_proj [h_d(n), emb(x_corr_i)]} and predicts, per real token, whether it was replaced (a
 * generated token equal to the original counts as original).
 *
 * <p>Node types whose GNN inputs include columns derived from their text ({@link TextInputs}) would
 * hand the answer to both networks through h(n): the generator sees a learned stand-in
 * ({@link TextInputMasks}) instead of the chosen nodes' text-derived columns, and the discriminator
 * sees the columns derived from the corrupted text. The columns of a type with vector features come
 * after them ({@link TextInputs.Columns#dataWidth()}); its vector columns are left to the vector pair.
 */
public final class TextFeatureObjective implements FeatureObjective {

    private final TextInputs inputs;
    private final TextInputMasks inputMasks;
    private final TextTransformer generator;
    private final TextTransformer discriminator;

    /**
     * @param inputs the graph's text inputs (for the derived types' inputs)
     * @param inputMasks the generator's stand-ins for derived inputs
     * @param generator the token generator (null: the method does not generate features)
     * @param discriminator the replaced-token discriminator (null: the method does not discriminate them)
     */
    public TextFeatureObjective(
            TextInputs inputs, TextInputMasks inputMasks, TextTransformer generator, TextTransformer discriminator) {
        this.inputs = inputs;
        this.inputMasks = inputMasks;
        this.generator = generator;
        this.discriminator = discriminator;
    }

    @Override
    public Step begin(GraphBatch generatorBatch, PretrainBatch batch, boolean training) {
        if (generator == null || batch.texts().isEmpty()) {
            return null;
        }
        for (MaskedTexts texts : batch.texts()) {
            if (inputMasks != null && inputMasks.vector(texts.type()) != null) {
                String type = texts.type();
                int offset = inputs.columns().get(type).dataWidth();
                NDArray x = generatorBatch.input(type);
                NDArray m = nodeMask(generatorBatch, texts);
                NDArray textColumns = offset == 0 ? x : x.get(":, " + offset + ":");
                NDArray masked = textColumns
                        .mul(m.neg().add(1f))
                        .add(m.mul(inputMasks.vector(type).getArray()));
                generatorBatch.replaceInput(
                        type, offset == 0 ? masked : x.get(":, :" + offset).concat(masked, 1));
            }
        }
        return new TextStep(batch.texts(), generatorBatch.manager(), training);
    }

    private static NDArray nodeMask(GraphBatch batch, MaskedTexts texts) {
        float[] mask = new float[batch.numNodes(texts.type())];
        for (int node : texts.nodes()) {
            mask[node] = 1f;
        }
        return batch.manager().create(mask, new Shape(mask.length, 1));
    }

    /** One step: the generated (corrupted) ids of each type's texts, kept for the discriminator. */
    final class TextStep implements Step {
        private final List<MaskedTexts> texts;
        private final NDManager scope;
        private final boolean training;
        private final List<int[]> corrupted = new ArrayList<>();

        TextStep(List<MaskedTexts> texts, NDManager scope, boolean training) {
            this.texts = texts;
            this.scope = scope;
            this.training = training;
        }

        @Override
        public String kind() {
            return "text";
        }

        /** Per type (in {@link PretrainBatch#texts()} order), the corrupted ids, row major; after {@link #generate}. */
        List<int[]> corrupted() {
            return corrupted;
        }

        @Override
        public Term generate(Map<String, NDArray> embeddings) {
            NDArray loss = null;
            long masked = 0;
            long right = 0;
            for (MaskedTexts t : texts) {
                int rows = t.original().batchSize();
                int length = t.original().length();
                NDArray encoded = generator.encode(
                        nodeStates(embeddings, t), ids(t.input(), rows, length), realMask(t), training);
                int[] positions = maskedPositions(t);
                NDArray logits = generator.vocabularyLogits(
                        GraphOps.gatherRows(encoded.reshape(rows * (long) length, -1), index(positions)));
                int[] original = t.original().ids();
                int[] targets = new int[positions.length];
                for (int i = 0; i < positions.length; i++) {
                    targets[i] = original[positions[i]];
                }
                NDArray typeLoss = TextLosses.maskedGeneratorLoss(logits, index(targets));
                loss = loss == null ? typeLoss : loss.add(typeLoss);
                int[] generated = TextLosses.corrupt(original, positions, logits);
                for (int position : positions) {
                    right += generated[position] == original[position] ? 1 : 0;
                }
                masked += positions.length;
                corrupted.add(generated);
            }
            Map<String, Double> stats = new LinkedHashMap<>();
            if (loss != null) {
                stats.put(PretrainMetrics.GEN_TEXT_LOSS, (double) loss.getFloat());
                stats.put(PretrainMetrics.GEN_TEXT_ACCURACY, masked == 0 ? Double.NaN : (double) right / masked);
            }
            return new Term(loss, stats);
        }

        @Override
        public void corrupt(GraphBatch batch) {
            for (int k = 0; k < texts.size(); k++) {
                MaskedTexts t = texts.get(k);
                if (!inputs.derivedTypes().contains(t.type())) {
                    continue;
                }
                // only the chosen nodes' rows are computed; one gather puts them in place of theirs
                NDArray x = batch.input(t.type());
                int n = batch.numNodes(t.type());
                int offset = inputs.columns().get(t.type()).dataWidth();
                int width = (int) x.getShape().get(1) - offset;
                int chosen = t.nodes().length;
                float[] rows = new float[chosen * width];
                int length = t.original().length();
                int[] source = new int[n];
                for (int i = 0; i < n; i++) {
                    source[i] = i;
                }
                for (int b = 0; b < chosen; b++) {
                    int[] ids = Arrays.copyOfRange(
                            corrupted.get(k),
                            b * length,
                            b * length + t.original().lengths()[b]);
                    inputs.fillRow(t.type(), ids, rows, b * width);
                    source[t.nodes()[b]] = n + b;
                }
                NDArray generated = scope.create(rows, new Shape(chosen, width));
                if (offset > 0) {
                    // the chosen nodes keep their vector columns (as the vector pair left them)
                    NDArray vectors = GraphOps.gatherRows(x, GraphOps.index(scope, t.nodes()))
                            .get(":, :" + offset);
                    generated = vectors.concat(generated, 1);
                }
                batch.replaceInput(
                        t.type(), GraphOps.gatherRows(x.concat(generated, 0), GraphOps.index(scope, source)));
            }
        }

        @Override
        public Term discriminate(Map<String, NDArray> embeddings) {
            if (discriminator == null) {
                return new Term(null, Map.of());
            }
            NDArray loss = null;
            BinaryCounts counts = new BinaryCounts();
            for (int k = 0; k < texts.size(); k++) {
                MaskedTexts t = texts.get(k);
                int rows = t.original().batchSize();
                int length = t.original().length();
                NDArray realMask = realMask(t);
                NDArray logits = discriminator.replacedLogits(discriminator.encode(
                        nodeStates(embeddings, t), ids(corrupted.get(k), rows, length), realMask, training));
                float[] labels = TokenMasking.replacedLabels(t.original().ids(), corrupted.get(k));
                NDArray typeLoss =
                        TextLosses.discriminatorLoss(logits, scope.create(labels, new Shape(rows, length)), realMask);
                loss = loss == null ? typeLoss : loss.add(typeLoss);
                counts.add(logits.toFloatArray(), labels, t.original().mask());
            }
            Map<String, Double> stats = new LinkedHashMap<>();
            if (loss != null) {
                stats.put(PretrainMetrics.DISC_TEXT_LOSS, (double) loss.getFloat());
                counts.putInto(
                        stats,
                        PretrainMetrics.DISC_TEXT_ACCURACY,
                        PretrainMetrics.DISC_TEXT_TRIVIAL_RATE,
                        PretrainMetrics.DISC_TEXT_MARGIN);
                stats.put(PretrainMetrics.TEXT_REPLACED, counts.positiveShare()); // label 1: replaced
            }
            return new Term(loss, stats);
        }

        private NDArray nodeStates(Map<String, NDArray> embeddings, MaskedTexts t) {
            return GraphOps.gatherRows(embeddings.get(t.type()), index(t.nodes()));
        }

        private NDArray ids(int[] ids, int rows, int length) {
            return GraphOps.index(scope, ids, new Shape(rows, length));
        }

        private NDArray realMask(MaskedTexts t) {
            return scope.create(
                    t.original().maskAsFloat(),
                    new Shape(t.original().batchSize(), t.original().length()));
        }

        private NDArray index(int[] values) {
            return GraphOps.index(scope, values);
        }
    }

    private static int[] maskedPositions(MaskedTexts t) {
        int[] out = new int[t.maskedCount()];
        int k = 0;
        for (int i = 0; i < t.masked().length; i++) {
            if (t.masked()[i]) {
                out[k++] = i;
            }
        }
        return out;
    }
}
