package com.dipgnn.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.model.AggregationKernel;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** {@code dipgnn.kernels}: the TorchScript path unless set; {@code coo} or {@code torchscript} as written in a properties file; nothing else. */
class KernelsPropertyTest {

    private static ServiceProperties bind(Map<String, String> values) {
        return new Binder(new MapConfigurationPropertySource(values)).bindOrCreate("dipgnn", ServiceProperties.class);
    }

    @Test
    void defaultsToCooAndTakesTorchscript() {
        assertThat(bind(Map.of()).kernels()).isEqualTo(AggregationKernel.TORCHSCRIPT);
        assertThat(bind(Map.of("dipgnn.kernels", "coo")).kernels()).isEqualTo(AggregationKernel.COO);
        assertThat(bind(Map.of("dipgnn.kernels", "torchscript")).kernels()).isEqualTo(AggregationKernel.TORCHSCRIPT);
    }

    @Test
    void anUnknownKernelIsRefused() {
        assertThatThrownBy(() -> bind(Map.of("dipgnn.kernels", "cuda"))).hasStackTraceContaining("dipgnn.kernels");
    }
}
