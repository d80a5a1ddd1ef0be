package com.dipgnn.pretraining;

import com.dipgnn.graph.RelationType;
import java.util.List;

/**
 * The masked edges of one relation in a pre-training batch, in the subgraph's local ids, with
 * what the generator and discriminator need for them.
 *
 * @param relation the relation the edges belong to (never a reverse relation)
 * @param symmetric whether the relation stores both directions of each pair itself (undirected)
 * @param sources local source id of each masked edge (s)
 * @param targets local target id of each masked edge (t)
 * @param candidates per masked edge, {@code width} local source ids, row-major: position 0 is the
 *     true source, the rest are negatives s' with (s', t) not an edge of the graph
 * @param valid per candidate slot, whether it holds a real candidate (false = padding, when the
 *     subgraph had fewer eligible negatives than asked for)
 * @param width candidates per masked edge (1 + negatives)
 * @param keptSources local sources of the unmasked edges sampled for the discriminator (E_u^d)
 * @param keptTargets their local targets
 * @param copies every relation that stores the relation's pairs ({@link RelationCopies}), the
 *     relation itself first; a relation absent from a subgraph is skipped
 */
public record MaskedRelation(
        RelationType relation,
        boolean symmetric,
        int[] sources,
        int[] targets,
        int[] candidates,
        boolean[] valid,
        int width,
        int[] keptSources,
        int[] keptTargets,
        List<EdgeCopy> copies) {

    /** Masked edges of a relation stored in itself both ways ({@code symmetric}) or else also in its reverse. */
    public MaskedRelation(
            RelationType relation,
            boolean symmetric,
            int[] sources,
            int[] targets,
            int[] candidates,
            boolean[] valid,
            int width,
            int[] keptSources,
            int[] keptTargets) {
        this(
                relation,
                symmetric,
                sources,
                targets,
                candidates,
                valid,
                width,
                keptSources,
                keptTargets,
                List.of(
                        new EdgeCopy(relation, false),
                        symmetric ? new EdgeCopy(relation, true) : new EdgeCopy(relation.reverse(), true)));
    }

    public int size() {
        return sources.length;
    }
}
