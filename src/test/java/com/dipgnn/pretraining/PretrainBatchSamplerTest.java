package com.dipgnn.pretraining;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.StepRandom;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.sampling.EdgeList;
import com.dipgnn.sampling.SamplingConfig;
import com.dipgnn.sampling.Subgraph;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Properties of prepared pre-training batches over many steps, on a homogeneous undirected
 * community graph (LADIES subgraphs) and a bipartite directed query-product graph with a reverse
 * relation (HGSampling subgraphs): candidate sets never hold a true edge as a negative, E_u^d has
 * alpha |E_g| true unmasked edges, masked edges leave the generator's subgraph in both directions.
 * Every check maps local ids to global ids through the subgraph's node arrays and asks the whole
 * graph's adjacency.
 */
class PretrainBatchSamplerTest {

    private static final HeteroGraph COMMUNITY = SyntheticGraphs.community(1);
    private static final HeteroGraph QUERY_PRODUCT = SyntheticGraphs.queryProduct(1);
    private static final int STEPS = 12;

    private static PretrainConfig config(int negatives, double alpha, double edgeMaskRatio) {
        return PretrainConfig.PAPER_DEFAULT
                .withSampling(new SamplingConfig(2, 64), 32, 0)
                .withObjectiveWeights(negatives, alpha, 20.0, 1.0)
                .withMasking(edgeMaskRatio, 0.2)
                .withSeed(3);
    }

    private static PretrainBatchSampler sampler(HeteroGraph graph, PretrainConfig config) {
        return new PretrainBatchSampler(
                graph,
                new Pretrainer(config, PretrainListener.NONE).samplerFor(graph, ModelConfig.PAPER_DEFAULT),
                config);
    }

    static Stream<Arguments> graphs() {
        // few negatives: drawn at random from a larger pool; the paper's 255: more than the pool, padded
        return Stream.of(
                Arguments.of(COMMUNITY, 31),
                Arguments.of(COMMUNITY, 255),
                Arguments.of(QUERY_PRODUCT, 31),
                Arguments.of(QUERY_PRODUCT, 255));
    }

    @ParameterizedTest(name = "{0} negatives={1}")
    @MethodSource("graphs")
    void candidateSetsHoldTheTrueSourceFirstAndNeverATrueEdgeAsANegative(HeteroGraph graph, int negatives) {
        PretrainConfig config = config(negatives, 1.0, 0.2);
        PretrainBatchSampler sampler = sampler(graph, config);
        long rows = 0;
        long padded = 0;
        for (long step = 1; step <= STEPS; step++) {
            PretrainBatch batch = sampler.prepare(step, StepRandom.rngFor(config.seed(), step));
            assertThat(batch.masked()).isNotEmpty();
            for (MaskedRelation m : batch.masked()) {
                assertThat(m.width()).isEqualTo(1 + negatives);
                assertThat(m.candidates()).hasSize(m.size() * m.width());
                for (int i = 0; i < m.size(); i++) {
                    int valid = checkCandidateRow(graph, batch.unmasked(), m, i, negatives);
                    padded += valid < m.width() ? 1 : 0;
                    rows++;
                }
            }
        }
        assertThat(rows).isGreaterThan(100);
        if (negatives == 255) {
            assertThat(padded)
                    .as("subgraphs of at most a few hundred nodes cannot fill 255 negatives")
                    .isEqualTo(rows);
        } else {
            assertThat(padded).as("31 negatives mostly fit").isLessThan(rows / 2);
        }
    }

    /** Checks one candidate row; returns its number of valid slots. */
    private static int checkCandidateRow(HeteroGraph graph, Subgraph sub, MaskedRelation m, int row, int negatives) {
        RelationType r = m.relation();
        CsrAdjacency adjacency = graph.adjacency(r);
        int[] pool = sub.nodes(r.source());
        int target = sub.nodes(r.target())[m.targets()[row]];
        int source = pool[m.sources()[row]];
        int base = row * m.width();
        assertThat(m.candidates()[base]).as("slot 0 is the true source").isEqualTo(m.sources()[row]);
        assertThat(m.valid()[base]).isTrue();
        assertThat(adjacency.hasEdge(source, target))
                .as("the masked edge is a true edge")
                .isTrue();
        Set<Integer> seen = new HashSet<>();
        seen.add(source);
        int valid = 1;
        for (int k = 1; k < m.width(); k++) {
            if (!m.valid()[base + k]) {
                continue;
            }
            valid++;
            int candidate = pool[m.candidates()[base + k]];
            assertThat(adjacency.hasEdge(candidate, target))
                    .as("negative %d -> %d of %s is a true edge", candidate, target, r)
                    .isFalse();
            assertThat(seen.add(candidate))
                    .as("candidate %d repeated in a row", candidate)
                    .isTrue();
            boolean selfLoop = r.source().equals(r.target()) && candidate == target;
            assertThat(selfLoop)
                    .as("the target %d is never its own negative source", target)
                    .isFalse();
        }
        boolean sameType = r.source().equals(r.target());
        int eligible = 0;
        for (int global : pool) {
            eligible +=
                    global != source && !(sameType && global == target) && !adjacency.hasEdge(global, target) ? 1 : 0;
        }
        assertThat(valid)
                .as("valid slots: the true source plus min(negatives, eligible nodes in the pool)")
                .isEqualTo(1 + Math.min(negatives, eligible));
        return valid;
    }

