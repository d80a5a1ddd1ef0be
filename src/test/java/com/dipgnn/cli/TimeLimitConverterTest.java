package com.dipgnn.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

/** Time limits as people write them. */
class TimeLimitConverterTest {

    private final TimeLimitConverter converter = new TimeLimitConverter();

    @Test
    void readsSecondsMinutesHoursAndIso() {
        assertThat(converter.convert("90")).isEqualTo(Duration.ofSeconds(90));
        assertThat(converter.convert("90s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(converter.convert("10m")).isEqualTo(Duration.ofMinutes(10));
        assertThat(converter.convert("1.5h")).isEqualTo(Duration.ofMinutes(90));
        assertThat(converter.convert("PT2M")).isEqualTo(Duration.ofMinutes(2));
        assertThat(converter.convert(" 2M ")).as("case and spaces").isEqualTo(Duration.ofMinutes(2));
    }

    @Test
    void refusesWhatIsNotAPositiveTime() {
        for (String bad : new String[] {"0", "0s", "-5m", "ten minutes", "10d", "P"}) {
            assertThatThrownBy(() -> converter.convert(bad))
                    .as(bad)
                    .isInstanceOf(TypeConversionException.class)
                    .hasMessageContaining("'" + bad + "' is not a time limit")
                    .hasMessageContaining("10m");
        }
    }
}
