package com.dipgnn.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Exact and inverted-file top-k against a brute-force sort. */
class VectorIndexTest {

    private static float[] gaussian(int n, int dim, Random rng) {
        float[] v = new float[n * dim];
        for (int i = 0; i < v.length; i++) {
            v[i] = (float) rng.nextGaussian();
        }
        return v;
    }

    /** {@code clusters} random unit centres, points = centre + noise, normalised. */
    static float[] clustered(int n, int dim, int clusters, double noise, Random rng) {
        float[] centres = gaussian(clusters, dim, rng);
        float[] v = new float[n * dim];
        for (int i = 0; i < n; i++) {
            int c = rng.nextInt(clusters);
            for (int j = 0; j < dim; j++) {
                v[i * dim + j] = (float) (centres[c * dim + j] / Math.sqrt(dim) + noise * rng.nextGaussian());
            }
            VectorMath.scale(v, i * dim, dim, VectorMath.safeNorm(v, i * dim, dim, 0));
        }
        return v;
    }

    private static List<Integer> bruteForce(float[] vectors, int dim, float[] query, int k, Set<Integer> excluded) {
        int n = vectors.length / dim;
        double[] scores = new double[n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < dim; j++) {
                scores[i] += (double) query[j] * vectors[i * dim + j];
            }
        }
        return IntStream.range(0, n)
                .boxed()
                .filter(i -> !excluded.contains(i))
                .sorted(Comparator.comparingDouble((Integer i) -> -scores[i]).thenComparing(i -> i))
                .limit(k)
                .toList();
    }

    @Test
    void exactSearchIsTheBruteForceSort() {
        Random rng = new Random(1);
        int dim = 24;
        float[] vectors = gaussian(3000, dim, rng);
        ExactIndex index = new ExactIndex(vectors, dim);
        for (int q = 0; q < 20; q++) {
            float[] query = gaussian(1, dim, rng);
            List<ScoredNode> top = index.search(query, 10, id -> false);
            assertThat(top)
                    .extracting(ScoredNode::id)
                    .containsExactlyElementsOf(bruteForce(vectors, dim, query, 10, Set.of()));
            for (ScoredNode s : top) {
                float expected = 0;
                for (int j = 0; j < dim; j++) {
                    expected += query[j] * vectors[s.id() * dim + j];
                }
                assertThat(s.score()).isCloseTo(expected, within(1e-4f));
            }
        }
    }

    @Test
    void equalScoresRankTheLowerIdFirst() {
        float[] vectors = {1, 0, 0, 1, 1, 0, 1, 0, 0.5f, 0.5f};
        assertThat(new ExactIndex(vectors, 2).search(new float[] {1, 0}, 4, id -> false))
                .extracting(ScoredNode::id)
                .containsExactly(0, 2, 3, 4);
    }

    @Test
    void theInvertedFileFindsMostOfTheTrueTopTenOnClusteredData() {
        Random rng = new Random(2);
        int dim = 32;
        float[] vectors = clustered(20_000, dim, 40, 0.08, rng);
        IvfIndex index = IvfIndex.build(vectors, dim, IndexOptions.defaults(), DeploymentListener.NONE);
        assertThat(index.nlist()).isEqualTo(IvfIndex.defaultNlist(20_000)).isEqualTo(283);
        assertThat(index.size()).isEqualTo(20_000);
        float[] queries = clustered(200, dim, 40, 0.08, new Random(3));
        ExactIndex exact = new ExactIndex(vectors, dim);
        int found = 0;
        for (int q = 0; q < 200; q++) {
            float[] query = Arrays.copyOfRange(queries, q * dim, (q + 1) * dim);
            Set<Integer> truth = new HashSet<>(exact.search(query, 10, id -> false).stream()
                    .map(ScoredNode::id)
                    .toList());
            found += (int) index.search(query, 10, id -> false).stream()
                    .filter(s -> truth.contains(s.id()))
                    .count();
        }
        double recall = found / 2000.0;
        assertThat(recall).isGreaterThanOrEqualTo(0.9);
    }

    @Test
    void exclusionsAreSkippedAndKResultsStillReturned() {
        Random rng = new Random(4);
        int dim = 16;
        float[] vectors = clustered(4000, dim, 10, 0.1, rng);
        IvfIndex index =
                IvfIndex.build(vectors, dim, IndexOptions.defaults().withLists(64, 2), DeploymentListener.NONE);
        float[] query = Arrays.copyOfRange(vectors, 0, dim);
        List<ScoredNode> plain = index.search(query, 10, id -> false);
        Set<Integer> firstFive =
                new HashSet<>(plain.subList(0, 5).stream().map(ScoredNode::id).toList());
        List<ScoredNode> without = index.search(query, 10, firstFive::contains);
        assertThat(without).hasSize(10).extracting(ScoredNode::id).doesNotContainAnyElementsOf(firstFive);
        // exclude everything but 12 vectors far apart in id order: the two probed lists empty out, more are scanned
        Set<Integer> kept = Set.of(1, 333, 700, 1001, 1500, 1999, 2222, 2500, 3000, 3333, 3700, 3999);
        List<ScoredNode> rest = index.search(query, 10, id -> !kept.contains(id));
        assertThat(rest).hasSize(10).extracting(ScoredNode::id).allMatch(kept::contains);
        // approximate: once k are found no further list is scanned, so most (not all) are the true top 10
        assertThat(rest)
                .extracting(ScoredNode::id)
                .filteredOn(bruteForce(vectors, dim, query, 10, complement(4000, kept))::contains)
                .hasSizeGreaterThanOrEqualTo(8);
    }

    private static Set<Integer> complement(int n, Set<Integer> kept) {
        Set<Integer> out = new HashSet<>();
        for (int i = 0; i < n; i++) {
            if (!kept.contains(i)) {
                out.add(i);
            }
        }
        return out;
    }

    @Test
    void kIsCheckedAndCappedByTheVectorCount() {
        float[] vectors = gaussian(50, 4, new Random(5));
        ExactIndex exact = new ExactIndex(vectors, 4);
        IvfIndex ivf = IvfIndex.build(vectors, 4, IndexOptions.defaults().withLists(4, 1), DeploymentListener.NONE);
        for (VectorIndex index : List.of(exact, ivf)) {
            assertThatThrownBy(() -> index.search(new float[4], 0, id -> false))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("k must be at least 1, got 0");
            assertThatThrownBy(() -> index.search(new float[3], 1, id -> false))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("width 3");
            assertThat(index.search(new float[] {1, 0, 0, 0}, 80, id -> false)).hasSize(50);
        }
    }

    @Test
    void buildingIsDeterministic() {
        float[] vectors = clustered(3000, 8, 6, 0.2, new Random(6));
        IndexOptions options = IndexOptions.defaults().withLists(30, 3);
        IvfIndex a = IvfIndex.build(vectors, 8, options, DeploymentListener.NONE);
        IvfIndex b = IvfIndex.build(vectors, 8, options, DeploymentListener.NONE);
        for (int q = 0; q < 50; q++) {
            float[] query = Arrays.copyOfRange(vectors, q * 8, q * 8 + 8);
            assertThat(a.search(query, 5, id -> false)).isEqualTo(b.search(query, 5, id -> false));
        }
        assertThat(IndexOptions.defaults().withKind(IndexOptions.Kind.AUTO).build(vectors, 8, DeploymentListener.NONE))
                .isInstanceOf(ExactIndex.class);
        assertThat(IndexOptions.defaults().withKind(IndexOptions.Kind.IVF).build(vectors, 8, DeploymentListener.NONE))
                .isInstanceOf(IvfIndex.class);
    }

    /** Unit vectors in a random {@code rank}-dimensional subspace of {@code dim}, clustered. */
    private static float[] lowRank(int n, int dim, int rank, Random rng) {
        float[] inner = clustered(n, rank, 30, 0.15, rng);
        float[] basis = gaussian(rank, dim, rng);
        float[] out = new float[n * dim];
        for (int i = 0; i < n; i++) {
            for (int r = 0; r < rank; r++) {
                for (int j = 0; j < dim; j++) {
                    out[i * dim + j] += inner[i * rank + r] * basis[r * dim + j];
                }
            }
            VectorMath.scale(out, i * dim, dim, VectorMath.safeNorm(out, i * dim, dim, 0));
        }
        return out;
    }

    @Test
    void lowRankVectorsAreScannedProjectedAndReScoredExactly() {
        Random rng = new Random(7);
        int dim = 64;
        float[] vectors = lowRank(10_000, dim, 12, rng);
        IvfIndex index = IvfIndex.build(vectors, dim, IndexOptions.defaults(), DeploymentListener.NONE);
        assertThat(index.scanWidth()).isBetween(8, 12);
        assertThat(index.describe()).contains("projected to " + index.scanWidth() + " of 64 dimensions");
        ExactIndex exact = new ExactIndex(vectors, dim);
        float[] queries = gaussian(100, dim, new Random(8));
        int found = 0;
        for (int q = 0; q < 100; q++) {
            float[] query = Arrays.copyOfRange(queries, q * dim, (q + 1) * dim);
            List<ScoredNode> truth = exact.search(query, 10, id -> false);
            List<ScoredNode> got = index.search(query, 10, id -> false);
            assertThat(got).hasSize(10);
            for (ScoredNode s : got) {
                // scores are exact inner products of the full vectors, whatever the scan width
                assertThat(s.score()).isEqualTo(VectorMath.dot(query, 0, vectors, s.id() * dim, dim));
            }
            found += (int) got.stream().filter(truth::contains).count();
        }
        assertThat(found / 1000.0).isGreaterThanOrEqualTo(0.9);
        Set<Integer> kept = Set.of(5, 900, 1800, 2700, 3600, 4500, 5400, 6300, 7200, 8100, 9000, 9900);
        assertThat(index.search(Arrays.copyOf(queries, dim), 10, id -> !kept.contains(id)))
                .hasSize(10)
                .extracting(ScoredNode::id)
                .allMatch(kept::contains);
        IvfIndex full =
                IvfIndex.build(vectors, dim, IndexOptions.defaults().withProjectionEnergy(0), DeploymentListener.NONE);
        assertThat(full.scanWidth()).isEqualTo(dim);
        assertThat(full.describe()).contains("full-width scan");
    }

    @Test
    void theEigenDecompositionReconstructsASymmetricMatrix() {
        Random rng = new Random(9);
        int n = 12;
        double[][] m = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                m[i][j] = m[j][i] = rng.nextGaussian();
            }
        }
        SymmetricEigen eigen = SymmetricEigen.of(m);
        assertThat(eigen.values()).isSortedAccordingTo((a, b) -> Double.compare(b, a));
        for (int k = 0; k < n; k++) {
            for (int i = 0; i < n; i++) {
                double mv = 0;
                for (int j = 0; j < n; j++) {
                    mv += m[i][j] * eigen.vectors()[j][k];
                }
                assertThat(mv).isCloseTo(eigen.values()[k] * eigen.vectors()[i][k], within(1e-9));
            }
        }
    }
}
