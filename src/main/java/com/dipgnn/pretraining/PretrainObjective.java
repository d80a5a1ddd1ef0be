package com.dipgnn.pretraining;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.StepRandom;
import com.dipgnn.model.GraphBatch;
import com.dipgnn.model.GraphOps;
import com.dipgnn.model.ScalarOps;
import com.dipgnn.sampling.EdgeList;
import com.dipgnn.sampling.Subgraph;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The loss of one pre-training step for any {@link PretrainMethod}: the generator runs on the
 * unmasked edges (E_u) with the chosen features hidden and picks, for each masked edge (s, t),
 * the most likely source among its candidates; the discriminator runs on E_u plus the generated
 * edges E_g with generated features in place, and tells generated edges (on E_g and E_u^d) and
 * replaced features from original ones. L = L_gen + lambda * L_disc.
 */
public final class PretrainObjective {

    private final HeteroGraph graph;
    private final PretrainConfig config;
    /** The config's objective variant as its method trains it ({@link ObjectiveVariant#effectiveFor}). */
    private final ObjectiveVariant variant;

    private final PretrainNetworks networks;
    private final List<FeatureObjective> features;

    public PretrainObjective(
            HeteroGraph graph, PretrainConfig config, PretrainNetworks networks, FeatureObjective features) {
        this(graph, config, networks, List.of(features));
    }

    /** An objective with every feature pair the method trains (vector features, text). */
    public PretrainObjective(
            HeteroGraph graph, PretrainConfig config, PretrainNetworks networks, List<FeatureObjective> features) {
        this.graph = graph;
        this.config = config;
        this.variant = config.variant().effectiveFor(config.method());
        this.networks = networks;
        this.features = List.copyOf(features);
    }

    /** A step's differentiable loss and its figures. */
    /**
     * A step's loss.
     *
     * @param loss the total, a scalar
     * @param stats figures by {@link PretrainMetrics} name
     * @param terms the terms the total sums, weighted as they enter it: {@code gen_edge},
     *     {@code gen_feature}, {@code gen_text}, {@code gae} and {@code disc_edge}, {@code disc_feature},
     *     {@code disc_text} (the discriminator's times lambda); only those the step has
     */
    public record Outcome(NDArray loss, Map<String, Double> stats, Map<LossTerm, NDArray> terms) {}

    /** Generated sources for one relation: candidate slot per masked edge. */
    record Picks(MaskedRelation relation, int[] slots) {}

    /** Computes the loss of a prepared batch; every array lives in {@code scope}. */
    public Outcome compute(PretrainBatch batch, NDManager scope, boolean training) {
        PretrainMethod method = config.method();
        Map<String, Double> stats = new LinkedHashMap<>();
        float temperature = (float) config.temperature();
        NDArray generatorLoss = null;
        Map<LossTerm, NDArray> terms = new LinkedHashMap<>();
        List<Picks> picks;
        List<FeatureObjective.Step> featureSteps = new ArrayList<>();
        if (method.hasGenerator()) {
            GraphBatch genBatch = new GraphBatch(scope, graph, batch.unmasked());
            if (method.generatesFeatures()) {
                for (FeatureObjective pair : features) {
                    FeatureObjective.Step step = pair.begin(genBatch, batch, training);
                    if (step != null) {
                        featureSteps.add(step);
                    }
                }
            }
            Map<String, NDArray> h = networks.generator().forward(genBatch, training);
            if (method == PretrainMethod.GAE) {
                generatorLoss = gaeLoss(batch, h, scope, temperature, stats);
                putTerm(terms, LossTerm.GAE, generatorLoss);
                picks = List.of();
            } else {
                EdgeGeneration edges = method.generatesEdges() ? generateEdges(batch, h, scope, temperature) : null;
                picks = edges == null ? List.of() : edges.picks;
                if (edges != null) {
                    generatorLoss = edges.loss;
                    terms.put(LossTerm.of(LossTerm.Network.GENERATOR, "edge"), edges.loss);
                    stats.put(PretrainMetrics.GEN_EDGE_LOSS, (double) edges.loss.getFloat());
                    stats.put(PretrainMetrics.GEN_ACCURACY, edges.accuracy);
                    stats.put(PretrainMetrics.GEN_TOP1_ACCURACY, edges.topOneAccuracy);
                }
                for (FeatureObjective.Step step : featureSteps) {
                    FeatureObjective.Term term = step.generate(h);
                    generatorLoss = add(generatorLoss, term.loss());
                    putTerm(terms, LossTerm.of(LossTerm.Network.GENERATOR, step.kind()), term.loss());
                    stats.putAll(term.stats());
                }
            }
        } else {
            picks = List.of();
        }
        if (method.randomEdges()) {
            picks = batch.masked().stream()
                    .map(m -> new Picks(m, batch.randomPicks().get(m.relation().key())))
                    .toList();
            stats.put(PretrainMetrics.GEN_ACCURACY, accuracy(picks));
        }
        NDArray total = generatorLoss;
        boolean warmingUp = method.hasGenerator() && batch.step() <= variant.generatorWarmup();
        if (method.hasDiscriminator() && !warmingUp) {
            double discTemperature = variant.discriminatorTemperature();
            Map<LossTerm, NDArray> discTerms = new LinkedHashMap<>();
            NDArray disc = discriminate(
                    batch,
                    picks,
                    featureSteps,
                    scope,
                    discTemperature > 0 ? (float) discTemperature : temperature,
                    training,
                    stats,
                    discTerms);
            if (disc != null) {
                NDArray weighted = ScalarOps.mul(disc, config.lambda());
                total = total == null ? weighted : total.add(weighted);
            }
            discTerms.forEach((name, term) -> terms.put(name, ScalarOps.mul(term, config.lambda())));
            coverage(batch, picks, stats);
        }
        if (total == null) {
            throw new IllegalStateException("method " + method.cliName() + " has no loss term on graph '" + graph.name()
                    + "' (no masked edges and no features in this step)");
        }
        stats.put(PretrainMetrics.LOSS, (double) total.getFloat());
        stats.put(PretrainMetrics.MASKED_EDGES, (double) batch.maskedEdges());
        return new Outcome(total, stats, terms);
    }

