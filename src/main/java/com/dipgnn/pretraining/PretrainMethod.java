package com.dipgnn.pretraining;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.naming.EnumNames;
import com.dipgnn.text.TextInputs;
import java.util.Locale;

/**
 * A pre-training method: DiP-GNN, its ablations and the baselines it is compared with. Each is a
 * choice of which loss terms are trained and which encoder is kept for fine-tuning.
 */
public enum PretrainMethod {
    /** No pre-training: fine-tuning starts from random weights. */
    NONE(false, false, false, false, false, Kept.NONE),
    /** DiP-GNN: edge and feature generator, edge and feature discriminator; the discriminator is kept. */
    DIPGNN(true, true, true, true, false, Kept.DISCRIMINATOR),
    /** Ablation: DiP-GNN without the text pair (edges and vector features only). */
    DIPGNN_NO_TEXT(true, true, true, true, false, Kept.DISCRIMINATOR),
    /** Ablation: edges only. */
    DIPGNN_EDGES(true, false, true, false, false, Kept.DISCRIMINATOR),
    /** Ablation: features only. */
    DIPGNN_FEATURES(false, true, false, true, false, Kept.DISCRIMINATOR),
    /** Ablation: generated edges drawn uniformly from each candidate set instead of by a trained generator. */
    RANDOM_EDGES(false, true, true, true, true, Kept.DISCRIMINATOR),
    /** GPT-GNN-style generative pre-training (edge and attribute generation); the generator is kept. */
    GPT_GNN(true, true, false, false, false, Kept.GENERATOR),
    /** A graph auto-encoder: reconstruct masked edges against sampled non-edges; the encoder is kept. */
    GAE(false, false, false, false, false, Kept.GENERATOR);

    private static final EnumNames<PretrainMethod> NAMES =
            EnumNames.of(PretrainMethod.class, "pre-training method").build();

    /** Which encoder a method hands to fine-tuning. */
    public enum Kept {
        NONE,
        GENERATOR,
        DISCRIMINATOR
    }

    private final boolean generatesEdges;
    private final boolean generatesFeatures;
    private final boolean discriminatesEdges;
    private final boolean discriminatesFeatures;
    private final boolean randomEdges;
    private final Kept kept;

    PretrainMethod(
            boolean generatesEdges,
            boolean generatesFeatures,
            boolean discriminatesEdges,
            boolean discriminatesFeatures,
            boolean randomEdges,
            Kept kept) {
        this.generatesEdges = generatesEdges;
        this.generatesFeatures = generatesFeatures;
        this.discriminatesEdges = discriminatesEdges;
        this.discriminatesFeatures = discriminatesFeatures;
        this.randomEdges = randomEdges;
        this.kept = kept;
    }

    /** Trains the edge generator (softmax over each masked edge's candidates). */
    public boolean generatesEdges() {
        return generatesEdges;
    }

    /** Trains the vector feature generator (regression of hidden features). */
    public boolean generatesFeatures() {
        return generatesFeatures;
    }

    /**
     * Trains the text generator / discriminator pair on graphs with text (every method that
     * generates features, but {@link #DIPGNN_NO_TEXT}).
     */
    public boolean usesText() {
        return generatesFeatures && this != DIPGNN_NO_TEXT;
    }

    /** Whether the method learns from edges (generates, discriminates or reconstructs them). */
    public boolean usesEdges() {
        return generatesEdges || discriminatesEdges || this == GAE;
    }

    /**
     * Checks that {@code graph} has what the method learns from: edges for the methods that
     * {@link #usesEdges() use them}, else node features, or text for the methods that
     * {@link #usesText() read it} (text-only types get features derived from their text).
     *
     * @throws IllegalArgumentException naming the method, the graph and a method that would work
     */
    public void requireSomethingToLearn(HeteroGraph graph) {
        if (usesEdges()) {
            if (graph.totalEdges() == 0) {
                throw new IllegalArgumentException("method '" + cliName() + "' learns from edges, but graph '"
                        + graph.name() + "' has none; use dipgnn-features");
            }
            return;
        }
        boolean features =
                graph.nodeTypes().stream().anyMatch(t -> graph.nodes(t).featureDim() > 0);
        if (!features && !(usesText() && TextInputs.hasText(graph))) {
            throw new IllegalArgumentException("method '" + cliName() + "' learns from node features"
                    + (usesText() ? " or text" : "") + ", but graph '" + graph.name() + "' has none; use dipgnn "
                    + "or dipgnn-edges");
        }
    }

    /** Trains the edge discriminator on E_g and E_u^d. */
    public boolean discriminatesEdges() {
        return discriminatesEdges;
    }

    /** Trains the feature discriminator (which nodes' features were replaced). */
    public boolean discriminatesFeatures() {
        return discriminatesFeatures;
    }

    /** Generated edges come from a uniform draw, not the generator. */
    public boolean randomEdges() {
        return randomEdges;
    }

    /** Whether a discriminator network exists at all. */
    public boolean hasDiscriminator() {
        return kept == Kept.DISCRIMINATOR;
    }

    /** Whether a generator network (or, for GAE, the single encoder) exists and is trained. */
    public boolean hasGenerator() {
        return generatesEdges || generatesFeatures || this == GAE;
    }

    public Kept kept() {
        return kept;
    }

    /**
     * The network to keep: the method's own choice when {@code choice} is null, else
     * {@code generator} or {@code discriminator} (e.g. DiP-GNN's generator, for comparison).
     *
     * @throws IllegalArgumentException for another word, or a network the method does not train
     */
    public Kept keptNetwork(String choice) {
        if (choice == null) {
            return kept;
        }
        Kept which = EnumNames.forType(Kept.class).accepts(choice)
                ? EnumNames.forType(Kept.class).parse(choice)
                : Kept.NONE;
        if (which == Kept.NONE) {
            throw new IllegalArgumentException("keep must be " + EnumNames.nameOf(Kept.GENERATOR) + " or "
                    + EnumNames.nameOf(Kept.DISCRIMINATOR) + " (got '" + choice + "')");
        }
        boolean present = which == Kept.GENERATOR ? hasGenerator() : hasDiscriminator();
        if (!present) {
            throw new IllegalArgumentException(
                    "method '" + cliName() + "' trains no " + which.name().toLowerCase(Locale.ROOT) + "; keep its "
                            + kept.name().toLowerCase(Locale.ROOT) + " instead");
        }
        return which;
    }

    /** The command-line name: lower case with dashes ({@code dipgnn-edges}, {@code gpt-gnn}). */
    public String cliName() {
        return NAMES.name(this);
    }

    /** The name used in report tables. */
    public String displayName() {
        return switch (this) {
            case NONE -> "w/o pre-train";
            case DIPGNN -> "DiP-GNN";
            case DIPGNN_NO_TEXT -> "DiP-GNN (w/o text pair)";
            case DIPGNN_EDGES -> "DiP-GNN (edges only)";
            case DIPGNN_FEATURES -> "DiP-GNN (features only)";
            case RANDOM_EDGES -> "RandomEdges";
            case GPT_GNN -> "GPT-GNN";
            case GAE -> "GAE";
        };
    }

    /** Parses a {@link #cliName()} (or the enum name), with a clear error listing the choices. */
    public static PretrainMethod parse(String text) {
        return NAMES.parse(text);
    }
}
