package com.dipgnn.packaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;
import static org.mockito.Mockito.withSettings;

import ai.djl.Device;
import com.dipgnn.api.InferenceMetrics;
import com.dipgnn.deployments.DeploymentService;
import com.dipgnn.deployments.ServingMetrics;
import com.dipgnn.jobs.JobMetricsAccess;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.mockito.MockMakers;

/** The chart's Grafana dashboard asks only for metrics the service exports, and the chart provisions it when asked. */
class GrafanaDashboardTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern METRIC = Pattern.compile("\\bdipgnn_[a-z0-9_]+");

    private static JsonNode dashboard() throws Exception {
        return JSON.readTree(Project.CHART.resolve("dashboards/dipgnn.json").toFile());
    }

    /** The metric families the service's metric classes export, as Prometheus scrapes them. */
    private static Set<String> exportedFamilies() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        JobMetricsAccess.exercise(registry);
        new InferenceMetrics(registry).time("recommendations", "d", () -> 1);
        // the subclass mock maker: this JVM also runs Helm's Go runtime, which stops Mockito's agent attaching
        DeploymentService deployments =
                mock(DeploymentService.class, withSettings().mockMaker(MockMakers.SUBCLASS));
        List<Consumer<String>> created = new ArrayList<>();
        doAnswer(call -> created.add(call.getArgument(0))).when(deployments).onNewDeployment(any());
        when(deployments.indexSize(any())).thenReturn(10.0);
        new ServingMetrics(registry, deployments, Device.cpu());
        created.forEach(listener -> listener.accept("d"));
        return registry.scrape()
                .lines()
                .filter(l -> l.startsWith("# TYPE dipgnn_"))
                .map(l -> l.split(" ")[2])
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static List<String> queries(JsonNode dashboard) {
        List<String> exprs = new ArrayList<>();
        dashboard.findValues("expr").forEach(e -> exprs.add(e.asText()));
        return exprs;
    }

    @Test
    void everyQueryNamesAMetricTheServiceExports() throws Exception {
        Set<String> exported = exportedFamilies();
        List<String> exprs = queries(dashboard());
        assertThat(exprs).hasSizeGreaterThanOrEqualTo(10);
        for (String expr : exprs) {
            Matcher m = METRIC.matcher(expr);
            assertThat(m.find()).as("a product metric in " + expr).isTrue();
            do {
                String family = m.group().replaceAll("_(bucket|count|sum)$", "");
                assertThat(exported).as(m.group() + " in " + expr).contains(family);
            } while (m.find());
        }
    }

    @Test
    void itShowsJobsThroughputInferenceLatencyErrorsAndDeployments() throws Exception {
        String titles = String.join(" | ", dashboard().findValuesAsText("title"));
        assertThat(titles)
                .contains(
                        "Jobs by state", "Training steps per second", "Latency", "Error ratio", "Deployments loading");
    }

    @Test
    void theChartProvisionsItOnlyWhenAsked() throws Exception {
        assertThat(Chart.render(t -> t).find(ConfigMap.class, "dipgnn-grafana-dashboard"))
                .isEmpty();

        Installation on = Chart.render(Chart.set(Map.of("metrics.grafanaDashboard.enabled", true)));
        ConfigMap map = on.find(ConfigMap.class, "dipgnn-grafana-dashboard").orElseThrow();
        assertThat(map.getMetadata().getLabels()).containsEntry("grafana_dashboard", "1");
        assertThat(JSON.readTree(map.getData().get("dipgnn.json"))).isEqualTo(dashboard());
    }
}
