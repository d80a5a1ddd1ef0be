package com.dipgnn.pretraining;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.text.TextInputs;
import com.dipgnn.text.Tokenizer;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The encoded text of every node of a graph's text types (tokenized once, before pre-training),
 * indexed by type and node id.
 */
public record NodeTokens(Map<String, int[][]> byType) {

    public NodeTokens {
        byType = Collections.unmodifiableMap(new LinkedHashMap<>(byType));
    }

    /** Encodes the texts of every text type of {@code graph}. */
    public static NodeTokens of(HeteroGraph graph, Tokenizer tokenizer) {
        Map<String, int[][]> out = new LinkedHashMap<>();
        for (String type : TextInputs.textTypes(graph)) {
            String[] texts = graph.nodes(type).text();
            int[][] ids = new int[texts.length][];
            for (int n = 0; n < texts.length; n++) {
                ids[n] = tokenizer.encode(texts[n]);
            }
            out.put(type, ids);
        }
        return new NodeTokens(out);
    }

    /** The encoded texts of {@code type}, or null when it has none. */
    public int[][] of(String type) {
        return byType.get(type);
    }
}
