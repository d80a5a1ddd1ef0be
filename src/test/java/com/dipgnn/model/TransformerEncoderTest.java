package com.dipgnn.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.GradientCollector;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/** The text Transformer: shapes, padding that changes nothing, and gradients that match finite differences. */
class TransformerEncoderTest {

    private static final TransformerConfig SMALL = new TransformerConfig(8, 2, 2, 16, 0.0);

    @Test
    void paddingNeverChangesTheRealTokens() {
        try (NDManager m = NDManager.newBaseManager()) {
            TransformerEncoder encoder = encoder(m, SMALL);
            Random rng = new Random(3);
            float[] real = gaussian(rng, 3 * 8);
            float[] padZeros = new float[5 * 8];
            float[] padNoise = gaussian(rng, 5 * 8);
            System.arraycopy(real, 0, padZeros, 0, real.length);
            System.arraycopy(real, 0, padNoise, 0, real.length);
            NDArray mask5 = m.create(new float[] {1, 1, 1, 0, 0}, new Shape(1, 5));
            float[] a = encoder.forward(m.create(padZeros, new Shape(1, 5, 8)), mask5, false)
                    .toFloatArray();
            float[] b = encoder.forward(m.create(padNoise, new Shape(1, 5, 8)), mask5, false)
                    .toFloatArray();
            float[] alone = encoder.forward(m.create(real, new Shape(1, 3, 8)), m.ones(new Shape(1, 3)), false)
                    .toFloatArray();
            for (int i = 0; i < 3 * 8; i++) {
                assertThat(a[i]).isCloseTo(b[i], Offset.offset(1e-5f));
                assertThat(a[i]).isCloseTo(alone[i], Offset.offset(1e-5f));
            }
            float[] noMask = encoder.forward(m.create(padNoise, new Shape(1, 5, 8)), m.ones(new Shape(1, 5)), false)
                    .toFloatArray();
            double diff = 0;
            for (int i = 0; i < 3 * 8; i++) {
                diff += Math.abs(noMask[i] - b[i]);
            }
            assertThat(diff).as("without the mask the noise would leak in").isGreaterThan(1e-3);
        }
    }

    @Test
    void shapesAndBatchRowsAreIndependent() {
        try (NDManager m = NDManager.newBaseManager()) {
            TransformerEncoder encoder = encoder(m, SMALL);
            Random rng = new Random(5);
            float[] x = gaussian(rng, 2 * 4 * 8);
            NDArray out = encoder.forward(m.create(x, new Shape(2, 4, 8)), m.ones(new Shape(2, 4)), false);
            assertThat(out.getShape()).isEqualTo(new Shape(2, 4, 8));
            float[] second = Arrays.copyOfRange(x, 4 * 8, 8 * 8);
            float[] alone = encoder.forward(m.create(second, new Shape(1, 4, 8)), m.ones(new Shape(1, 4)), false)
                    .toFloatArray();
            float[] both = out.toFloatArray();
            for (int i = 0; i < alone.length; i++) {
                assertThat(both[4 * 8 + i]).isCloseTo(alone[i], Offset.offset(1e-5f));
            }
        }
    }

    @Test
    void gradientsMatchFiniteDifferences() {
        try (NDManager m = NDManager.newBaseManager()) {
            TransformerEncoder encoder = encoder(m, SMALL);
            Random rng = new Random(7);
            float[] x = gaussian(rng, 2 * 4 * 8);
            float[] weights = gaussian(rng, 2 * 4 * 8);
            NDArray mask = m.create(new float[] {1, 1, 1, 1, 1, 1, 0, 0}, new Shape(2, 4));
            Map<String, float[]> grads = new HashMap<>();
            try (NDManager step = m.newSubManager()) {
                try (GradientCollector collector = Engine.getInstance().newGradientCollector()) {
                    collector.backward(loss(encoder, step, x, weights, mask));
                }
                encoder.parameters().forEach((name, p) -> {
                    NDArray g = p.getArray().getGradient();
                    grads.put(name, g.toFloatArray());
                    g.close();
                });
            }
            int checked = 0;
            for (var e : encoder.parameters().entrySet()) {
                NDArray param = e.getValue().getArray();
                float[] direction = unit(rng, (int) param.size());
                double analytic = 0;
                for (int i = 0; i < direction.length; i++) {
                    analytic += grads.get(e.getKey())[i] * direction[i];
                }
                double numeric = directional(encoder, m, x, weights, mask, param, direction);
                assertThat(analytic)
                        .as("d loss / d %s", e.getKey())
                        .isCloseTo(numeric, Offset.offset(2e-2 * Math.max(1e-2, Math.abs(numeric)) + 2e-3));
                checked++;
            }
            assertThat(checked)
                    .isEqualTo(2 * (4 * 2 + 2 + 2 * 2 + 2))
                    .as("q, k, v, o, two norms, two linears per layer");
        }
    }

    @Test
    void widthMustSplitIntoHeads() {
        assertThatThrownBy(() -> new TransformerConfig(10, 1, 3, 16, 0.1)).hasMessageContaining("multiple of heads");
        assertThat(TransformerConfig.PAPER_DEFAULT).isEqualTo(new TransformerConfig(128, 4, 4, 512, 0.1));
    }

    private static TransformerEncoder encoder(NDManager m, TransformerConfig config) {
        TransformerEncoder encoder = new TransformerEncoder(config);
        Engine.getInstance().setRandomSeed(42);
        encoder.initialize(m);
        return encoder;
    }

    private static NDArray loss(TransformerEncoder encoder, NDManager m, float[] x, float[] w, NDArray mask) {
        NDArray out = encoder.forward(m.create(x, new Shape(2, 4, 8)), mask, false);
        return out.mul(m.create(w, new Shape(2, 4, 8)))
                .mul(mask.reshape(2, 4, 1))
                .sum();
    }

    private static double directional(
            TransformerEncoder encoder,
            NDManager m,
            float[] x,
            float[] w,
            NDArray mask,
            NDArray param,
            float[] direction) {
        float[] original = param.toFloatArray();
        float h = 1e-2f;
        try (NDManager scope = m.newSubManager()) {
            param.set(shift(original, direction, h));
            double plus = loss(encoder, scope, x, w, mask).getFloat();
            param.set(shift(original, direction, -h));
            double minus = loss(encoder, scope, x, w, mask).getFloat();
            param.set(original);
            return (plus - minus) / (2 * h);
        }
    }

    private static float[] shift(float[] v, float[] d, float step) {
        float[] out = v.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] += step * d[i];
        }
        return out;
    }

    private static float[] unit(Random rng, int n) {
        float[] d = gaussian(rng, n);
        double norm = 0;
        for (float v : d) {
            norm += v * v;
        }
        for (int i = 0; i < n; i++) {
            d[i] /= (float) Math.sqrt(norm);
        }
        return d;
    }

    private static float[] gaussian(Random rng, int n) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = (float) rng.nextGaussian();
        }
        return v;
    }
}
