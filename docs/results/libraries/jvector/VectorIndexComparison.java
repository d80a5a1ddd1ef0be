import com.dipgnn.serving.DeploymentListener;
import com.dipgnn.serving.ExactIndex;
import com.dipgnn.serving.GraphIndex;
import com.dipgnn.serving.IndexOptions;
import com.dipgnn.serving.IvfIndex;
import com.dipgnn.serving.ScoredNode;
import io.github.jbellis.jvector.graph.GraphIndexBuilder;
import io.github.jbellis.jvector.graph.GraphSearcher;
import io.github.jbellis.jvector.graph.ImmutableGraphIndex;
import io.github.jbellis.jvector.graph.ListRandomAccessVectorValues;
import io.github.jbellis.jvector.graph.SearchResult;
import io.github.jbellis.jvector.graph.similarity.BuildScoreProvider;
import io.github.jbellis.jvector.graph.similarity.DefaultSearchScoreProvider;
import io.github.jbellis.jvector.util.Bits;
import io.github.jbellis.jvector.vector.VectorSimilarityFunction;
import io.github.jbellis.jvector.vector.VectorizationProvider;
import io.github.jbellis.jvector.vector.types.VectorFloat;
import io.github.jbellis.jvector.vector.types.VectorTypeSupport;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;

/**
 * The product's inverted-file index against JVector's graph index (HNSW-style, DiskANN's Vamana
 * pruning) on the same vectors and queries: build time, heap, recall@10 against the exact answer,
 * p50/p99 latency on one thread. Vectors: unit-length, dim 64, around 2,000 Gaussian centres (as
 * trained embeddings cluster); queries: 1,000 more from the same distribution.
 * Usage: java ... VectorIndexComparison N
 */
public class VectorIndexComparison {
    static final int DIM = 64, QUERIES = 1000, K = 10;

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        float[] data = clustered(n + QUERIES, 7);
        float[] vectors = Arrays.copyOf(data, n * DIM);
        float[][] queries = new float[QUERIES][];
        for (int q = 0; q < QUERIES; q++) queries[q] = Arrays.copyOfRange(data, (n + q) * DIM, (n + q + 1) * DIM);
        data = null;
        System.out.printf("n=%d dim=%d queries=%d k=%d, threads available %d%n", n, DIM, QUERIES, K,
                Runtime.getRuntime().availableProcessors());
        ExactIndex exact = new ExactIndex(vectors, DIM);
        int[][] truth = new int[QUERIES][];
        long t0 = System.nanoTime();
        for (int q = 0; q < QUERIES; q++) truth[q] = ids(exact.search(queries[q], K, id -> false));
        System.out.printf("exact: %.2f ms/query (brute force)%n", (System.nanoTime() - t0) / 1e6 / QUERIES);
        exact = null;

        long before = usedHeap();
        t0 = System.nanoTime();
        IvfIndex ivf = IvfIndex.build(vectors, DIM, IndexOptions.defaults().withKind(IndexOptions.Kind.IVF),
                DeploymentListener.NONE);
        double ivfBuild = (System.nanoTime() - t0) / 1e9;
        long ivfHeap = usedHeap() - before;
        System.out.printf("ivf build %.1f s, heap +%d MB (vectors %d MB kept by reference), %s%n", ivfBuild,
                ivfHeap >> 20, ((long) n * DIM * 4) >> 20, ivf.describe());
        for (int probes : new int[] {ivf.nprobe(), 2 * ivf.nprobe(), 4 * ivf.nprobe()}) {
            report("ivf nprobe=" + probes, queries, truth, q -> ids(ivf.search(q, K, id -> false, probes)));
        }

