package com.dipgnn.serving;

/**
 * Host float kernels of the serving path over row-major float arrays. Every inner product sums the
 * even and the odd positions separately and adds the two at the end, whether it is computed
 * alone ({@link #dot}) or four at a time ({@link #scores}), so a vector gets the same score
 * however it is reached.
 */
final class VectorMath {

    private VectorMath() {}

    /** The inner product of {@code a[aOff..aOff+dim)} and {@code b[bOff..bOff+dim)}. */
    static float dot(float[] a, int aOff, float[] b, int bOff, int dim) {
        float even = 0;
        float odd = 0;
        int i = 0;
        for (; i + 1 < dim; i += 2) {
            even += a[aOff + i] * b[bOff + i];
            odd += a[aOff + i + 1] * b[bOff + i + 1];
        }
        if (i < dim) {
            even += a[aOff + i] * b[bOff + i];
        }
        return even + odd;
    }

    /**
     * The inner products of {@code q[qOff..qOff+dim)} with {@code count} consecutive rows of
     * {@code rows} starting at row {@code first}, into {@code out[0..count)}. Four rows share each
     * load of {@code q} (about twice the throughput of one row at a time).
     */
    static void scores(float[] q, int qOff, float[] rows, int first, int count, int dim, float[] out) {
        int r = 0;
        for (; r + 3 < count; r += 4) {
            dot4(q, qOff, rows, (first + r) * dim, dim, out, r);
        }
        for (; r < count; r++) {
            out[r] = dot(q, qOff, rows, (first + r) * dim, dim);
        }
    }

    private static void dot4(float[] q, int qOff, float[] v, int off, int dim, float[] out, int at) {
        float a0 = 0;
        float a1 = 0;
        float b0 = 0;
        float b1 = 0;
        float c0 = 0;
        float c1 = 0;
        float d0 = 0;
        float d1 = 0;
        int o1 = off + dim;
        int o2 = o1 + dim;
        int o3 = o2 + dim;
        int i = 0;
        for (; i + 1 < dim; i += 2) {
            float q0 = q[qOff + i];
            float q1 = q[qOff + i + 1];
            a0 += q0 * v[off + i];
            a1 += q1 * v[off + i + 1];
            b0 += q0 * v[o1 + i];
            b1 += q1 * v[o1 + i + 1];
            c0 += q0 * v[o2 + i];
            c1 += q1 * v[o2 + i + 1];
            d0 += q0 * v[o3 + i];
            d1 += q1 * v[o3 + i + 1];
        }
        if (i < dim) {
            float qi = q[qOff + i];
            a0 += qi * v[off + i];
            b0 += qi * v[o1 + i];
            c0 += qi * v[o2 + i];
            d0 += qi * v[o3 + i];
        }
        out[at] = a0 + a1;
        out[at + 1] = b0 + b1;
        out[at + 2] = c0 + c1;
        out[at + 3] = d0 + d1;
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
