package com.dipgnn.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SubwordPiecesTest {

    // graph and network are frequent words; graphs, networks, graphical are left out (seen once)
    private static final List<String> TEXTS = List.of("graph graph network network", "graphs networks graphical");

    private final Vocabulary vocabulary = Vocabulary.learn(TEXTS, new VocabularyConfig(1000, 2, 16, 100));

    @Test
    void piecesFollowTheWords() {
        assertThat(vocabulary.tokens().subList(4, 6)).containsExactly("graph", "network");
        List<String> pieces = vocabulary.tokens().subList(6, vocabulary.size());
        assertThat(pieces).contains("##s", "g", "gr", "##a").doesNotContain("graph", "network", "graphs");
        // every piece occurs at least minCount (2) times among the left-out words: "n" only in networks
        assertThat(pieces).doesNotContain("n", "##c");
        // single characters first
        int lastSingle = Math.max(pieces.indexOf("g"), pieces.indexOf("##s"));
        assertThat(lastSingle).isLessThan(pieces.indexOf("gr"));
    }

    @Test
    void unknownWordsAreSpelledLongestMatchFirst() {
        assertThat(vocabulary.ids("graph")).containsExactly(vocabulary.id("graph"));
        assertThat(vocabulary.ids("graphs")).containsExactly(vocabulary.id("graph"), vocabulary.id("##s"));
        assertThat(vocabulary.ids("networks")).containsExactly(vocabulary.id("network"), vocabulary.id("##s"));
        // 'z' was never seen: the word cannot be spelled and is [UNK] as a whole
        assertThat(vocabulary.ids("graphz")).containsExactly(Vocabulary.UNK);
    }

    @Test
    void pieceBudgetIsRespected() {
        Vocabulary small = Vocabulary.learn(TEXTS, new VocabularyConfig(1000, 2, 16, 3));
        assertThat(small.size()).isEqualTo(4 + 2 + 3);
        Vocabulary capped = Vocabulary.learn(TEXTS, new VocabularyConfig(8, 2, 16, 3));
        assertThat(capped.size()).isEqualTo(8);
        assertThat(capped.tokens().subList(4, 5)).containsExactly("graph");
    }

    @Test
    void tokenizerSpellsAndTruncatesInsideAWord() {
        Tokenizer tokenizer = new Tokenizer(vocabulary);
        int graph = vocabulary.id("graph");
        int s = vocabulary.id("##s");
        assertThat(tokenizer.encode("Graphs, graph!")).containsExactly(Vocabulary.CLS, graph, s, graph);
        assertThat(new Tokenizer(vocabulary, 2).encode("graphs")).containsExactly(Vocabulary.CLS, graph);
    }

    @Test
    void wordLevelVocabularyNeverSpells() {
        Vocabulary words = Vocabulary.learn(TEXTS, new VocabularyConfig(1000, 2, 16, 0));
        assertThat(words.size()).isEqualTo(6);
        assertThat(words.ids("graphs")).containsExactly(Vocabulary.UNK);
    }
}