    @Test
    void rowsArePaddedWhenThePoolHasFewerEligibleNodesThanNegatives() {
        HeteroGraph graph = TinyPretrainGraph.graph();
        // the whole graph is the subgraph; 4 users can never fill 5 negatives
        PretrainConfig config = PretrainConfig.PAPER_DEFAULT
                .withSampling(new SamplingConfig(1, 4), 4, 1000)
                .withObjectiveWeights(5, 1.0, 20.0, 1.0)
                .withMasking(0.5, 0.2)
                .withSeed(4);
        PretrainBatchSampler sampler = sampler(graph, config);
        int likesRows = 0;
        for (long step = 1; step <= 20; step++) {
            PretrainBatch batch = sampler.prepare(step, StepRandom.rngFor(config.seed(), step));
            for (MaskedRelation m : batch.masked()) {
                for (int i = 0; i < m.size(); i++) {
                    int valid = checkCandidateRow(graph, batch.unmasked(), m, i, 5);
                    assertThat(valid).isLessThan(m.width());
                    if (m.relation().equals(TinyPretrainGraph.LIKES)) {
                        likesRows++;
                        assertThat(valid).isLessThanOrEqualTo(TinyPretrainGraph.USERS);
                    }
                }
            }
        }
        assertThat(likesRows).isEqualTo(20 * 4); // round(0.5 * 8) masked likes per step
    }

    static Stream<Arguments> balances() {
        return Stream.of(
                Arguments.of(COMMUNITY, 1.0, 0.2),
                Arguments.of(COMMUNITY, 0.5, 0.35),
                Arguments.of(COMMUNITY, 10.0, 0.2),
                Arguments.of(QUERY_PRODUCT, 1.0, 0.2),
                Arguments.of(QUERY_PRODUCT, 0.5, 0.35),
                Arguments.of(QUERY_PRODUCT, 10.0, 0.2));
    }

    @ParameterizedTest(name = "{0} alpha={1} ratio={2}")
    @MethodSource("balances")
    void discriminatorEdgesAreBalancedAndMaskedEdgesLeaveTheSubgraphInBothDirections(
            HeteroGraph graph, double alpha, double ratio) {
        PretrainConfig config = config(15, alpha, ratio);
        PretrainBatchSampler sampler = sampler(graph, config);
        boolean capped = false;
        for (long step = 1; step <= STEPS; step++) {
            PretrainBatch batch = sampler.prepare(step, StepRandom.rngFor(config.seed(), step));
            Subgraph before = Subgraph.induced(graph, batch.unmasked().nodeMap());
            long totalPairs = 0;
            int maskedRelations = 0;
            for (RelationType r : sampler.maskableRelations()) {
                boolean symmetric =
                        r.source().equals(r.target()) && !graph.relationTypes().contains(r.reverse());
                EdgeList original = before.edges(r);
                int pairs = 0;
                for (int e = 0; e < original.size(); e++) {
                    pairs += !symmetric || original.src()[e] < original.dst()[e] ? 1 : 0;
                }
                totalPairs += pairs;
                int maskCount = (int) Math.round(ratio * pairs);
                MaskedRelation m = batch.masked().stream()
                        .filter(x -> x.relation().equals(r))
                        .findFirst()
                        .orElse(null);
                if (maskCount == 0) {
                    assertThat(m).isNull();
                    continue;
                }
                maskedRelations++;
                assertThat(m.symmetric()).isEqualTo(symmetric);
                assertThat(m.size()).as("mask count = round(ratio * pairs)").isEqualTo(maskCount);
                checkRemoval(graph, before, batch.unmasked(), m);
                int expectedKept = (int) Math.min(pairs - maskCount, Math.round(alpha * maskCount));
                capped |= expectedKept < Math.round(alpha * maskCount);
                assertThat(m.keptSources())
                        .as("|E_u^d| = min(round(alpha |E_g|), unmasked pairs)")
                        .hasSize(expectedKept);
                checkKept(graph, batch.unmasked(), m);
            }
            assertThat(maskedRelations).isEqualTo(batch.masked().size());
            assertThat(batch.totalEdges()).isEqualTo(totalPairs);
        }
        assertThat(capped).as("cap reached").isEqualTo(alpha * ratio > 1 - ratio);
    }

