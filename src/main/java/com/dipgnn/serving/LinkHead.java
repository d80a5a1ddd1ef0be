package com.dipgnn.serving;

import com.dipgnn.graph.RelationType;
import com.dipgnn.model.CosineScorer;
import com.dipgnn.ranking.PopularityPrior;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * The trainable cosine d(s, t) = (W t) . s / (|W t| |s|) of a link-prediction model on the host,
 * plus the model's popularity prior beta * log(1 + d_t) ({@link PopularityPrior}, d_t the edges of
 * the relation into t in the deployed graph): W is read once, every candidate t of the relation's
 * target type is stored as the unit vector W t / |W t| (in id order, and in the top-k index), and
 * a source s is normalised per request, so a score is one dot product. With a prior, each candidate
 * vector gains one last coordinate beta * log(1 + d_t) and each query a last coordinate 1, so the
 * indexes still rank by one inner product. Norms are floored exactly as {@link CosineScorer} floors them.
 */
final class LinkHead {

    private static final int CHUNK = 256;

    private final RelationType relation;
    /** The embeddings' width. */
    private final int dim;
    /** The indexed vectors' width: {@code dim}, or {@code dim + 1} with a prior. */
    private final int width;

    private final PopularityPrior prior;
    private final float[] candidates;
    private final VectorIndex index;
    private final ExactIndex exact;
    /** What calibrating the approximate index measured; null for an exact index. */
    private final RecallCalibration.Result calibration;

    private LinkHead(
            RelationType relation,
            int dim,
            PopularityPrior prior,
            float[] candidates,
            VectorIndex index,
            ExactIndex exact,
            RecallCalibration.Result calibration) {
        this.relation = relation;
        this.dim = dim;
        this.prior = prior;
        this.width = prior.changesScores() ? dim + 1 : dim;
        this.candidates = candidates;
        this.index = index;
        this.exact = exact;
        this.calibration = calibration;
    }

    /**
     * Query vectors ({@link #queryVector}) of up to {@link RecallCalibration#DEFAULT_QUERIES} distinct
     * source nodes drawn with {@code seed}.
     */
    private static List<float[]> sampleQueries(float[] sources, int dim, int width, long seed) {
        int n = sources.length / dim;
        return new SplittableRandom(seed)
                .ints(0, n)
                .distinct()
                .limit(Math.min(RecallCalibration.DEFAULT_QUERIES, n))
                .mapToObj(s -> queryVector(sources, s * dim, dim, width))
                .toList();
    }

    /**
     * @param targets embeddings of every node of the relation's target type, row-major
     * @param sources embeddings of every node of the relation's source type, row-major: an
     *     approximate index is calibrated on queries drawn from them ({@link RecallCalibration})
     * @param prior the model's popularity prior ({@link PopularityPrior#NONE} for none)
     * @param edgeTargets the target of every edge of the relation in the deployed graph (the prior's degrees)
     */
    static LinkHead build(
            RelationType relation,
            CosineScorer head,
            float[] targets,
            float[] sources,
            int dim,
            PopularityPrior prior,
            int[] edgeTargets,
            IndexOptions options,
            DeploymentListener listener) {
        float[] w = head.transform().weightValues();
        float epsilon = CosineScorer.normEpsilon();
        int n = targets.length / dim;
        int width = prior.changesScores() ? dim + 1 : dim;
        float[] terms = prior.changesScores() ? prior.terms(edgeTargets, n) : null;
        float[] units = new float[n * width];
        IntStream.range(0, (n + CHUNK - 1) / CHUNK).parallel().forEach(chunk -> {
            float[] row = new float[dim];
            for (int t = chunk * CHUNK, end = Math.min(n, t + CHUNK); t < end; t++) {
                VectorMath.scores(targets, t * dim, w, 0, dim, dim, row);
                System.arraycopy(row, 0, units, t * width, dim);
                VectorMath.scale(units, t * width, dim, VectorMath.safeNorm(units, t * width, dim, epsilon));
                if (terms != null) {
                    units[t * width + dim] = terms[t];
                }
            }
        });
        VectorIndex built = options.build(units, width, listener);
        if (built instanceof ExactIndex exact) {
            return new LinkHead(relation, dim, prior, units, exact, exact, null);
        }
        ExactIndex exact = new ExactIndex(units, width);
        if (sources.length < dim) { // no source node to draw a query from: nothing to measure
            return new LinkHead(relation, dim, prior, units, built, exact, null);
        }
        RecallCalibration.Result calibration = RecallCalibration.calibrate(
                built,
                exact,
                sampleQueries(sources, dim, width, options.seed()),
                RecallCalibration.DEFAULT_K,
                options.targetRecall());
        return new LinkHead(relation, dim, prior, units, calibration.index(), exact, calibration);
    }

    RelationType relation() {
        return relation;
    }

    VectorIndex index() {
        return index;
    }

    /** What calibrating the index measured: empty for an exact index. */
    Optional<RecallCalibration.Result> calibration() {
        return Optional.ofNullable(calibration);
    }

    /** An exact scan over the same candidate vectors (shares them). */
    ExactIndex exactIndex() {
        return exact;
    }

    int candidateCount() {
        return candidates.length / width;
    }

    /** The popularity prior the scores include ({@link PopularityPrior#NONE} for none). */
    PopularityPrior prior() {
        return prior;
    }

    /**
     * The query vector of the source embedding at {@code offset} of {@code embeddings}: normalised
     * as the score needs it, with the prior's last coordinate 1 when the head has one.
     */
    float[] queryVector(float[] embeddings, int offset) {
        return queryVector(embeddings, offset, dim, width);
    }

    /** {@link #queryVector(float[], int)} for a head of these widths. */
    private static float[] queryVector(float[] embeddings, int offset, int dim, int width) {
        float[] q = new float[width];
        System.arraycopy(embeddings, offset, q, 0, dim);
        VectorMath.scale(q, 0, dim, VectorMath.safeNorm(q, 0, dim, CosineScorer.normEpsilon()));
        if (width > dim) {
            q[dim] = 1f;
        }
        return q;
    }

    /** The score of a query ({@link #queryVector}) against candidate {@code target}. */
    float score(float[] query, int target) {
        return VectorMath.dot(query, 0, candidates, target * width, width);
    }
}
