package com.dipgnn.serving;

import java.util.List;
import java.util.function.IntPredicate;

/**
 * Approximate top-k by an inverted file: a spherical k-means coarse quantiser splits the vectors
 * into {@code nlist} lists, stored contiguously list by list; a query scores every centroid, scans
 * the {@code nprobe} lists of best centroids and scores each of their vectors exactly. When
 * exclusions leave fewer than k results, further lists are scanned, best centroid first, until k
 * are found. Immutable and thread-safe.
 */
public final class IvfIndex implements VectorIndex {

    private final int dim;
    private final int size;
    private final int nlist;
    private final int nprobe;
    private final float[] centroids;
    private final int[] listStart;
    private final int[] listIds;
    private final float[] listVectors;

    private IvfIndex(int dim, int nprobe, float[] centroids, int[] listStart, int[] listIds, float[] listVectors) {
        this.dim = dim;
        this.size = listIds.length;
        this.nlist = centroids.length / dim;
        this.nprobe = Math.min(nprobe, nlist);
        this.centroids = centroids;
        this.listStart = listStart;
        this.listIds = listIds;
        this.listVectors = listVectors;
    }

    /** The automatic list count: about 2 sqrt(n), at least 1, with at least 16 vectors per list. */
    public static int defaultNlist(int n) {
        return Math.max(1, Math.min((int) Math.round(2 * Math.sqrt(n)), n / 16));
    }

    /**
     * Builds the index (the vectors are copied into list order; the caller keeps its array).
     *
     * @param vectors row-major, {@code n x dim}
     * @param listener receives {@link DeploymentListener.Phase#INDEXING} steps
     */
    public static IvfIndex build(float[] vectors, int dim, IndexOptions options, DeploymentListener listener) {
        if (dim < 1 || vectors.length % dim != 0 || vectors.length == 0) {
            throw new IllegalArgumentException("an inverted file needs at least one vector of width " + dim
                    + "; got " + vectors.length + " floats");
        }
        int n = vectors.length / dim;
        int lists = Math.min(n, options.nlist() > 0 ? options.nlist() : defaultNlist(n));
        long steps = options.iterations() + 1L;
        float[] centroids = SphericalKMeans.train(vectors, dim, lists, (int) Math.min(n, (long) lists * options.samplesPerList()),
                options.iterations(), options.seed(), it -> listener.onProgress(DeploymentListener.Phase.INDEXING, it, steps));
        int[] assignment = SphericalKMeans.assign(vectors, dim, centroids);
        IvfIndex index = fromAssignment(vectors, dim, options.nprobe(), centroids, assignment);
        listener.onProgress(DeploymentListener.Phase.INDEXING, steps, steps);
        return index;
    }

    /** Lays the vectors out list by list (counting sort by list, ids ascending within a list). */
    private static IvfIndex fromAssignment(float[] vectors, int dim, int nprobe, float[] centroids, int[] assignment) {
        int lists = centroids.length / dim;
        int[] start = new int[lists + 1];
        for (int list : assignment) {
            start[list + 1]++;
        }
        for (int c = 0; c < lists; c++) {
            start[c + 1] += start[c];
        }
        int[] cursor = java.util.Arrays.copyOf(start, lists);
        int[] ids = new int[assignment.length];
        float[] laidOut = new float[vectors.length];
        for (int id = 0; id < assignment.length; id++) {
            int pos = cursor[assignment[id]]++;
            ids[pos] = id;
            System.arraycopy(vectors, id * dim, laidOut, pos * dim, dim);
        }
        return new IvfIndex(dim, nprobe, centroids, start, ids, laidOut);
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public int dim() {
        return dim;
    }

    public int nlist() {
        return nlist;
    }

    /** Lists scanned per query by {@link #search(float[], int, IntPredicate)}. */
    public int nprobe() {
        return nprobe;
    }

    /** The size of the largest list (a bound on the extra work of one probe). */
    public int largestList() {
        int largest = 0;
        for (int c = 0; c < nlist; c++) {
            largest = Math.max(largest, listStart[c + 1] - listStart[c]);
        }
        return largest;
    }

    @Override
    public List<ScoredNode> search(float[] query, int k, IntPredicate excluded) {
        return search(query, k, excluded, nprobe);
    }

    /** As {@link #search(float[], int, IntPredicate)}, scanning {@code probes} lists (at least). */
    public List<ScoredNode> search(float[] query, int k, IntPredicate excluded, int probes) {
        SearchChecks.require(query, k, dim);
        if (probes < 1) {
            throw new IllegalArgumentException("nprobe must be at least 1, got " + probes);
        }
        float[] centroidScores = new float[nlist];
        for (int c = 0; c < nlist; c++) {
            centroidScores[c] = VectorMath.dot(query, 0, centroids, c * dim, dim);
        }
        int first = Math.min(probes, nlist);
        int[] order = bestLists(centroidScores, first);
        TopK top = new TopK(k);
        for (int c : order) {
            scan(c, query, top, excluded);
        }
        if (!top.isFull() && first < nlist) {
            int[] all = bestLists(centroidScores, nlist);
            for (int i = first; i < nlist && !top.isFull(); i++) {
                scan(all[i], query, top, excluded);
            }
        }
        return top.sorted();
    }

    private static int[] bestLists(float[] centroidScores, int count) {
        TopK lists = new TopK(count);
        for (int c = 0; c < centroidScores.length; c++) {
            if (lists.accepts(c, centroidScores[c])) {
                lists.add(c, centroidScores[c]);
            }
        }
        return lists.sortedIds();
    }

    private void scan(int list, float[] query, TopK top, IntPredicate excluded) {
        for (int pos = listStart[list], end = listStart[list + 1]; pos < end; pos++) {
            float score = VectorMath.dot(query, 0, listVectors, pos * dim, dim);
            int id = listIds[pos];
            if (top.accepts(id, score) && !excluded.test(id)) {
                top.add(id, score);
            }
        }
    }

    @Override
    public String describe() {
        return "inverted file over " + size + " vectors of width " + dim + ": " + nlist + " lists (largest "
                + largestList() + "), " + nprobe + " probed per query, exact re-scoring";
    }
}