    @Test
    void originalsOnAnUndirectedRelationTakeARandomOrientationLikeTheMaskedEdges() {
        // each undirected pair is stored once per direction and indexed lower id first; E_u^d and the masked
        // edges are each reversed with probability 1/2, so about half of them point from the higher id
        PretrainConfig config = config(31, 1.0, 0.2);
        PretrainBatchSampler sampler = sampler(COMMUNITY, config);
        long keptUp = 0;
        long kept = 0;
        long maskedUp = 0;
        long masked = 0;
        for (long step = 1; step <= 40; step++) {
            PretrainBatch batch = sampler.prepare(step, StepRandom.rngFor(config.seed(), step));
            for (MaskedRelation m : batch.masked()) {
                assertThat(m.symmetric()).isTrue();
                for (int i = 0; i < m.keptSources().length; i++) {
                    keptUp += m.keptSources()[i] < m.keptTargets()[i] ? 1 : 0;
                    kept++;
                }
                for (int i = 0; i < m.size(); i++) {
                    maskedUp += m.sources()[i] < m.targets()[i] ? 1 : 0;
                    masked++;
                }
            }
        }
        assertThat(kept).isGreaterThan(400);
        // binomial(n, 1/2): the standard deviation of the share is at most 0.025 at n = 400
        assertThat((double) keptUp / kept).isBetween(0.4, 0.6);
        assertThat((double) maskedUp / masked).isBetween(0.4, 0.6);
    }

    /** The masked edges (both directions) are exactly what the unmasked subgraph lost. */
    private static void checkRemoval(HeteroGraph graph, Subgraph before, Subgraph after, MaskedRelation m) {
        RelationType r = m.relation();
        Set<Long> masked = new HashSet<>();
        Set<Long> maskedReversed = new HashSet<>();
        int[] sources = before.nodes(r.source());
        int[] targets = before.nodes(r.target());
        for (int i = 0; i < m.size(); i++) {
            assertThat(graph.adjacency(r).hasEdge(sources[m.sources()[i]], targets[m.targets()[i]]))
                    .isTrue();
            masked.add(key(m.sources()[i], m.targets()[i]));
            maskedReversed.add(key(m.targets()[i], m.sources()[i]));
        }
        assertThat(masked).as("masked edges are distinct").hasSize(m.size());
        if (m.symmetric()) {
            Set<Long> both = new HashSet<>(masked);
            both.addAll(maskedReversed);
            assertThat(both).as("masked pairs are distinct").hasSize(2 * m.size());
            assertThat(lost(before.edges(r), after.edges(r))).isEqualTo(both);
        } else {
            assertThat(lost(before.edges(r), after.edges(r))).isEqualTo(masked);
            assertThat(lost(before.edges(r.reverse()), after.edges(r.reverse())))
                    .isEqualTo(maskedReversed);
        }
    }

    /** E_u^d edges are distinct true edges that stayed in the unmasked subgraph. */
    private static void checkKept(HeteroGraph graph, Subgraph after, MaskedRelation m) {
        RelationType r = m.relation();
        Set<Long> unmasked = keys(after.edges(r));
        Set<Long> pairs = new HashSet<>();
        int[] sources = after.nodes(r.source());
        int[] targets = after.nodes(r.target());
        for (int i = 0; i < m.keptSources().length; i++) {
            int s = m.keptSources()[i];
            int t = m.keptTargets()[i];
            assertThat(unmasked).as("E_u^d edge in E_u").contains(key(s, t));
            assertThat(graph.adjacency(r).hasEdge(sources[s], targets[t])).isTrue();
            assertThat(pairs.add(m.symmetric() ? key(Math.min(s, t), Math.max(s, t)) : key(s, t)))
                    .as("E_u^d pairs are distinct")
                    .isTrue();
        }
    }

    /** Edges of {@code before} missing from {@code after}; {@code after} must be a subset. */
    private static Set<Long> lost(EdgeList before, EdgeList after) {
        Set<Long> was = keys(before);
        Set<Long> now = keys(after);
        assertThat(now).as("no duplicate edges").hasSize(after.size());
        assertThat(was).containsAll(now);
        Set<Long> gone = new HashSet<>(was);
        gone.removeAll(now);
        return gone;
    }

    private static Set<Long> keys(EdgeList edges) {
        Set<Long> out = new HashSet<>();
        for (int e = 0; e < edges.size(); e++) {
            out.add(key(edges.src()[e], edges.dst()[e]));
        }
        return out;
    }

    private static long key(int s, int t) {
        return ((long) s << 32) | (t & 0xffffffffL);
    }
}
