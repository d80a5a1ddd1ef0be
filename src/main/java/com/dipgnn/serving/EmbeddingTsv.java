package com.dipgnn.serving;

import com.dipgnn.graph.HeteroGraph;
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

    private EmbeddingTsv() {}

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
        long count = EmbeddingChunks.forEach(
                deployment,
                types,
                (type, ids, vectors) -> {
                    String[] keys = graph.nodes(type).keys();
                    for (int i = 0; i < ids.length; i++) {
                        line.setLength(0);
                        line.append(type)
                                .append('\t')
                                .append(ids[i])
                                .append('\t')
                                .append(keys == null ? "" : keys[ids[i]]);
                        for (float x : vectors[i]) {
                            line.append('\t').append(x);
                        }
                        w.write(line.append('\n').toString());
                    }
                },
                written);
        w.flush();
        return count;
    }
}
