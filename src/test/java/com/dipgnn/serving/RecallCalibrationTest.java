package com.dipgnn.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

/** Calibration measures recall against the exact scan and widens an index only as far as the target needs. */
class RecallCalibrationTest {

    private static final int N = 200;
    private static final int DIM = 8;

    /**
     * An index that returns the first {@code width} of the exact top k and fills the rest with the
     * exact scan's worst vectors, so its recall@k is exactly min(width, k) / k; widening doubles
     * the width up to {@code maxWidth}.
     */
    private record TruncatingIndex(ExactIndex exact, int width, int maxWidth) implements VectorIndex {

        @Override
        public int size() {
            return exact.size();
        }

        @Override
        public int dim() {
            return exact.dim();
        }

        @Override
        public List<ScoredNode> search(float[] query, int k, IntPredicate excluded) {
            List<ScoredNode> best = exact.search(query, k, excluded);
            List<ScoredNode> out = new ArrayList<>(best.subList(0, Math.min(width, best.size())));
            float[] negated = new float[query.length];
            for (int d = 0; d < query.length; d++) {
                negated[d] = -query[d];
            }
            for (ScoredNode worst : exact.search(negated, k, excluded)) {
                if (out.size() < k) {
                    out.add(worst);
                }
            }
            return out;
        }

        @Override
        public String describe() {
            return "truncating, width " + width;
        }

        @Override
        public Optional<VectorIndex> wider() {
            return width >= maxWidth
                    ? Optional.empty()
                    : Optional.of(new TruncatingIndex(exact, Math.min(width * 2, maxWidth), maxWidth));
        }
    }

