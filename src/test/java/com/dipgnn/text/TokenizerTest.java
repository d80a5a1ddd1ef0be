package com.dipgnn.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TokenizerTest {

    private static final VocabularyConfig WORDS = VocabularyConfig.defaults().withMaxPieces(0);

    private final Vocabulary vocabulary =
            Vocabulary.learn(List.of("a b c d e f", "a b c d e f"), WORDS.withMaxLength(4));

    @Test
    void startsWithClsThenWordIds() {
        Tokenizer tokenizer = new Tokenizer(vocabulary, 16);
        int[] ids = tokenizer.encode("A, b? unknown");
        assertThat(ids).containsExactly(Vocabulary.CLS, vocabulary.id("a"), vocabulary.id("b"), Vocabulary.UNK);
    }

    @Test
    void truncatesToMaxLengthClsIncluded() {
        Tokenizer tokenizer = new Tokenizer(vocabulary);
        assertThat(tokenizer.maxLength()).isEqualTo(4);
        assertThat(tokenizer.encode("a b c d e f"))
                .containsExactly(Vocabulary.CLS, vocabulary.id("a"), vocabulary.id("b"), vocabulary.id("c"));
        assertThat(new Tokenizer(vocabulary, 2).encode("f e")).containsExactly(Vocabulary.CLS, vocabulary.id("f"));
    }

    @Test
    void emptyTextIsClsOnly() {
        Tokenizer tokenizer = new Tokenizer(vocabulary);
        assertThat(tokenizer.encode(null)).containsExactly(Vocabulary.CLS);
        assertThat(tokenizer.encode(" ; ")).containsExactly(Vocabulary.CLS);
    }

    @Test
    void defaultMaxLengthComesFromTheConfig() {
        Vocabulary v = Vocabulary.learn(List.of("x x"), WORDS);
        assertThat(new Tokenizer(v).maxLength()).isEqualTo(VocabularyConfig.DEFAULT_MAX_LENGTH);
    }
}
