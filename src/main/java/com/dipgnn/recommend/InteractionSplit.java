package com.dipgnn.recommend;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.split.LinkSplit;
import com.dipgnn.ranking.Interactions;

/**
 * A transductive interaction split: users are the relation's source type, items its target type;
 * every node is kept and the held-out pairs are removed from the graph models may see.
 *
 * @param relation the user → item relation
 * @param structure the graph without validation and test pairs (all a model may learn from)
 * @param train training pairs
 * @param val validation pairs (carved out of the data set's training pairs)
 * @param test test pairs
 */
public record InteractionSplit(
        RelationType relation, HeteroGraph structure, Interactions train, Interactions val, Interactions test) {

    /** The split of a {@link LinkSplit} made with every node kept. */
    public static InteractionSplit of(LinkSplit split) {
        HeteroGraph g = split.structure();
        int users = g.numNodes(split.relation().source());
        int items = g.numNodes(split.relation().target());
        return new InteractionSplit(
                split.relation(),
                g,
                Interactions.of(users, items, split.train().src(), split.train().dst()),
                Interactions.of(users, items, split.val().src(), split.val().dst()),
                Interactions.of(users, items, split.test().src(), split.test().dst()));
    }

    public int users() {
        return train.users();
    }

    public int items() {
        return train.items();
    }

    /** Every pair of every split: never a sampled negative in evaluation. */
    public Interactions all() {
        return train.union(val).union(test);
    }
}
