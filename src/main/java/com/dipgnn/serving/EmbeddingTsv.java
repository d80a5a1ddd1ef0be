package com.dipgnn.serving;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Every node's embedding from a deployment as tab-separated text: a header {@code type id key e0 ...
 * e<dim-1>}, then one line a node, its type, id, key (empty for a graph without keys) and the
 * values as {@link Float#toString} writes them, so that they read back exactly.
 */
public final class EmbeddingTsv {

    /** Nodes embedded per call. */
    private static final int CHUNK = 4096;

    private EmbeddingTsv() {
    }

    /**
     * Writes the embeddings of every node of {@code types} (in that order, ids ascending).
     *
     * @param written receives the count of nodes written so far, after every chunk
     * @return the number of nodes written
     */
    public static long write(ModelDeployment deployment, List<String> types, OutputStream out, LongConsumer written)
            throws IOException {
        HeteroGraph graph = deployment.graph();
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        StringBuilder line = new StringBuilder("type\tid\tkey");
        for (int d = 0; d < deployment.dim(); d++) {
            line.append("\te").append(d);
        }
        w.write(line.append('\n').toString());
        long count = 0;
        for (String type : types) {
            NodeTable nodes = graph.nodes(type);
            for (int first = 0; first < nodes.count(); first += CHUNK) {
                int[] ids = new int[Math.min(CHUNK, nodes.count() - first)];
                for (int i = 0; i < ids.length; i++) {
                    ids[i] = first + i;
                }
                float[][] vectors = deployment.embeddings(type, ids);
                for (int i = 0; i < ids.length; i++) {
                    line.setLength(0);
                    line.append(type).append('\t').append(ids[i]).append('\t')
                            .append(nodes.keys() == null ? "" : nodes.keys()[ids[i]]);
                    for (float x : vectors[i]) {
                        line.append('\t').append(x);
                    }
                    w.write(line.append('\n').toString());
                }
                count += ids.length;
                written.accept(count);
            }
        }
        w.flush();
        return count;
    }
}
