package com.dipgnn.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class VocabularyTest {

    private static final VocabularyConfig WORDS = VocabularyConfig.defaults().withMaxPieces(0);

    private static final List<String> TEXTS = List.of(
            "graph neural networks", "Graph pre-training", "neural graph models", "zeta alpha", "alpha zeta", "once");

    @Test
    void specialsComeFirst() {
        Vocabulary v = Vocabulary.learn(TEXTS, WORDS);
        assertThat(v.tokens().subList(0, 4)).containsExactly("[PAD]", "[UNK]", "[CLS]", "[MASK]");
        assertThat(v.id("[PAD]")).isZero();
        assertThat(v.id("[MASK]")).isEqualTo(Vocabulary.MASK);
        assertThat(v.token(Vocabulary.CLS)).isEqualTo("[CLS]");
    }

    @Test
    void ordersByCountThenTokenAndDropsRareWords() {
        Vocabulary v = Vocabulary.learn(TEXTS, WORDS);
        // graph 3; neural 2, alpha 2, zeta 2 (ties by token); words seen once are dropped (min count 2)
        assertThat(v.tokens().subList(4, v.size())).containsExactly("graph", "alpha", "neural", "zeta");
        assertThat(v.id("once")).isEqualTo(Vocabulary.UNK);
        assertThat(v.id("never-seen")).isEqualTo(Vocabulary.UNK);
        assertThat(v.contains("once")).isFalse();
    }

    @Test
    void minCountOneKeepsEverything() {
        Vocabulary v = Vocabulary.learn(TEXTS, WORDS.withMinCount(1));
        assertThat(v.contains("once")).isTrue();
        assertThat(v.size()).isEqualTo(4 + 9);
    }

    @Test
    void sizeCapKeepsTheMostFrequent() {
        Vocabulary v = Vocabulary.learn(TEXTS, WORDS.withMaxSize(6));
        assertThat(v.size()).isEqualTo(6);
        assertThat(v.tokens().subList(4, 6)).containsExactly("graph", "alpha");
        assertThat(v.id("zeta")).isEqualTo(Vocabulary.UNK);
    }

    @Test
    void deterministicRegardlessOfInputOrder() {
        Vocabulary a = Vocabulary.learn(TEXTS, WORDS);
        List<String> reversed = new ArrayList<>(TEXTS);
        Collections.reverse(reversed);
        Vocabulary b = Vocabulary.learn(reversed, WORDS);
        assertThat(b.tokens()).isEqualTo(a.tokens());
        assertThat(b.fingerprint()).isEqualTo(a.fingerprint()).hasSize(16);
        Vocabulary other = Vocabulary.learn(List.of("something else", "something else"), WORDS);
        assertThat(other.fingerprint()).isNotEqualTo(a.fingerprint());
    }

    @Test
    void literalSpecialTokensInTextAreNotLearned() {
        Vocabulary v = Vocabulary.learn(List.of("[MASK] [MASK] pad pad"), WORDS);
        assertThat(v.tokens()).containsExactly("[PAD]", "[UNK]", "[CLS]", "[MASK]", "mask", "pad");
    }

    @Test
    void learnsFromEveryTextTypeOfAGraph() {
        HeteroGraph graph = SyntheticGraphs.queryProduct(7);
        Vocabulary v = Vocabulary.learn(graph, WORDS);
        assertThat(v.size()).isGreaterThan(Vocabulary.NUM_SPECIAL);
        for (String type : graph.nodeTypes()) {
            String[] text = graph.nodes(type).text();
            assertThat(text).as(type + " has text").isNotNull();
            long known = new TextNormalizer()
                    .tokens(text[0]).stream().filter(v::contains).count();
            assertThat(known)
                    .as("words of the first " + type + " text in the vocabulary")
                    .isPositive();
        }
    }

    @Test
    void ofRejectsABadTokenList() {
        assertThatThrownBy(() -> Vocabulary.of(List.of("a", "b"), WORDS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("[PAD]");
        assertThatThrownBy(() -> Vocabulary.of(List.of("[PAD]", "[UNK]", "[CLS]", "[MASK]", "x", "x"), WORDS))
                .hasMessageContaining("duplicate");
    }
}
