package com.dipgnn.api;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.springframework.context.annotation.Bean;

/**
 * A plain meter registry for web-layer slices, whose controllers count what they answer. Brought
 * in by {@code @Import}, which reads its {@code @Bean} methods without a configuration annotation
 * (so component scanning never picks it up for other tests).
 */
class SliceMeters {

    @Bean
    MeterRegistry meterRegistry() {
        return new SimpleMeterRegistry();
    }
}
