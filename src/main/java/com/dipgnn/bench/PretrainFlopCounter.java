package com.dipgnn.bench;

import com.dipgnn.graph.RelationType;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.TransformerConfig;
import com.dipgnn.pretraining.MaskedRelation;
import com.dipgnn.pretraining.MaskedTexts;
import com.dipgnn.pretraining.PretrainBatch;
import com.dipgnn.pretraining.PretrainMethod;
import com.dipgnn.sampling.EdgeList;
import com.dipgnn.sampling.Subgraph;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Analytic forward FLOPs of one pre-training step, counted like {@link FlopCounter} (2 per
 * multiply-add, matrix and per-edge products only): the generator encoder on E_u, its candidate
 * scoring (W h for every sampled source node, then a distinct targets x sources product), its feature
 * regression heads, the discriminator encoder on E_u plus E_g, its one-logit feature heads and its
 * edge pair scoring on E_g and E_u^d. A step is 3 forward passes, as there. Covers the methods
 * with a trained or random generator and a discriminator (DiP-GNN and its ablations); not GAE.
 */
public final class PretrainFlopCounter {

    /**
     * The forward FLOPs of one step by part.
     *
     * @param generatorEncoder generator encoder on E_u
     * @param generatorScoring candidate logits of every masked edge
     * @param generatorFeatures feature regression heads (hidden to feature width, every node of a masked type)
     * @param discriminatorEncoder discriminator encoder on E_u plus E_g
     * @param discriminatorFeatures replaced-feature heads (hidden to 1)
     * @param discriminatorEdges pair scores of E_g and E_u^d
     * @param text the text pair: both Transformers over every padded position, the generator's
     *     vocabulary softmax at masked positions and the discriminator's per-token logit (0 without text)
     */
    public record Breakdown(
            double generatorEncoder,
            double generatorScoring,
            double generatorFeatures,
            double discriminatorEncoder,
            double discriminatorFeatures,
            double discriminatorEdges,
            double text) {

        /** Forward FLOPs of the whole step. */
        public double forward() {
            return generatorEncoder
                    + generatorScoring
                    + generatorFeatures
                    + discriminatorEncoder
                    + discriminatorFeatures
                    + discriminatorEdges
                    + text;
        }

        /** FLOPs of a training step: forward plus a backward pass of twice its work. */
        public double step() {
            return 3 * forward();
        }
    }

    private PretrainFlopCounter() {}

    /** Forward FLOPs of {@code method} on a prepared batch without texts. */
    public static Breakdown count(PretrainMethod method, GraphSchema schema, ModelConfig model, PretrainBatch batch) {
        return count(method, schema, model, batch, null, 0);
    }

    /**
     * Forward FLOPs of {@code method} on a prepared batch, its texts run through a text pair of shape
     * {@code pair} over a vocabulary of {@code vocabulary} entries (ignored when the batch has no texts).
     */
    public static Breakdown count(
            PretrainMethod method,
            GraphSchema schema,
            ModelConfig model,
            PretrainBatch batch,
            TransformerConfig pair,
            int vocabulary) {
        if (method == PretrainMethod.GAE || !method.hasDiscriminator()) {
            throw new IllegalArgumentException(
                    "the pre-training FLOP count covers DiP-GNN and its ablations, not " + method.cliName());
        }
        long d = model.hidden();
        Subgraph unmasked = batch.unmasked();
        boolean trainedEdges = method.generatesEdges();
        boolean edges = trainedEdges || method.randomEdges();
        double genEncoder = method.hasGenerator() ? FlopCounter.encoderFlops(schema, model, unmasked) : 0;
        double scoring = 0;
        double pairs = 0;
        for (MaskedRelation m : batch.masked()) {
            long sources = unmasked.numNodes(m.relation().source());
            long targets = Arrays.stream(m.targets()).distinct().count(); // each distinct target scored once
            scoring += trainedEdges ? 2.0 * (sources * d * d + targets * sources * d) : 0;
            long scored = (long) m.size() + m.keptSources().length;
            // W h(s) once per distinct source: at most one per sampled source node (the generated
            // sources are only known at run time, so the bound is counted)
            long transformed = Math.min(scored, sources);
            pairs += method.discriminatesEdges() ? 2.0 * (transformed * d * d + scored * d) : 0;
        }
        double genFeatures = 0;
        double discFeatures = 0;
        if (method.generatesFeatures()) {
            for (String type : batch.featureMasked().keySet()) {
                long rows = unmasked.numNodes(type);
                int width = schema.featureDims().getOrDefault(type, 0);
                genFeatures += width > 0 ? 2.0 * rows * d * width : 0;
                discFeatures += width > 0 && method.discriminatesFeatures() ? 2.0 * rows * d : 0;
            }
        }
        Subgraph discGraph = method.discriminatesEdges() ? withMaskedEdges(batch) : unmasked;
        double discEncoder = FlopCounter.encoderFlops(schema, model, discGraph);
        double text = 0;
        for (MaskedTexts t : batch.texts()) {
            text += textFlops(t, pair, d, vocabulary, method.discriminatesFeatures());
        }
        return new Breakdown(genEncoder, scoring, genFeatures, discEncoder, discFeatures, pairs, text);
    }

    /**
     * One type's texts: per network, the input projection ([h(n), emb] to the width), per layer the
     * Q, K, V and output maps, the attention scores and their weighted sum over the padded length,
     * and the feed-forward block; then the generator's tied vocabulary logits at masked positions
     * and the discriminator's one logit per position.
     */
    static double textFlops(MaskedTexts t, TransformerConfig pair, long hidden, int vocabulary, boolean discriminator) {
        long rows = t.original().batchSize();
        long length = t.original().length();
        long positions = rows * length;
        long w = pair.width();
        double perNetwork = 2.0 * positions * (hidden + w) * w
                + pair.layers()
                        * (2.0 * positions * 4 * w * w
                                + 2.0 * 2 * rows * length * length * w
                                + 2.0 * positions * 2 * w * pair.feedForward());
        double generator = perNetwork + 2.0 * t.maskedCount() * w * vocabulary;
        return discriminator ? generator + perNetwork + 2.0 * positions * w : generator;
    }

    /**
     * E_u with every masked edge put back with its true source, in both directions as the
     * objective adds generated edges: the same node set and edge counts per relation as the
     * discriminator's graph E_u plus E_g, whatever sources the generator picks.
     */
    static Subgraph withMaskedEdges(PretrainBatch batch) {
        Subgraph unmasked = batch.unmasked();
        Map<RelationType, EdgeList> restored = new LinkedHashMap<>();
        for (MaskedRelation m : batch.masked()) {
            RelationType r = m.relation();
            if (m.symmetric()) {
                restored.put(
                        r,
                        append(unmasked.edges(r), concat(m.sources(), m.targets()), concat(m.targets(), m.sources())));
            } else {
                restored.put(r, append(unmasked.edges(r), m.sources(), m.targets()));
                if (unmasked.edgeMap().containsKey(r.reverse())) {
                    restored.put(r.reverse(), append(unmasked.edges(r.reverse()), m.targets(), m.sources()));
                }
            }
        }
        return unmasked.withEdges(restored);
    }

    private static EdgeList append(EdgeList edges, int[] src, int[] dst) {
        return EdgeList.sorted(concat(edges.src(), src), concat(edges.dst(), dst));
    }

    private static int[] concat(int[] a, int[] b) {
        int[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
