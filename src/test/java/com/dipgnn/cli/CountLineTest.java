package com.dipgnn.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import org.junit.jupiter.api.Test;

/** A count's line says how long it has run and, once it has a pace, how long is left. */
class CountLineTest {

    @Test
    void theTimeLeftIsTheMeanTimeAnItemTimesTheItemsToGo() {
        long[] now = {1_000_000_000L};
        CountLine line = new CountLine(new PrintStream(new ByteArrayOutputStream()), () -> now[0]);
        assertThat(line.text("embedding", 0, 5000)).isEqualTo("embedding 0/5000 elapsed 0s");
        now[0] += 4_000_000_000L; // worked by hand: 1,000 items in 4 s, 4,000 to go at 4 ms each -> 16 s
        assertThat(line.text("embedding", 1000, 5000)).isEqualTo("embedding 1000/5000 elapsed 4s, 16s left");
        now[0] += 16_000_000_000L;
        assertThat(line.text("embedding", 5000, 5000)).isEqualTo("embedding 5000/5000 elapsed 20s");
        // a new phase starts its own clock at its first count (10 of 40 already done): no pace yet
        now[0] += 3_000_000_000L;
        assertThat(line.text("indexing", 10, 40)).isEqualTo("indexing 10/40 elapsed 0s");
        now[0] += 2_000_000_000L; // 10 more in 2 s: 0.2 s each, 20 to go -> 4 s
        assertThat(line.text("indexing", 20, 40)).isEqualTo("indexing 20/40 elapsed 2s, 4s left");
    }
}
