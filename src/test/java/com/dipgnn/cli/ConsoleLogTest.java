package com.dipgnn.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.logging.Handler;
import java.util.logging.LogManager;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** An engine log line printed while a terminal's bar is open starts on a line of its own, in one line. */
class ConsoleLogTest {

    private Handler[] before;

    @BeforeEach
    void keepTheRootHandlers() {
        before = LogManager.getLogManager().getLogger("").getHandlers();
    }

    @AfterEach
    void restoreTheRootHandlers() {
        Logger root = LogManager.getLogManager().getLogger("");
        for (Handler h : root.getHandlers()) {
            root.removeHandler(h);
        }
        for (Handler h : before) {
            root.addHandler(h);
        }
        ConsoleLog.barEnded();
    }

    @Test
    void aLogLineEndsTheOpenBarFirstAndTheBarGoesOnBelow() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        ConsoleLog.install(err);
        ProgressBar bar = new ProgressBar(err, "run 1/1", "mrr", true, () -> 0L);

        bar.onStep(1, 4, 0.5);
        Logger.getLogger("com.dipgnn.test").info("pre-training on g: the whole graph");
        bar.onStep(2, 4, 0.5);

        String text = bytes.toString(StandardCharsets.UTF_8);
        // the bar's line, a newline, the log record on one line, then the bar redrawn
        assertThat(text)
                .contains(
                        "step 1/4 loss 0.5000 mrr - (best -) elapsed 0s\nINFO: pre-training on g: the whole graph\n\r");
        assertThat(text.lines().filter(l -> l.contains("INFO")).count()).isEqualTo(1);
    }
}
