package com.dipgnn.serving;

import com.dipgnn.graph.RelationType;
import com.dipgnn.model.CosineScorer;
import java.util.stream.IntStream;

/**
 * The trainable cosine d(s, t) = (W t) . s / (|W t| |s|) of a link-prediction model on the host:
 * W is read once, every candidate t of the relation's target type is stored as the unit vector
 * W t / |W t| (in id order, and in the top-k index), and a source s is normalised per request, so
 * a score is one dot product. Norms are floored exactly as {@link CosineScorer} floors them.
 */
final class LinkHead {

    private static final int CHUNK = 256;

    private final RelationType relation;
    private final int dim;
    private final float[] candidates;
    private final VectorIndex index;
    private final ExactIndex exact;

    private LinkHead(RelationType relation, int dim, float[] candidates, VectorIndex index) {
        this.relation = relation;
        this.dim = dim;
        this.candidates = candidates;
        this.index = index;
        this.exact = index instanceof ExactIndex e ? e : new ExactIndex(candidates, dim);
    }

    /**
     * @param targets embeddings of every node of the relation's target type, row-major
     */
    static LinkHead build(RelationType relation, CosineScorer head, float[] targets, int dim, IndexOptions options,
                          DeploymentListener listener) {
        float[] w = head.transform().weightValues();
        float epsilon = CosineScorer.normEpsilon();
        int n = targets.length / dim;
        float[] units = new float[targets.length];
        IntStream.range(0, (n + CHUNK - 1) / CHUNK).parallel().forEach(chunk -> {
            float[] row = new float[dim];
            for (int t = chunk * CHUNK, end = Math.min(n, t + CHUNK); t < end; t++) {
                VectorMath.scores(targets, t * dim, w, 0, dim, dim, row);
                System.arraycopy(row, 0, units, t * dim, dim);
                VectorMath.scale(units, t * dim, dim, VectorMath.safeNorm(units, t * dim, dim, epsilon));
            }
        });
        return new LinkHead(relation, dim, units, options.build(units, dim, listener));
    }

    RelationType relation() {
        return relation;
    }

    VectorIndex index() {
        return index;
    }

    /** An exact scan over the same candidate vectors (shares them). */
    ExactIndex exactIndex() {
        return exact;
    }

    int candidateCount() {
        return candidates.length / dim;
    }

    /** The source embedding at {@code offset} of {@code embeddings}, normalised as the score needs it. */
    static float[] queryVector(float[] embeddings, int offset, int dim) {
        float[] q = java.util.Arrays.copyOfRange(embeddings, offset, offset + dim);
        VectorMath.scale(q, 0, dim, VectorMath.safeNorm(q, 0, dim, CosineScorer.normEpsilon()));
        return q;
    }

    /** The score of a normalised source against candidate {@code target}. */
    float score(float[] query, int target) {
        return VectorMath.dot(query, 0, candidates, target * dim, dim);
    }
}
