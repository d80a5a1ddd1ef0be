package com.dipgnn.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.util.unit.DataSize;

/** {@code dipgnn.jobs.whole-graph-memory} bounds a job's whole-graph step: 8 GiB unless set; never negative. */
class WholeGraphMemoryPropertyTest {

    private static ServiceProperties bind(Map<String, String> values) {
        return new Binder(new MapConfigurationPropertySource(values)).bindOrCreate("dipgnn", ServiceProperties.class);
    }

    @Test
    void defaultsToEightGibibytesAndTakesASize() {
        assertThat(bind(Map.of()).jobs().wholeGraphMemory().toBytes()).isEqualTo(8L * 1024 * 1024 * 1024);
        assertThat(bind(Map.of("dipgnn.jobs.whole-graph-memory", "3GB")).jobs().wholeGraphMemory())
                .isEqualTo(DataSize.ofBytes(3L * 1024 * 1024 * 1024));
        assertThat(bind(Map.of("dipgnn.jobs.whole-graph-memory", "0"))
                        .jobs()
                        .wholeGraphMemory()
                        .toBytes())
                .isZero();
    }

    @Test
    void aNegativeSizeIsRefusedWithWhatZeroMeans() {
        assertThatThrownBy(() -> bind(Map.of("dipgnn.jobs.whole-graph-memory", "-1GB")))
                .hasStackTraceContaining("dipgnn.jobs.whole-graph-memory must not be negative")
                .hasStackTraceContaining("0 trains every job on sampled subgraphs");
    }
}