    @Test
    void widensUntilTheTargetIsMetAndReportsTheRecallOfTheIndexItReturns() {
        ExactIndex exact = new ExactIndex(unitVectors(N, DIM, new Random(1)), DIM);
        List<float[]> queries = queries(20, new Random(2));
        // width 2 finds 2 of 10, 4 finds 4, 8 finds 8: 0.7 is first reached after two widenings
        RecallCalibration.Result result =
                RecallCalibration.calibrate(new TruncatingIndex(exact, 2, 16), exact, queries, 10, 0.7);

        assertThat(result.widenings()).isEqualTo(2);
        assertThat(((TruncatingIndex) result.index()).width()).isEqualTo(8);
        assertThat(result.recall()).isCloseTo(0.8, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(result.metTarget()).isTrue();
        assertThat(result.queries()).isEqualTo(20);
        assertThat(result.describe())
                .contains("recall@10 0.8000", "20 sampled queries", "widened 2 times", "target 0.70 met");
    }

    @Test
    void aTargetOutOfReachStopsAtTheWidestSearchAndSaysSo() {
        ExactIndex exact = new ExactIndex(unitVectors(N, DIM, new Random(1)), DIM);
        RecallCalibration.Result result = RecallCalibration.calibrate(
                new TruncatingIndex(exact, 2, 4), exact, queries(20, new Random(2)), 10, 0.95);

        assertThat(result.widenings()).isEqualTo(1);
        assertThat(result.recall()).isCloseTo(0.4, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(result.metTarget()).isFalse();
        assertThat(result.describe()).contains("below the target 0.95");
    }

    @Test
    void targetZeroMeasuresWithoutWidening() {
        ExactIndex exact = new ExactIndex(unitVectors(N, DIM, new Random(1)), DIM);
        RecallCalibration.Result result = RecallCalibration.calibrate(
                new TruncatingIndex(exact, 3, 16), exact, queries(20, new Random(2)), 10, 0);

        assertThat(result.widenings()).isZero();
        assertThat(result.recall()).isCloseTo(0.3, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(result.describe()).contains("not widened").doesNotContain("target");
    }

    @Test
    void badArgumentsAreRefused() {
        ExactIndex exact = new ExactIndex(unitVectors(N, DIM, new Random(1)), DIM);
        List<float[]> queries = queries(5, new Random(2));
        assertThatThrownBy(() -> RecallCalibration.calibrate(exact, exact, queries, 10, 1.5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("target 1.5");
        assertThatThrownBy(() -> RecallCalibration.calibrate(exact, exact, List.of(), 10, 0.9))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("0 queries");
        ExactIndex other = new ExactIndex(unitVectors(N + 1, DIM, new Random(1)), DIM);
        assertThatThrownBy(() -> RecallCalibration.calibrate(other, exact, queries, 10, 0.9))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("same vectors");
    }

    @Test
    void aNarrowGraphIsWidenedToTheTargetOnSkewedVectors() {
        // unit directions plus a popularity-like last coordinate that queries weigh fully: the case
        // where a proximity graph built on the vectors' own similarities navigates badly
        Random rng = new Random(5);
        int n = 3000;
        int dim = 17;
        float[] vectors = new float[n * dim];
        float[] directions = unitVectors(n, dim - 1, rng);
        for (int i = 0; i < n; i++) {
            System.arraycopy(directions, i * (dim - 1), vectors, i * dim, dim - 1);
            vectors[i * dim + dim - 1] = (float) (0.1 * Math.log1p(Math.exp(3 * rng.nextGaussian())));
        }
        IndexOptions narrow = new IndexOptions(IndexOptions.Kind.GRAPH, 0, 0, 0, 0.99, 10, 32, 0, 8, 16, 1, 0.95);
        GraphIndex graph = GraphIndex.build(vectors, dim, narrow, DeploymentListener.NONE);
        ExactIndex exact = new ExactIndex(vectors, dim);
        List<float[]> queries = new ArrayList<>();
        for (float[] direction : queries(100, new Random(6), dim - 1)) {
            float[] q = Arrays.copyOf(direction, dim);
            q[dim - 1] = 1f;
            queries.add(q);
        }

        double before =
                RecallCalibration.calibrate(graph, exact, queries, 10, 0).recall();
        RecallCalibration.Result result = RecallCalibration.calibrate(graph, exact, queries, 10, 0.95);

        // measured: 0.79 to 0.81 at overquery 1, 0.956 to 0.963 after two widenings (three builds)
        assertThat(before).isLessThan(0.9);
        assertThat(result.widenings()).isPositive();
        assertThat(result.recall()).isGreaterThanOrEqualTo(0.95);
        assertThat(((GraphIndex) result.index()).overquery()).isEqualTo(1 << result.widenings());
        // the reported recall is what the returned index finds, counted here independently
        double hits = 0;
        for (float[] q : queries) {
            Set<Integer> truth = new HashSet<>();
            exact.search(q, 10, id -> false).forEach(s -> truth.add(s.id()));
            for (ScoredNode found : result.index().search(q, 10, id -> false)) {
                hits += truth.contains(found.id()) ? 1 : 0;
            }
        }
        assertThat(result.recall())
                .isCloseTo(hits / (10.0 * queries.size()), org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void indexesWidenByDoublingUpToTheirWholeSearch() {
        float[] vectors = unitVectors(1000, DIM, new Random(7));
        IvfIndex ivf = IvfIndex.build(
                vectors,
                DIM,
                IndexOptions.defaults().withKind(IndexOptions.Kind.IVF).withLists(10, 3),
                DeploymentListener.NONE);
        IvfIndex twice = (IvfIndex) ivf.wider().orElseThrow();
        IvfIndex all = (IvfIndex) twice.wider().orElseThrow();
        assertThat(twice.nprobe()).isEqualTo(6);
        assertThat(all.nprobe()).isEqualTo(10);
        assertThat(all.wider()).isEmpty();
        assertThat(new ExactIndex(vectors, DIM).wider()).isEmpty();

        IndexOptions graphOptions = new IndexOptions(IndexOptions.Kind.GRAPH, 0, 0, 0, 0.99, 10, 32, 0, 4, 8, 300, 0);
        GraphIndex graph = GraphIndex.build(vectors, DIM, graphOptions, DeploymentListener.NONE);
        GraphIndex wider = (GraphIndex) graph.wider().orElseThrow();
        assertThat(wider.overquery()).isEqualTo(600);
        assertThat(((GraphIndex) wider.wider().orElseThrow()).overquery()).isEqualTo(1000);
        assertThat(((GraphIndex) wider.wider().orElseThrow()).wider()).isEmpty();
    }

    private static List<float[]> queries(int count, Random rng) {
        return queries(count, rng, DIM);
    }

    private static List<float[]> queries(int count, Random rng, int dim) {
        float[] flat = unitVectors(count, dim, rng);
        List<float[]> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(Arrays.copyOfRange(flat, i * dim, (i + 1) * dim));
        }
        return out;
    }

    private static float[] unitVectors(int n, int dim, Random rng) {
        float[] out = new float[n * dim];
        for (int i = 0; i < n; i++) {
            double norm = 0;
            for (int d = 0; d < dim; d++) {
                out[i * dim + d] = (float) rng.nextGaussian();
                norm += out[i * dim + d] * out[i * dim + d];
            }
            for (int d = 0; d < dim; d++) {
                out[i * dim + d] /= (float) Math.sqrt(norm);
            }
        }
        return out;
    }
}
