package com.dipgnn.cli;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** DIPGNN_THREADS: a thread count, or unset for the cores the load leaves free; anything else is refused with the fix. */
class CliThreadsTest {

    @Test
    void unsetLeavesPyTorchsDefaultAndANonNumberIsRefusedWithTheFix() {
        assertThatCode(() -> Cli.applyThreads(null)).doesNotThrowAnyException();
        assertThatCode(() -> Cli.applyThreads(" ")).doesNotThrowAnyException();
        assertThatThrownBy(() -> Cli.applyThreads("two"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("DIPGNN_THREADS='two'")
                .hasMessageContaining("such as 2");
        assertThatThrownBy(() -> Cli.applyThreads("0"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least one thread");
    }
}
