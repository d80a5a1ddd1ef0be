package com.dipgnn.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextNormalizerTest {

    private final TextNormalizer normalizer = new TextNormalizer();

    @Test
    void lowerCasesAndDropsPunctuation() {
        assertThat(normalizer.tokens("Some Philosophical Problems, with KL-ONE (2nd ed.)."))
                .containsExactly("some", "philosophical", "problems", "with", "kl", "one", "2nd", "ed");
    }

    @Test
    void appliesNfkc() {
        // full-width letters, the "ﬁ" ligature and a superscript digit fold to their plain forms
        assertThat(normalizer.tokens("ＡＢＣ ﬁle x²")).containsExactly("abc", "file", "x2");
        // a decomposed é (e + combining acute) composes to one token
        assertThat(normalizer.tokens("Caf\u0065\u0301 Zürich")).containsExactly("café", "zürich");
    }

    @Test
    void splitsOnAnyWhitespaceAndEscapesAlreadyUnescaped() {
        assertThat(normalizer.tokens("line one\nline\ttwo\r\n  ")).containsExactly("line", "one", "line", "two");
        assertThat(normalizer.tokens("accessibility::input")).containsExactly("accessibility", "input");
    }

    @Test
    void keepsNonLatinScriptsAndDigits() {
        assertThat(normalizer.tokens("Ωmega 東京 2014")).containsExactly("ωmega", "東京", "2014");
    }

    @Test
    void emptyOrNullGivesNoTokens() {
        assertThat(normalizer.tokens(null)).isEmpty();
        assertThat(normalizer.tokens("")).isEmpty();
        assertThat(normalizer.tokens(" ... -- ")).isEmpty();
    }
}
