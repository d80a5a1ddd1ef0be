package com.dipgnn.api;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;

/**
 * Inference metrics per endpoint, deployment and outcome: {@code dipgnn_inference_requests_total}
 * (a counter) and {@code dipgnn_inference_duration_seconds} (a histogram with buckets from 0.5 ms
 * to 10 s). Deployment names are the operator's, so the series stay bounded.
 */
@Component
public class InferenceMetrics {

    private final MeterRegistry meters;
    /** Latency buckets: a small set across the range a call takes, from a cached embedding to a large batch. */
    private static final Duration[] BUCKETS = {
        Duration.ofNanos(500_000), Duration.ofMillis(1), Duration.ofNanos(2_500_000), Duration.ofMillis(5),
        Duration.ofMillis(10), Duration.ofMillis(25), Duration.ofMillis(50), Duration.ofMillis(100),
        Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofMillis(2500),
        Duration.ofSeconds(5), Duration.ofSeconds(10)
    };

    private final Map<String, Timer> timers = new ConcurrentHashMap<>();
    private final Map<String, Counter> requests = new ConcurrentHashMap<>();

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
            record(endpoint, deployment, outcome, System.nanoTime() - start);
        }
    }

    private void record(String endpoint, String deployment, String outcome, long nanos) {
        String key = endpoint + '|' + deployment + '|' + outcome;
        timer(key, endpoint, deployment, outcome).record(nanos, TimeUnit.NANOSECONDS);
        requests.computeIfAbsent(
                        key,
                        k -> Counter.builder("dipgnn.inference.requests")
                                .description("Inference requests by endpoint, deployment and outcome")
                                .tags("endpoint", endpoint, "deployment", deployment, "outcome", outcome)
                                .register(meters))
                .increment();
    }

    private Timer timer(String key, String endpoint, String deployment, String outcome) {
        return timers.computeIfAbsent(
                key,
                k -> Timer.builder("dipgnn.inference.duration")
                        .description("Inference latency by endpoint, deployment and outcome")
                        .tags("endpoint", endpoint, "deployment", deployment, "outcome", outcome)
                        .serviceLevelObjectives(BUCKETS)
                        .register(meters));
    }
}
