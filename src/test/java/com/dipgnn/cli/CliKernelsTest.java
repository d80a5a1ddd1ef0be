package com.dipgnn.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.model.AggregationKernel;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code --kernels}, given to any command, chooses the process's aggregation kernel; an unknown one is a usage error. */
class CliKernelsTest {

    private final AggregationKernel before = AggregationKernel.current();

    @AfterEach
    void restoreTheProcesssKernel() {
        AggregationKernel.use(before);
    }

    @Test
    void aCommandsKernelsOptionChoosesTheKernel() {
        Cli.commandLine(false).parseArgs("finetune", "--kernels", "torchscript");
        assertThat(AggregationKernel.current()).isEqualTo(AggregationKernel.TORCHSCRIPT);
        Cli.commandLine(false).parseArgs("pretrain", "--kernels", "COO", "--save", "unused-model-dir");
        assertThat(AggregationKernel.current()).isEqualTo(AggregationKernel.COO);
    }

    @Test
    void anUnknownKernelIsAUsageErrorNamingTheChoices() {
        AggregationKernel.use(AggregationKernel.COO); // not the default, so "unchanged" below means something
        CommandLine cli = Cli.commandLine(false);
        StringWriter err = new StringWriter();
        cli.setErr(new PrintWriter(err));
        CommandLine finetune = cli.getSubcommands().get("finetune");
        finetune.setErr(new PrintWriter(err));
        int code = cli.execute("finetune", "--kernels", "cuda");
        assertThat(code).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(err.toString()).contains("cuda").contains("coo or torchscript");
        assertThat(AggregationKernel.current()).isEqualTo(AggregationKernel.COO);
    }

    @Test
    void optionsBeforeTheCommandWordStillMakeACommandLineNotAServiceStart() {
        assertThat(Cli.isCommandLine(new String[] {"--kernels", "coo", "finetune", "--dataset", "x"}))
                .isTrue();
        assertThat(Cli.isCommandLine(new String[] {"--kernels=torchscript", "--verbose", "bench"}))
                .isTrue();
        assertThat(Cli.isCommandLine(new String[] {"finetune"})).isTrue();
        assertThat(Cli.isCommandLine(new String[] {"--kernels", "coo"})).isFalse();
        assertThat(Cli.isCommandLine(new String[] {"--server.port=9000"})).isFalse();
        assertThat(Cli.isCommandLine(new String[] {})).isFalse();
    }
}
