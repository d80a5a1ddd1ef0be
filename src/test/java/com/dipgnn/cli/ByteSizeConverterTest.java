package com.dipgnn.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

/** Memory sizes read as -Xmx reads them: binary units, any case, a bare number in bytes. */
class ByteSizeConverterTest {

    private final ByteSizeConverter converter = new ByteSizeConverter();

    @Test
    void unitsArePowersOf1024() {
        assertThat(converter.convert("1536")).isEqualTo(1_536L);
        assertThat(converter.convert("12B")).isEqualTo(12L);
        assertThat(converter.convert("3k")).isEqualTo(3_072L);
        assertThat(converter.convert("512MiB")).isEqualTo(536_870_912L);
        assertThat(converter.convert("512mb")).isEqualTo(536_870_912L);
        assertThat(converter.convert("8G")).isEqualTo(8_589_934_592L);
        assertThat(converter.convert(" 8 GiB ")).isEqualTo(8_589_934_592L);
        assertThat(converter.convert("2TB")).isEqualTo(2_199_023_255_552L);
        assertThat(converter.convert("0")).isZero();
    }

    @Test
    void whatIsNotASizeIsRefusedWithTheFormat() {
        for (String bad : new String[] {"", "-1G", "1.5G", "8 gigs", "G", "8PB"}) {
            assertThatThrownBy(() -> converter.convert(bad))
                    .as(bad)
                    .isInstanceOf(TypeConversionException.class)
                    .hasMessageContaining("is not a memory size")
                    .hasMessageContaining("8GiB");
        }
        assertThatThrownBy(() -> converter.convert("9000000000T"))
                .isInstanceOf(TypeConversionException.class)
                .hasMessageContaining("larger than 9223372036854775807 bytes");
    }
}
