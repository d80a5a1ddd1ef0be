package com.dipgnn.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.MalformedModelException;
import ai.djl.ndarray.NDManager;
import ai.djl.nn.Parameter;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.pretraining.EdgeHeads;
import com.dipgnn.pretraining.FeatureHeads;
import com.dipgnn.pretraining.TextInputMasks;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Every kind of module survives a save and a load into a freshly built one of the same
 * architecture with every parameter equal (DJL's encode/decode test, for this project's modules);
 * parameters written in format version 1 still load, and a newer format is refused.
 */
class ModuleRoundTripTest {

    private static final HeteroGraph GRAPH = TinyGraphs.homogeneous(6, 3, 1);
    private static final ModelConfig HGT = new ModelConfig(Backbone.HGT, 2, 8, 2, 0.1, 0.0);
    private static final ModelConfig GAT = new ModelConfig(Backbone.GAT, 2, 8, 2, 0.1, 0.0);
    private static final TransformerConfig TEXT = new TransformerConfig(8, 1, 2, 16, 0.1);
    private static final RelationType LINK = new RelationType("node", "link", "node");

    private static Map<String, Supplier<GraphModule>> modules() {
        Map<String, Supplier<GraphModule>> m = new LinkedHashMap<>();
        m.put("Linear", () -> new Linear(3, 4, true));
        m.put("LayerNorm", () -> new LayerNorm(5));
        m.put("CosineScorer", () -> new CosineScorer(8));
        m.put("SelfAttention", () -> new SelfAttention(8, 2));
        m.put("TokenEmbedding", () -> new TokenEmbedding(20, 8));
        m.put("TransformerLayer", () -> new TransformerLayer(TEXT));
        m.put("TransformerEncoder", () -> new TransformerEncoder(TEXT));
        m.put("TextTransformer", () -> new TextTransformer(20, 6, 8, TEXT, TextTransformer.Head.VOCABULARY));
        m.put("InputProjection", () -> new InputProjection(GraphSchema.of(GRAPH), HGT));
        m.put("HGT encoder", () -> new GraphEncoder(GraphSchema.of(GRAPH), HGT));
        m.put("GAT encoder", () -> new GraphEncoder(GraphSchema.of(GRAPH), GAT));
        m.put("EdgeHeads", () -> new EdgeHeads(List.of(LINK), 8));
        m.put("FeatureHeads", () -> new FeatureHeads(Map.of("node", 3), 8, true));
        m.put("TextInputMasks", () -> new TextInputMasks(Map.of("node", 5)));
        return m;
    }

    @Test
    void everyModuleLoadsBackWhatItSaved() throws Exception {
        for (Map.Entry<String, Supplier<GraphModule>> e : modules().entrySet()) {
            try (NDManager manager = NDManager.newBaseManager()) {
                GraphModule saved = e.getValue().get();
                saved.initialize(manager);
                assertThat(saved.parameters()).as(e.getKey()).isNotEmpty();
                GraphModule loaded = e.getValue().get();
                loaded.load(manager, in(bytes(saved)));
                for (Map.Entry<String, Parameter> p : saved.parameters().entrySet()) {
                    assertThat(loaded.parameters().get(p.getKey()).getArray().toFloatArray())
                            .as(e.getKey() + " " + p.getKey())
                            .containsExactly(p.getValue().getArray().toFloatArray());
                }
            }
        }
    }

    @Test
    void parametersWrittenInFormatOneStillLoadAndANewerFormatIsRefused() throws Exception {
        try (NDManager manager = NDManager.newBaseManager()) {
            Linear saved = new Linear(3, 4, true);
            saved.initialize(manager);
            byte[] current = bytes(saved);
            // version 1 had no version header: the same bytes without the first int
            byte[] v1 = Arrays.copyOfRange(current, 4, current.length);
            Linear loaded = new Linear(3, 4, true);
            loaded.load(manager, in(v1));
            assertThat(loaded.weightValues()).containsExactly(saved.weightValues());

            byte[] newer = current.clone();
            newer[3] = (byte) -(GraphModule.FORMAT_VERSION + 1); // -3 as a big-endian int ends in 0xFD
            assertThatThrownBy(() -> new Linear(3, 4, true).load(manager, in(newer)))
                    .isInstanceOf(MalformedModelException.class)
                    .hasMessageContaining("v" + (GraphModule.FORMAT_VERSION + 1))
                    .hasMessageContaining("newer");
        }
    }

    private static byte[] bytes(GraphModule module) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DataOutputStream data = new DataOutputStream(out)) {
            module.save(data);
        }
        return out.toByteArray();
    }

    private static DataInputStream in(byte[] bytes) {
        return new DataInputStream(new ByteArrayInputStream(bytes));
    }
}
