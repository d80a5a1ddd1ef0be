package com.dipgnn.serving;

/** Host float kernels of the serving path: dot products over row-major float arrays. */
final class VectorMath {

    private VectorMath() {
    }

    /** The inner product of {@code a[aOff..aOff+dim)} and {@code b[bOff..bOff+dim)}, with four accumulators. */
    static float dot(float[] a, int aOff, float[] b, int bOff, int dim) {
        float s0 = 0;
        float s1 = 0;
        float s2 = 0;
        float s3 = 0;
        int i = 0;
        for (; i + 3 < dim; i += 4) {
            s0 += a[aOff + i] * b[bOff + i];
            s1 += a[aOff + i + 1] * b[bOff + i + 1];
            s2 += a[aOff + i + 2] * b[bOff + i + 2];
            s3 += a[aOff + i + 3] * b[bOff + i + 3];
        }
        for (; i < dim; i++) {
            s0 += a[aOff + i] * b[bOff + i];
        }
        return (s0 + s1) + (s2 + s3);
    }

    /**
     * The norm of a row as {@link com.dipgnn.model.CosineScorer} floors it: sqrt(|x|^2 + eps^2).
     */
    static float safeNorm(float[] x, int off, int dim, float epsilon) {
        double sum = 0;
        for (int i = 0; i < dim; i++) {
            sum += (double) x[off + i] * x[off + i];
        }
        return (float) Math.sqrt(sum + (double) epsilon * epsilon);
    }

    /** Divides {@code x[off..off+dim)} by {@code norm} in place. */
    static void scale(float[] x, int off, int dim, float norm) {
        for (int i = 0; i < dim; i++) {
            x[off + i] /= norm;
        }
    }
}
