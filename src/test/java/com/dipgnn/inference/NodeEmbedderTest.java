package com.dipgnn.inference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.synthetic.QueryProductConfig;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.CosineScorer;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.optim.ModelInitialization;
import com.dipgnn.runtime.Devices;
import com.dipgnn.sampling.FullGraphSampler;
import com.dipgnn.sampling.SubgraphSampler;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * With a whole-graph sampler every pass encodes the whole graph, so {@link NodeEmbedder} makes one
 * pass for all the nodes instead of one per chunk, and gives what the chunked passes give (the same
 * sampler hidden behind a lambda, which does not say it covers the whole graph).
 */
class NodeEmbedderTest {

    @Test
    void aWholeGraphSamplerEmbedsEveryNodeInOnePassWithTheChunkedPassesValues() {
        HeteroGraph graph = SyntheticGraphs.queryProduct(QueryProductConfig.defaults()
                .withSize(30, 45, 200)
                .withNumCategories(3)
                .withFeatures(6, 1.0)
                .withSeed(5));
        FullGraphSampler whole = new FullGraphSampler();
        SubgraphSampler chunked = whole::sample;
        Map<String, int[]> ids = NodeEmbedder.allNodes(graph);
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            Devices.engine();
            ModelConfig config = new ModelConfig(Backbone.HGT, 2, 16, 2, 0.1, 0.0);
            GraphEncoder encoder = new GraphEncoder(GraphSchema.of(graph), config);
            ModelInitialization.initialize(3, manager, encoder, new CosineScorer(config.hidden()));

            NodeEmbedder onePass = new NodeEmbedder(graph, whole, 8);
            NodeEmbedder inChunks = new NodeEmbedder(graph, chunked, 8);
            List<Long> passes = new ArrayList<>();
            Map<String, NodeEmbedder.Table> a =
                    onePass.embed(encoder, ids, manager, 7, (done, total) -> passes.add(done));
            Map<String, NodeEmbedder.Table> b = inChunks.embed(encoder, ids, manager, 7);

            assertThat(onePass.passCount(ids)).isEqualTo(1);
            assertThat(inChunks.passCount(ids)).isEqualTo(6); // 45 products in chunks of 8
            assertThat(passes).containsExactly(75L);
            for (Map.Entry<String, int[]> e : ids.entrySet()) {
                float[] x = a.get(e.getKey()).rows(manager, e.getValue()).toFloatArray();
                float[] y = b.get(e.getKey()).rows(manager, e.getValue()).toFloatArray();
                for (int i = 0; i < x.length; i++) {
                    assertThat(x[i]).as("%s value %d", e.getKey(), i).isCloseTo(y[i], within(1e-5f));
                }
            }
        }
    }
}
