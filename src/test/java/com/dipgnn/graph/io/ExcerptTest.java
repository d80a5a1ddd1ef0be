package com.dipgnn.graph.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ExcerptTest {

    @Test
    void shortValuesAreQuotedAsTheyAre() {
        assertThat(Excerpt.of("P1")).isEqualTo("'P1'");
        assertThat(Excerpt.of("café")).isEqualTo("'café'");
    }

    @Test
    void invisibleCharactersAndQuotesAreEscaped() {
        assertThat(Excerpt.of("a\tb\nc\r\u0000\u200b'\\")).isEqualTo("'a\\tb\\nc\\r\\u0000\\u200b\\'\\\\'");
    }

    @Test
    void longValuesShowTheirFirstFortyCharactersAndTheirLength() {
        String value = "0123456789".repeat(10);
        assertThat(Excerpt.of(value)).isEqualTo("'" + value.substring(0, 40) + "'... (100 characters)");
    }

    @Test
    void listsShowEightValues() {
        List<String> ten = List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j");
        assertThat(Excerpt.ofAll(ten)).isEqualTo("'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', ... (10 in all)");
        assertThat(Excerpt.ofAll(List.of("src", "target"))).isEqualTo("'src', 'target'");
    }
}