    /**
     * @param accuracy share of the generated sources that are the true one
     * @param topOneAccuracy share of masked edges whose most likely candidate is the true source
     */
    private record EdgeGeneration(NDArray loss, List<Picks> picks, double accuracy, double topOneAccuracy) {}

    private EdgeGeneration generateEdges(
            PretrainBatch batch, Map<String, NDArray> h, NDManager scope, float temperature) {
        NDArray sum = null;
        long edges = 0;
        long topOneRight = 0;
        List<Picks> picks = new ArrayList<>();
        for (MaskedRelation m : batch.masked()) {
            NDArray logits = CandidateLogits.of(m, h, networks.generatorEdges(), scope, temperature);
            NDArray perEdge = Losses.crossEntropyFirstColumn(logits);
            sum = sum == null ? perEdge.sum() : sum.add(perEdge.sum());
            edges += m.size();
            long[] best = logits.argMax(1).toLongArray();
            for (long slot : best) {
                topOneRight += slot == 0 ? 1 : 0;
            }
            picks.add(new Picks(m, draw(logits, best, m, batch.step(), temperature)));
        }
        if (sum == null) {
            return null;
        }
        return new EdgeGeneration(
                sums() ? sum : ScalarOps.div(sum, edges), picks, accuracy(picks), (double) topOneRight / edges);
    }

    /**
     * The generated source slot of each masked edge: with the step's generator share drawn from the
     * generator (its softmax at tau_g, or its most likely candidate), otherwise uniformly among the
     * candidates ({@link SourceDraw}).
     *
     * @param logits the generator's logits d / temperature, masked edges x candidates
     * @param best each row's most likely slot
     */
    private int[] draw(NDArray logits, long[] best, MaskedRelation m, long step, float temperature) {
        double share = variant.generatorShareAt(step);
        Random rng = StepRandom.rngFor(step, m.relation().key().hashCode());
        float[] generator = share == 0 ? null : generatorDistribution(logits, best, m.width(), temperature);
        return SourceDraw.draw(generator, m.valid(), m.size(), m.width(), share, rng);
    }

    /** The generator's distribution over each row's candidates: softmax(d / tau_g), or one-hot at the most likely. */
    private float[] generatorDistribution(NDArray logits, long[] best, int width, float temperature) {
        if (variant.generatedEdges() == GeneratedEdges.MOST_LIKELY) {
            float[] oneHot = new float[best.length * width];
            for (int i = 0; i < best.length; i++) {
                oneHot[i * width + (int) best[i]] = 1f;
            }
            return oneHot;
        }
        double tauG = variant.generatorTemperature();
        NDArray scaled = tauG > 0 && tauG != temperature ? ScalarOps.mul(logits, temperature / tauG) : logits;
        return scaled.softmax(1).toFloatArray();
    }

