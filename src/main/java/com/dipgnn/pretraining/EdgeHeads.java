package com.dipgnn.pretraining;

import com.dipgnn.graph.RelationType;
import com.dipgnn.model.CosineScorer;
import com.dipgnn.model.GraphModule;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One trainable cosine d per masked relation (the generator's or the discriminator's). */
public final class EdgeHeads extends GraphModule {

    private final Map<RelationType, CosineScorer> scorers = new LinkedHashMap<>();

    public EdgeHeads(List<RelationType> relations, int hidden) {
        for (RelationType r : relations) {
            scorers.put(r, addChild(r.key(), new CosineScorer(hidden)));
        }
    }

    public CosineScorer scorer(RelationType relation) {
        CosineScorer scorer = scorers.get(relation);
        if (scorer == null) {
            throw new IllegalArgumentException(
                    "no edge scorer for relation " + relation + "; the heads cover " + scorers.keySet());
        }
        return scorer;
    }
}
