package com.dipgnn.bench;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.Device;
import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.model.Backbone;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The link-step benchmark on a data set's own split ({@code bench --config gnn-link}). */
class NodeEmbeddingBenchmarkTest {

    @Test
    void timesTheLinkStepOnTheGraphItIsGiven() {
        HeteroGraph graph = NodeEmbeddingBenchmark.graph(1500, 4, 5);
        List<String> log = new ArrayList<>();
        NodeEmbeddingBenchmark.Report report = new NodeEmbeddingBenchmark(
                        new NodeEmbeddingBenchmark.Settings(new int[0], 16, 0, 1, 3, false, Backbone.HGT, 0),
                        Device.cpu())
                .runOn(graph, NodeEmbeddingBenchmark.CLICKS, log::add);

        assertThat(report.sizes()).hasSize(1);
        assertThat(report.positives()).as("the recommendation default's batch").isEqualTo(1024);
        NodeEmbeddingBenchmark.SizeReport size = report.sizes().get(0);
        assertThat(size.userRows()).isEqualTo(1500);
        assertThat(size.itemRows()).isEqualTo(graph.numNodes("item"));
        // the recommendation default processes a graph this small whole at every step
        assertThat(size.sampledNodes()).isEqualTo(1500 + graph.numNodes("item"));
        assertThat(size.math().median()).isPositive();
        assertThat(size.fileBytes()).isEqualTo(-1);
        // no split marks: the per-user hold-out; at four clicks or fewer (the generator may repeat an
        // item) a user with three or more keeps all but one test and one validation pair
        int training = 0;
        CsrAdjacency clicks = graph.adjacency(NodeEmbeddingBenchmark.CLICKS);
        for (int u = 0; u < clicks.numSources(); u++) {
            int n = clicks.rowEnd(u) - clicks.rowStart(u);
            training += n >= 3 ? n - 2 : n;
        }
        assertThat(log.get(0))
                .contains(String.format(Locale.ROOT, "%,d training pairs", training))
                .contains("the whole graph every step");
    }

    @Test
    void timesTheBackboneAndBatchItIsAskedFor() {
        HeteroGraph graph = NodeEmbeddingBenchmark.graph(1500, 4, 7);
        List<String> log = new ArrayList<>();
        NodeEmbeddingBenchmark.Report report = new NodeEmbeddingBenchmark(
                        new NodeEmbeddingBenchmark.Settings(new int[0], 16, 0, 1, 2, false, Backbone.GAT, 64),
                        Device.cpu())
                .runOn(graph, NodeEmbeddingBenchmark.CLICKS, log::add);

        assertThat(report.backbone()).isEqualTo(Backbone.GAT);
        assertThat(report.positives()).isEqualTo(64);
        assertThat(report.sizes().get(0).math().median()).isPositive();
        assertThat(log.get(0)).contains("GAT").contains("64 positives a step");
    }
}
