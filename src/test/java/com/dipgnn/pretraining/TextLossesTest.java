package com.dipgnn.pretraining;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.GradientCollector;
import com.dipgnn.model.TextTransformer;
import com.dipgnn.model.TransformerConfig;
import com.dipgnn.text.TokenMasking;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/** The text pair's losses on hand-checkable numbers, the ELECTRA rule, and one step through both Transformers. */
class TextLossesTest {

    private static final double LN2 = Math.log(2);

    @Test
    void generatorLossIsTheCrossEntropyAtMaskedPositionsOnly() {
        try (NDManager m = NDManager.newBaseManager()) {
            // position 0: logits (0, ln 2, 0), target 1 -> p = 2/4 -> loss ln 2; position 1 (logits
            // (5, 0, 0), target 2) is not masked, so it is not read out
            NDArray logits = m.create(new float[] {0, (float) LN2, 0, 5, 0, 0}, new Shape(2, 3));
            NDArray original = m.create(new int[] {1, 2});
            NDArray first = logits.get("0:1");
            assertThat(TextLosses.maskedGeneratorLoss(first, original.get("0:1"))
                            .getFloat())
                    .isCloseTo((float) LN2, Offset.offset(1e-6f));
            double second = -Math.log(1 / (Math.exp(5) + 2));
            assertThat(TextLosses.maskedGeneratorLoss(logits, original).getFloat())
                    .isCloseTo((float) ((LN2 + second) / 2), Offset.offset(1e-5f));
        }
    }

    @Test
    void discriminatorLossAveragesOverRealTokens() {
        try (NDManager m = NDManager.newBaseManager()) {
            // replaced with logit 0 -> ln 2; original with logit ln 3 -> -log(1/4) = 2 ln 2; padding ignored
            NDArray logits = m.create(new float[] {0, (float) Math.log(3), 9}, new Shape(1, 3));
            NDArray labels = m.create(new float[] {1, 0, 0}, new Shape(1, 3));
            NDArray real = m.create(new float[] {1, 1, 0}, new Shape(1, 3));
            assertThat(TextLosses.discriminatorLoss(logits, labels, real).getFloat())
                    .isCloseTo((float) (1.5 * LN2), Offset.offset(1e-6f));
        }
    }

    @Test
    void corruptionTakesTheArgmaxAtMaskedPositionsAndAnEqualGuessCountsAsOriginal() {
        try (NDManager m = NDManager.newBaseManager()) {
            // masked positions 0 and 2, read out as logits (0, 9, 0) and (9, 0, 0)
            NDArray logits = m.create(new float[] {0, 9, 0, 9, 0, 0}, new Shape(2, 3));
            int[] original = {1, 2, 2};
            int[] corrupted = TextLosses.corrupt(original, new int[] {0, 2}, logits);
            assertThat(corrupted).containsExactly(1, 2, 0);
            assertThat(TokenMasking.replacedLabels(original, corrupted)).containsExactly(0f, 0f, 1f);
        }
    }

    @Test
    void bothTransformersTrainOneStep() {
        TransformerConfig config = new TransformerConfig(8, 1, 2, 16, 0.0);
        try (NDManager m = NDManager.newBaseManager()) {
            Engine.getInstance().setRandomSeed(1);
            TextTransformer generator = new TextTransformer(11, 6, 4, config, TextTransformer.Head.VOCABULARY);
            TextTransformer discriminator = new TextTransformer(11, 6, 4, config, TextTransformer.Head.REPLACED);
            generator.initialize(m);
            discriminator.initialize(m);
            try (NDManager step = m.newSubManager()) {
                NDArray nodes = step.randomNormal(new Shape(2, 4));
                NDArray ids = step.create(new int[] {2, 5, 6, 7, 2, 8, 0, 0}, new Shape(2, 4));
                NDArray real = step.create(new float[] {1, 1, 1, 1, 1, 1, 0, 0}, new Shape(2, 4));
                NDArray masked = step.create(new float[] {0, 1, 0, 0, 0, 1, 0, 0}, new Shape(2, 4));
                try (GradientCollector c = Engine.getInstance().newGradientCollector()) {
                    NDArray vocab = generator.forward(nodes, ids, real, true);
                    assertThat(vocab.getShape()).isEqualTo(new Shape(2, 4, 11));
                    NDArray replaced = discriminator.forward(nodes, ids, real, true);
                    assertThat(replaced.getShape()).isEqualTo(new Shape(2, 4));
                    // read out at the masked positions 1 and 5 (row major), as the objective does
                    NDArray atMasked = generator.vocabularyLogits(com.dipgnn.model.GraphOps.gatherRows(
                            generator.encode(nodes, ids, real, true).reshape(8, -1), step.create(new long[] {1, 5})));
                    NDArray loss = TextLosses.maskedGeneratorLoss(atMasked, step.create(new int[] {5, 8}))
                            .add(TextLosses.discriminatorLoss(replaced, masked, real)
                                    .mul(20f));
                    assertThat(Double.isFinite(loss.getFloat())).isTrue();
                    c.backward(loss);
                }
                long withGradient = generator.parameters().values().stream()
                        .filter(p -> p.getArray().getGradient().abs().sum().getFloat() > 0)
                        .count();
                assertThat(withGradient)
                        .as("every generator parameter learns")
                        .isEqualTo(generator.parameters().size());
            }
        }
    }
}