    private NDArray gaeLoss(
            PretrainBatch batch,
            Map<String, NDArray> h,
            NDManager scope,
            float temperature,
            Map<String, Double> stats) {
        NDArray sum = null;
        long count = 0;
        BinaryCounts counts = new BinaryCounts();
        for (MaskedRelation m : batch.masked()) {
            int n = m.size();
            int[] src = new int[2 * n];
            int[] dst = new int[2 * n];
            float[] labels = new float[2 * n];
            for (int i = 0; i < n; i++) {
                src[i] = m.sources()[i];
                dst[i] = m.targets()[i];
                labels[i] = 1f;
                int negative = m.valid()[i * m.width() + 1] ? m.candidates()[i * m.width() + 1] : m.sources()[i];
                src[n + i] = negative;
                dst[n + i] = m.targets()[i];
                labels[n + i] = negative == m.sources()[i] ? 1f : 0f;
            }
            NDArray logits = pairLogits(m.relation(), src, dst, h, networks.generatorEdges(), scope, temperature);
            NDArray y = scope.create(labels);
            NDArray loss = Losses.binaryCrossEntropyWithLogits(logits, y).sum();
            sum = sum == null ? loss : sum.add(loss);
            count += 2L * n;
            counts.add(logits.toFloatArray(), labels, null);
        }
        if (sum == null) {
            return null;
        }
        NDArray loss = ScalarOps.div(sum, count);
        stats.put(PretrainMetrics.GAE_LOSS, (double) loss.getFloat());
        counts.putInto(
                stats, PretrainMetrics.DISC_ACCURACY, PretrainMetrics.DISC_TRIVIAL_RATE, PretrainMetrics.DISC_MARGIN);
        return loss;
    }

    /** Logits d(h(s), h(t)) / temperature of the pairs; W h(s) is computed once per distinct source. */
    private static NDArray pairLogits(
            RelationType r,
            int[] src,
            int[] dst,
            Map<String, NDArray> h,
            EdgeHeads heads,
            NDManager scope,
            float temperature) {
        DistinctIds sources = DistinctIds.of(src);
        com.dipgnn.model.CosineScorer scorer = heads.scorer(r);
        NDArray transformed =
                scorer.transform().forward(GraphOps.gatherRows(h.get(r.source()), index(scope, sources.ids())));
        NDArray s = GraphOps.gatherRows(transformed, index(scope, sources.positions()));
        NDArray t = GraphOps.gatherRows(h.get(r.target()), index(scope, dst));
        return ScalarOps.div(scorer.scoreTransformed(s, t), temperature);
    }

    private NDArray discriminate(
            PretrainBatch batch,
            List<Picks> picks,
            List<FeatureObjective.Step> featureSteps,
            NDManager scope,
            float temperature,
            boolean training,
            Map<String, Double> stats,
            Map<LossTerm, NDArray> terms) {
        PretrainMethod method = config.method();
        boolean heldOut = variant.heldOutDiscrimination();
        Subgraph withGenerated =
                method.discriminatesEdges() && !heldOut ? addGenerated(batch.unmasked(), picks) : batch.unmasked();
        GraphBatch discBatch = new GraphBatch(scope, graph, withGenerated);
        List<FeatureObjective.Step> discriminated = method.discriminatesFeatures() ? featureSteps : List.of();
        for (FeatureObjective.Step step : discriminated) {
            step.corrupt(discBatch);
        }
        Map<String, NDArray> h = networks.discriminator().forward(discBatch, training);
        NDArray loss = null;
        if (method.discriminatesEdges() && !picks.isEmpty()) {
            loss = edgeDiscriminationLoss(picks, h, scope, temperature, stats);
            putTerm(terms, LossTerm.of(LossTerm.Network.DISCRIMINATOR, "edge"), loss);
        }
        for (FeatureObjective.Step step : discriminated) {
            FeatureObjective.Term term = step.discriminate(h);
            loss = add(loss, term.loss());
            putTerm(terms, LossTerm.of(LossTerm.Network.DISCRIMINATOR, step.kind()), term.loss());
            stats.putAll(term.stats());
        }
        return loss;
    }

    private boolean sums() {
        return variant.reduction() == LossReduction.SUM;
    }

    private static void putTerm(Map<LossTerm, NDArray> terms, LossTerm name, NDArray term) {
        if (term != null) {
            terms.put(name, term);
        }
    }

    private static NDArray add(NDArray sum, NDArray term) {
        return term == null ? sum : sum == null ? term : sum.add(term);
    }

