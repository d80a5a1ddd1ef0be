package com.dipgnn.finetuning;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.split.LinkSplit;
import com.dipgnn.ranking.Interactions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the link task's full ranking leaves out and renumbers, on a graph worked by hand: user 0
 * clicked items 0 and 1, user 1 item 2 (the structure); validation holds out (1, 3), test (0, 2).
 */
class LinkFullRankingTest {

    private static final RelationType CLICKED = new RelationType("user", "clicked", "item");

    @Test
    void testLeavesOutTheKnownAndValidationEdgesAndValidationOnlyTheKnownWhenItSelects() {
        LinkFullRanking ranking = new LinkFullRanking(split(), new float[4]);
        assertThat(pairs(ranking.exclusions(EvalSplit.VAL, true))).containsExactly("0-0", "0-1", "1-2");
        assertThat(pairs(ranking.exclusions(EvalSplit.TEST, false))).containsExactly("0-0", "0-1", "1-2", "1-3");
        assertThat(ranking.exclusions(EvalSplit.VAL, false)).isNull(); // validation ranks fully only to select
        assertThat(ranking.exclusions(EvalSplit.TRAIN, true)).isNull();
    }

    @Test
    void fullRankingNeedsAtMostTheLimitOfCandidates() {
        HeteroGraph atLimit = items(LinkFullRanking.MAX_CANDIDATES);
        HeteroGraph overLimit = items(LinkFullRanking.MAX_CANDIDATES + 1);
        assertThat(LinkFullRanking.ranksFully(atLimit, CLICKED)).isTrue();
        assertThat(LinkFullRanking.ranksFully(overLimit, CLICKED)).isFalse();
    }

    @Test
    void pairsAreRenumberedByTheirAnchorsPositionAndOtherAnchorsDropped() {
        // anchors 2 and 5 become 0 and 1; the pair of anchor 1 is dropped
        Interactions local =
                LinkFullRanking.localUsers(new int[] {2, 5}, new int[] {5, 1, 2, 5}, new int[] {7, 8, 9, 6}, 10);
        assertThat(local.users()).isEqualTo(2);
        assertThat(pairs(local)).containsExactly("0-9", "1-6", "1-7");
    }

    private static LinkSplit split() {
        HeteroGraph structure = new GraphBuilder("tiny")
                .addNodes(NodeTable.ofCount("user", 2))
                .addNodes(NodeTable.ofCount("item", 4))
                .addEdges(CLICKED, new int[] {0, 0, 1}, new int[] {0, 1, 2}, null, true)
                .build();
        return new LinkSplit(
                CLICKED,
                structure,
                new LinkSplit.Edges(new int[] {0, 0, 1}, new int[] {0, 1, 2}),
                new LinkSplit.Edges(new int[] {1}, new int[] {3}),
                new LinkSplit.Edges(new int[] {0}, new int[] {2}));
    }

    private static HeteroGraph items(int count) {
        return new GraphBuilder("items")
                .addNodes(NodeTable.ofCount("user", 1))
                .addNodes(NodeTable.ofCount("item", count))
                .addEdges(CLICKED, new int[] {0}, new int[] {0}, null, true)
                .build();
    }

    private static List<String> pairs(Interactions pairs) {
        List<String> out = new ArrayList<>();
        int[] users = pairs.userColumn();
        int[] items = pairs.itemColumn();
        for (int e = 0; e < users.length; e++) {
            out.add(users[e] + "-" + items[e]);
        }
        return out;
    }
}
