package com.dipgnn.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.model.AggregationKernel;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * {@code dipgnn.kernels}: the TorchScript path unless set; {@code coo} or {@code torchscript} as
 * written in a properties file; nothing else. The service applies it when it picks the device, compiling the TorchScript
 * kernels there when they are chosen and logging it (CI's image check looks for that line).
 */
@ExtendWith(OutputCaptureExtension.class)
class KernelsPropertyTest {

    private static ServiceProperties bind(Map<String, String> values) {
        return new Binder(new MapConfigurationPropertySource(values)).bindOrCreate("dipgnn", ServiceProperties.class);
    }

    @Test
    void defaultsToTorchscriptAndTakesEither() {
        assertThat(bind(Map.of()).kernels()).isEqualTo(AggregationKernel.TORCHSCRIPT);
        assertThat(bind(Map.of("dipgnn.kernels", "coo")).kernels()).isEqualTo(AggregationKernel.COO);
        assertThat(bind(Map.of("dipgnn.kernels", "torchscript")).kernels()).isEqualTo(AggregationKernel.TORCHSCRIPT);
    }

    @Test
    void anUnknownKernelIsRefused() {
        assertThatThrownBy(() -> bind(Map.of("dipgnn.kernels", "cuda"))).hasStackTraceContaining("dipgnn.kernels");
    }

    @Test
    void theServiceLoadsTheChosenKernelsWhenItPicksTheDevice(CapturedOutput output) {
        AggregationKernel before = AggregationKernel.current();
        try {
            new EngineConfiguration().device("cpu", bind(Map.of("dipgnn.kernels", "coo")));
            assertThat(AggregationKernel.current()).isEqualTo(AggregationKernel.COO);
            assertThat(output)
                    .contains("message passing on the coo kernels")
                    .doesNotContain("TorchScript kernels loaded");

            new EngineConfiguration().device("cpu", bind(Map.of("dipgnn.kernels", "torchscript")));
            assertThat(AggregationKernel.current()).isEqualTo(AggregationKernel.TORCHSCRIPT);
            assertThat(output)
                    .contains("message passing on the torchscript kernels")
                    .containsPattern("TorchScript kernels loaded: compiled by libtorch in \\d+ ms");
        } finally {
            AggregationKernel.use(before);
        }
    }
}