    private NDArray edgeDiscriminationLoss(
            List<Picks> picks, Map<String, NDArray> h, NDManager scope, float temperature, Map<String, Double> stats) {
        NDArray sum = null;
        long count = 0;
        BinaryCounts counts = new BinaryCounts();
        for (Picks p : picks) {
            MaskedRelation m = p.relation();
            int n = m.size();
            // the paper's positives are E_u^d, in the discriminator's input; held out, the masked edges
            int[] positiveSources = variant.heldOutDiscrimination() ? m.sources() : m.keptSources();
            int[] positiveTargets = variant.heldOutDiscrimination() ? m.targets() : m.keptTargets();
            int k = positiveSources.length;
            int[] src = new int[n + k];
            int[] dst = new int[n + k];
            float[] labels = new float[n + k];
            for (int i = 0; i < n; i++) {
                src[i] = m.candidates()[i * m.width() + p.slots()[i]];
                dst[i] = m.targets()[i];
                labels[i] = electraLabel(p.slots()[i]);
            }
            System.arraycopy(positiveSources, 0, src, n, k);
            System.arraycopy(positiveTargets, 0, dst, n, k);
            Arrays.fill(labels, n, n + k, 1f);
            NDArray logits = pairLogits(m.relation(), src, dst, h, networks.discriminatorEdges(), scope, temperature);
            NDArray loss = Losses.binaryCrossEntropyWithLogits(logits, scope.create(labels))
                    .sum();
            sum = sum == null ? loss : sum.add(loss);
            count += n + k;
            counts.add(logits.toFloatArray(), labels, null);
        }
        if (sum == null) {
            return null;
        }
        NDArray loss = sums() ? sum : ScalarOps.div(sum, count);
        stats.put(PretrainMetrics.DISC_EDGE_LOSS, (double) loss.getFloat());
        counts.putInto(
                stats, PretrainMetrics.DISC_ACCURACY, PretrainMetrics.DISC_TRIVIAL_RATE, PretrainMetrics.DISC_MARGIN);
        return loss;
    }

    /**
     * The ELECTRA labelling rule: a generated edge is "original" (label 1) when the generator
     * picked the true source (slot 0), "generated" (label 0) otherwise.
     */
    static float electraLabel(int slot) {
        return slot == 0 ? 1f : 0f;
    }

    /**
     * E_u plus the generated edges (ŝ, t), added to every copy of their relation (its reverse, itself
     * reversed when stored both ways, an inverse relation) as a true edge is stored.
     */
    static Subgraph addGenerated(Subgraph unmasked, List<Picks> picks) {
        Map<RelationType, EdgeList> replaced = new LinkedHashMap<>();
        for (Picks p : picks) {
            MaskedRelation m = p.relation();
            int n = m.size();
            int[] src = new int[n];
            for (int i = 0; i < n; i++) {
                src[i] = m.candidates()[i * m.width() + p.slots()[i]];
            }
            Map<RelationType, int[][]> added = new LinkedHashMap<>();
            for (EdgeCopy copy : m.copies()) {
                if (!unmasked.edgeMap().containsKey(copy.relation())) {
                    continue;
                }
                int[] s = copy.transposed() ? m.targets() : src;
                int[] t = copy.transposed() ? src : m.targets();
                added.merge(copy.relation(), new int[][] {s, t}, (a, b) ->
                        new int[][] {concat(a[0], b[0]), concat(a[1], b[1])});
            }
            added.forEach((relation, st) -> replaced.put(relation, append(unmasked.edges(relation), st[0], st[1])));
        }
        return unmasked.withEdges(replaced);
    }

    private static EdgeList append(EdgeList edges, int[] src, int[] dst) {
        return EdgeList.sorted(concat(edges.src(), src), concat(edges.dst(), dst));
    }

    private void coverage(PretrainBatch batch, List<Picks> picks, Map<String, Double> stats) {
        if (batch.totalEdges() == 0) {
            return;
        }
        long correct = 0;
        for (Picks p : picks) {
            for (int slot : p.slots()) {
                correct += slot == 0 ? 1 : 0;
            }
        }
        double seen = batch.totalEdges() - batch.maskedEdges();
        double gen = seen / batch.totalEdges();
        double disc = config.method().discriminatesEdges() ? (seen + correct) / batch.totalEdges() : gen;
        stats.put(PretrainMetrics.GEN_COVERAGE, gen);
        stats.put(PretrainMetrics.DISC_COVERAGE, disc);
        stats.put(PretrainMetrics.COVERAGE_RATIO, gen == 0 ? Double.NaN : disc / gen);
    }

    private static double accuracy(List<Picks> picks) {
        long right = 0;
        long all = 0;
        for (Picks p : picks) {
            for (int slot : p.slots()) {
                right += slot == 0 ? 1 : 0;
                all++;
            }
        }
        return all == 0 ? Double.NaN : (double) right / all;
    }

    private static NDArray index(NDManager scope, int[] ids) {
        return GraphOps.index(scope, ids);
    }

    private static int[] concat(int[] a, int[] b) {
        int[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
