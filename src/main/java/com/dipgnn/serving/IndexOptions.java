package com.dipgnn.serving;

/**
 * How a deployment indexes the candidates of its top-k searches.
 *
 * @param kind exact scan, inverted file, or {@code AUTO}: exact up to {@code exactMaxVectors}
 *     candidates, inverted file above
 * @param exactMaxVectors the largest candidate count {@code AUTO} scans exactly
 * @param nlist inverted lists (coarse centroids); 0 picks {@link IvfIndex#defaultNlist}
 * @param nprobe lists scanned per query (more: better recall, slower)
 * @param iterations k-means iterations
 * @param samplesPerList k-means trains on {@code nlist * samplesPerList} sampled vectors
 * @param seed k-means sampling and initialisation seed
 */
public record IndexOptions(Kind kind, int exactMaxVectors, int nlist, int nprobe, int iterations,
                           int samplesPerList, long seed) {

    /** The index structure. */
    public enum Kind {
        /** Exact below {@code exactMaxVectors} candidates, inverted file above. */
        AUTO,
        /** Always {@link ExactIndex}. */
        EXACT,
        /** Always {@link IvfIndex}. */
        IVF
    }

    public IndexOptions {
        if (kind == null) {
            throw new IllegalArgumentException("index kind is required");
        }
        if (exactMaxVectors < 0 || nlist < 0 || nprobe < 1 || iterations < 0 || samplesPerList < 1) {
            throw new IllegalArgumentException("index options need exactMaxVectors >= 0, nlist >= 0 (0 = automatic), "
                    + "nprobe >= 1, iterations >= 0 and samplesPerList >= 1; got " + this);
        }
    }

    /** Exact up to 4,096 candidates; above, an inverted file with automatic nlist and nprobe 16. */
    public static IndexOptions defaults() {
        return new IndexOptions(Kind.AUTO, 4096, 0, 16, 10, 32, 0);
    }

    public IndexOptions withKind(Kind newKind) {
        return new IndexOptions(newKind, exactMaxVectors, nlist, nprobe, iterations, samplesPerList, seed);
    }

    public IndexOptions withLists(int newNlist, int newNprobe) {
        return new IndexOptions(kind, exactMaxVectors, newNlist, newNprobe, iterations, samplesPerList, seed);
    }

    /** Builds the index these options describe over {@code vectors} ({@code n x dim}, kept by an exact index). */
    public VectorIndex build(float[] vectors, int dim, DeploymentListener listener) {
        boolean exact = kind == Kind.EXACT || (kind == Kind.AUTO && vectors.length / dim <= exactMaxVectors);
        return exact ? new ExactIndex(vectors, dim) : IvfIndex.build(vectors, dim, this, listener);
    }
}
