package com.dipgnn.pretraining;

import java.util.Objects;

/**
 * One term of a pre-training step's total loss: the network its gradient trains and the name it
 * is reported under ({@code gen_edge}, {@code disc_feature}, {@code gae}, ...).
 *
 * @param network the network the term trains
 * @param name the term's name in figures (e.g. {@link GradientNorms#PREFIX} + name)
 */
public record LossTerm(Network network, String name) {

    /** The networks of pre-training a term can train. */
    public enum Network {
        /** The generator (GPT-GNN's and the auto-encoder's only network); its terms are named {@code gen_*}. */
        GENERATOR("gen_"),
        /** DiP-GNN's discriminator; its terms are named {@code disc_*}. */
        DISCRIMINATOR("disc_");

        private final String prefix;

        Network(String prefix) {
            this.prefix = prefix;
        }
    }

    /** The graph auto-encoder's reconstruction loss, which trains its one network. */
    public static final LossTerm GAE = new LossTerm(Network.GENERATOR, "gae");

    public LossTerm {
        Objects.requireNonNull(network, "network");
        Objects.requireNonNull(name, "name");
    }

    /** The term of {@code network} for what it learns ({@code edge}, {@code feature}, {@code text}). */
    public static LossTerm of(Network network, String what) {
        return new LossTerm(network, network.prefix + what);
    }
}
