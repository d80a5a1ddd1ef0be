package com.dipgnn.serving;

/**
 * How a deployment indexes the candidates of its top-k searches.
 *
 * @param kind exact scan, inverted file, graph index, or {@code AUTO}: exact up to
 *     {@code exactMaxVectors} candidates, inverted file above
 * @param exactMaxVectors the largest candidate count {@code AUTO} scans exactly
 * @param nlist inverted lists (coarse centroids); 0 picks {@link IvfIndex#defaultNlist}
 * @param nprobe lists scanned per query (more: better recall, slower); 0 picks
 *     {@link IvfIndex#defaultNprobe}
 * @param projectionEnergy the inverted file scans in the subspace holding this share of the
 *     vectors' energy and re-scores its best candidates exactly; 0 scans the full width
 * @param iterations k-means iterations
 * @param samplesPerList k-means trains on {@code nlist * samplesPerList} sampled vectors
 * @param seed k-means sampling and initialisation seed
 * @param graphDegree the graph index's maximum neighbours per vector
 * @param graphBeamWidth the graph index's candidate list while building (more: a better graph, slower)
 * @param graphOverquery the graph index re-ranks this many candidates per result wanted
 * @param targetRecall an approximate index (inverted file, graph) is measured against an exact scan
 *     on sample queries when built and searched wider until its recall@10 reaches this
 *     ({@link RecallCalibration}); 0 measures without widening
 */
public record IndexOptions(
        Kind kind,
        int exactMaxVectors,
        int nlist,
        int nprobe,
        double projectionEnergy,
        int iterations,
        int samplesPerList,
        long seed,
        int graphDegree,
        int graphBeamWidth,
        int graphOverquery,
        double targetRecall) {

    /** The index structure. */
    public enum Kind {
        /** Exact up to {@code exactMaxVectors} candidates, {@link IvfIndex} above. */
        AUTO,
        /** Always {@link ExactIndex}. */
        EXACT,
        /** Always {@link IvfIndex}. */
        IVF,
        /**
         * Always {@link GraphIndex}: answers about 14 times faster than the inverted file at a
         * million candidates, with a little less recall, and builds about 12 times slower.
         */
        GRAPH
    }

    public IndexOptions {
        if (kind == null) {
            throw new IllegalArgumentException("index kind is required");
        }
        if (exactMaxVectors < 0
                || nlist < 0
                || nprobe < 0
                || iterations < 0
                || samplesPerList < 1
                || !(projectionEnergy >= 0 && projectionEnergy <= 1)) {
            throw new IllegalArgumentException("index options need exactMaxVectors >= 0, nlist >= 0 and nprobe >= 0 "
                    + "(0 = automatic), projectionEnergy in [0, 1], iterations >= 0 and samplesPerList >= 1; got "
                    + this);
        }
        if (!(targetRecall >= 0 && targetRecall <= 1)) {
            throw new IllegalArgumentException(
                    "index options need a targetRecall in [0, 1] (0: measure only); got " + targetRecall);
        }
        if (graphDegree < 2 || graphBeamWidth < graphDegree || graphOverquery < 1) {
            throw new IllegalArgumentException("index options need graphDegree >= 2, graphBeamWidth >= graphDegree "
                    + "and graphOverquery >= 1; got " + this);
        }
    }

    /**
     * Exact up to 4,096 candidates (under 0.5 ms per query); above, an inverted file with automatic
     * nlist and nprobe, scanning in the subspace of 99% of the energy, 10 k-means iterations on 32
     * samples per list. The graph index ({@link Kind#GRAPH}): degree 16, built with a beam of 100,
     * re-ranking 10 candidates per result wanted. Either approximate index is searched wider, when
     * built, until it finds 0.95 of the exact top 10 of sample queries.
     */
    public static IndexOptions defaults() {
        return new IndexOptions(Kind.AUTO, 4096, 0, 0, 0.99, 10, 32, 0, 16, 100, 10, 0.95);
    }

    public IndexOptions withKind(Kind newKind) {
        return new IndexOptions(
                newKind,
                exactMaxVectors,
                nlist,
                nprobe,
                projectionEnergy,
                iterations,
                samplesPerList,
                seed,
                graphDegree,
                graphBeamWidth,
                graphOverquery,
                targetRecall);
    }

    public IndexOptions withLists(int newNlist, int newNprobe) {
        return new IndexOptions(
                kind,
                exactMaxVectors,
                newNlist,
                newNprobe,
                projectionEnergy,
                iterations,
                samplesPerList,
                seed,
                graphDegree,
                graphBeamWidth,
                graphOverquery,
                targetRecall);
    }

    public IndexOptions withProjectionEnergy(double energy) {
        return new IndexOptions(
                kind,
                exactMaxVectors,
                nlist,
                nprobe,
                energy,
                iterations,
                samplesPerList,
                seed,
                graphDegree,
                graphBeamWidth,
                graphOverquery,
                targetRecall);
    }

    public IndexOptions withTargetRecall(double recall) {
        return new IndexOptions(
                kind,
                exactMaxVectors,
                nlist,
                nprobe,
                projectionEnergy,
                iterations,
                samplesPerList,
                seed,
                graphDegree,
                graphBeamWidth,
                graphOverquery,
                recall);
    }

    /** Builds the index these options describe over {@code vectors} ({@code n x dim}, kept by an exact index). */
    public VectorIndex build(float[] vectors, int dim, DeploymentListener listener) {
        boolean exact = kind == Kind.EXACT || (kind == Kind.AUTO && vectors.length / dim <= exactMaxVectors);
        if (exact) {
            return new ExactIndex(vectors, dim);
        }
        return kind == Kind.GRAPH
                ? GraphIndex.build(vectors, dim, this, listener)
                : IvfIndex.build(vectors, dim, this, listener);
    }
}