        if (args.length > 1 && args[1].equals("product-only")) {
            product(vectors, queries, truth);
            return;
        }
        VectorTypeSupport vts = VectorizationProvider.getInstance().getVectorTypeSupport();
        List<VectorFloat<?>> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) list.add(vts.createFloatVector(Arrays.copyOfRange(vectors, i * DIM, (i + 1) * DIM)));
        ListRandomAccessVectorValues ravv = new ListRandomAccessVectorValues(list, DIM);
        System.gc();
        before = usedHeap();
        t0 = System.nanoTime();
        BuildScoreProvider bsp = BuildScoreProvider.randomAccessScoreProvider(ravv, VectorSimilarityFunction.DOT_PRODUCT);
        ImmutableGraphIndex graph;
        try (GraphIndexBuilder builder = new GraphIndexBuilder(bsp, DIM, 16, 100, 1.2f, 1.2f, true)) {
            graph = builder.build(ravv);
        }
        double jvBuild = (System.nanoTime() - t0) / 1e9;
        long jvHeap = usedHeap() - before;
        System.out.printf("jvector build %.1f s, heap +%d MB (graph; vectors held apart, %d MB), M 16, beam 100%n",
                jvBuild, jvHeap >> 20, ((long) n * DIM * 4) >> 20);
        for (int rerank : new int[] {K, 4 * K, 10 * K}) {
            ThreadLocal<GraphSearcher> searchers = ThreadLocal.withInitial(() -> new GraphSearcher(graph));
            report("jvector topK=" + K + " rerankK=" + rerank, queries, truth, q -> {
                VectorFloat<?> v = vts.createFloatVector(q);
                SearchResult r = searchers.get().search(
                        DefaultSearchScoreProvider.exact(v, VectorSimilarityFunction.DOT_PRODUCT, ravv), K, rerank,
                        0f, 0f, Bits.ALL);
                return Arrays.stream(r.getNodes()).mapToInt(ns -> ns.node).toArray();
            });
        }
        product(vectors, queries, truth);
    }

    /** The product's GraphIndex with its defaults (degree 16, beam 100, 10 candidates re-ranked per result). */
    static void product(float[] vectors, float[][] queries, int[][] truth) {
        System.gc();
        long before = usedHeap();
        long t0 = System.nanoTime();
        GraphIndex index = GraphIndex.build(vectors, DIM, IndexOptions.defaults().withKind(IndexOptions.Kind.GRAPH),
                DeploymentListener.NONE);
        System.out.printf("product GraphIndex build %.1f s, heap +%d MB: %s%n", (System.nanoTime() - t0) / 1e9,
                (usedHeap() - before) >> 20, index.describe());
        report("GraphIndex defaults", queries, truth, q -> ids(index.search(q, K, id -> false)));
    }

    static void report(String name, float[][] queries, int[][] truth, Function<float[], int[]> search) {
        for (int w = 0; w < 200; w++) search.apply(queries[w]);
        long[] nanos = new long[queries.length];
        int hits = 0;
        for (int q = 0; q < queries.length; q++) {
            long t = System.nanoTime();
            int[] got = search.apply(queries[q]);
            nanos[q] = System.nanoTime() - t;
            Set<Integer> want = new HashSet<>();
            for (int id : truth[q]) want.add(id);
            for (int id : got) if (want.contains(id)) hits++;
        }
        Arrays.sort(nanos);
        System.out.printf("  %-28s recall@10 %.4f  p50 %.3f ms  p99 %.3f ms%n", name,
                hits / (double) (K * queries.length), nanos[nanos.length / 2] / 1e6,
                nanos[(int) (nanos.length * 0.99)] / 1e6);
    }

    static int[] ids(List<ScoredNode> nodes) {
        return nodes.stream().mapToInt(ScoredNode::id).toArray();
    }

    static long usedHeap() {
        for (int i = 0; i < 3; i++) System.gc();
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }

    static float[] clustered(int count, long seed) {
        Random r = new Random(seed);
        int centres = 2000;
        float[] c = new float[centres * DIM];
        for (int i = 0; i < c.length; i++) c[i] = (float) r.nextGaussian();
        float[] out = new float[count * DIM];
        for (int i = 0; i < count; i++) {
            int k = r.nextInt(centres);
            double norm = 0;
            for (int d = 0; d < DIM; d++) {
                float v = c[k * DIM + d] + 0.6f * (float) r.nextGaussian();
                out[i * DIM + d] = v;
                norm += v * v;
            }
            float inv = (float) (1 / Math.sqrt(norm));
            for (int d = 0; d < DIM; d++) out[i * DIM + d] *= inv;
        }
        return out;
    }
}
