package com.dipgnn.api;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;

/**
 * {@code dipgnn_inference_duration_seconds{endpoint,deployment,outcome}}: a latency histogram of
 * every inference call, per endpoint and deployment.
 */
@Component
public class InferenceMetrics {

    private final MeterRegistry meters;
    private final Map<String, Timer> timers = new ConcurrentHashMap<>();

    public InferenceMetrics(MeterRegistry meters) {
        this.meters = meters;
    }

    /** Runs {@code call}, timing it under the endpoint and deployment. */
    public <T> T time(String endpoint, String deployment, Supplier<T> call) {
        long start = System.nanoTime();
        String outcome = "error";
        try {
            T result = call.get();
            outcome = "success";
            return result;
        } finally {
            timer(endpoint, deployment, outcome).record(System.nanoTime() - start, java.util.concurrent.TimeUnit.NANOSECONDS);
        }
    }

    private Timer timer(String endpoint, String deployment, String outcome) {
        return timers.computeIfAbsent(endpoint + '|' + deployment + '|' + outcome, k -> Timer
                .builder("dipgnn.inference.duration").description("Inference latency")
                .tags("endpoint", endpoint, "deployment", deployment, "outcome", outcome)
                .publishPercentileHistogram().minimumExpectedValue(Duration.ofNanos(50_000))
                .maximumExpectedValue(Duration.ofSeconds(10)).register(meters));
    }
}
