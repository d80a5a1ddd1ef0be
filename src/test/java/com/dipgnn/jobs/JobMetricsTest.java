package com.dipgnn.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.dipgnn.api.InferenceMetrics;
import com.dipgnn.jobs.runner.JobKind;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The product's metrics as Prometheus scrapes them: names, HELP, labels, counters and buckets. */
class JobMetricsTest {

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

    private JobMetrics jobMetrics() {
        JobRepository jobs = mock(JobRepository.class);
        when(jobs.countInState(any())).thenReturn(0L);
        return new JobMetrics(registry, jobs);
    }

    @Test
    void everyStepIsCountedAndTimedInItsBucketAndFinishedJobsAreCounted() {
        JobMetrics metrics = jobMetrics();
        metrics.step(JobKind.FINETUNE, 0.05);
        metrics.step(JobKind.FINETUNE, 0.3);
        metrics.jobEnded("j1", JobState.SUCCEEDED);
        String scrape = registry.scrape();

        assertThat(scrape)
                .contains("dipgnn_training_steps_total{kind=\"finetune\"} 2.0")
                .contains("dipgnn_training_steps_total{kind=\"pretrain\"} 0.0")
                .contains("dipgnn_jobs_finished_total{state=\"succeeded\"} 1.0")
                .contains("dipgnn_jobs_finished_total{state=\"failed\"} 0.0");
        // worked by hand: 0.05 s falls in le=0.05 and above, 0.3 s from le=0.5 on
        assertThat(scrape)
                .contains("dipgnn_job_step_duration_seconds_bucket{kind=\"finetune\",le=\"0.05\"} 1")
                .contains("dipgnn_job_step_duration_seconds_bucket{kind=\"finetune\",le=\"0.25\"} 1")
                .contains("dipgnn_job_step_duration_seconds_bucket{kind=\"finetune\",le=\"0.5\"} 2")
                .contains("dipgnn_job_step_duration_seconds_count{kind=\"finetune\"} 2");
        assertThat(buckets(scrape, "dipgnn_job_step_duration_seconds_bucket{kind=\"finetune\""))
                .isEqualTo(13);
    }

    @Test
    void runningJobsAreLabelledJobIdAndTheirSeriesGoWhenTheyEnd() {
        JobMetrics metrics = jobMetrics();
        metrics.progress("j7", Map.of("loss", 1.5), Map.of("val_mrr", 0.25));
        String running = registry.scrape();
        assertThat(running)
                .contains("dipgnn_job_loss{job_id=\"j7\",term=\"loss\"} 1.5")
                .contains("dipgnn_job_metric{job_id=\"j7\",name=\"val_mrr\"} 0.25");

        metrics.jobEnded("j7", JobState.CANCELLED);
        assertThat(registry.scrape()).doesNotContain("job_id=\"j7\"");
    }

    @Test
    void inferenceIsCountedByOutcomeInASmallSetOfBuckets() {
        InferenceMetrics inference = new InferenceMetrics(registry);
        inference.time("recommendations", "shop", () -> 1);
        try {
            inference.time("recommendations", "shop", () -> {
                throw new IllegalStateException("boom");
            });
        } catch (IllegalStateException expected) {
            // counted as an error
        }
        String scrape = registry.scrape();
        assertThat(scrape)
                .contains(
                        "dipgnn_inference_requests_total{deployment=\"shop\",endpoint=\"recommendations\",outcome=\"success\"} 1.0")
                .contains(
                        "dipgnn_inference_requests_total{deployment=\"shop\",endpoint=\"recommendations\",outcome=\"error\"} 1.0");
        assertThat(
                        buckets(
                                scrape,
                                "dipgnn_inference_duration_seconds_bucket{deployment=\"shop\",endpoint=\"recommendations\",outcome=\"success\""))
                .isEqualTo(15);
    }

    @Test
    void everyProductMetricHasHelpAndNoneUsesTheScrapeTargetsJobLabel() {
        JobMetrics metrics = jobMetrics();
        metrics.progress("j1", Map.of("loss", 1.0), Map.of());
        new InferenceMetrics(registry).time("embeddings", "d", () -> 1);
        String scrape = registry.scrape();
        List<String> lines = Arrays.asList(scrape.split("\n"));

        Set<String> families = lines.stream()
                .filter(l -> l.startsWith("# TYPE dipgnn_"))
                .map(l -> l.split(" ")[2])
                .collect(Collectors.toSet());
        assertThat(families)
                .contains(
                        "dipgnn_jobs",
                        "dipgnn_jobs_finished_total",
                        "dipgnn_training_steps_total",
                        "dipgnn_job_step_duration_seconds",
                        "dipgnn_job_loss",
                        "dipgnn_inference_requests_total",
                        "dipgnn_inference_duration_seconds");
        for (String family : families) {
            assertThat(lines)
                    .as("HELP of " + family)
                    .anyMatch(l ->
                            l.startsWith("# HELP " + family + " ") && l.length() > ("# HELP " + family + " ").length());
        }
        assertThat(lines.stream().filter(l -> l.startsWith("dipgnn_")))
                .noneMatch(l -> l.contains("{job=\"") || l.contains(",job=\""));
    }

    private static long buckets(String scrape, String prefix) {
        return Arrays.stream(scrape.split("\n"))
                .filter(l -> l.startsWith(prefix))
                .count();
    }
}
