package com.dipgnn.serving;

import com.dipgnn.graph.HeteroGraph;
import java.io.IOException;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Walks every node of some types through a deployment's embeddings in chunks, types in the given
 * order and ids ascending, so that a writer holds one chunk of vectors at a time
 * ({@link EmbeddingTsv}, {@link EmbeddingExport}).
 */
final class EmbeddingChunks {

    /** Nodes embedded per call. */
    static final int CHUNK = 4096;

    /** Receives one chunk: its node type, the ids (ascending) and their embeddings, row by row. */
    @FunctionalInterface
    interface Consumer {
        void accept(String type, int[] ids, float[][] vectors) throws IOException;
    }

    private EmbeddingChunks() {}

    /**
     * Calls {@code consumer} for every chunk of every node of {@code types}, then {@code written}
     * with the count of nodes so far (an exception it throws stops the walk); returns the number of nodes.
     */
    static long forEach(ModelDeployment deployment, List<String> types, Consumer consumer, LongConsumer written)
            throws IOException {
        HeteroGraph graph = deployment.graph();
        long count = 0;
        for (String type : types) {
            int n = graph.numNodes(type);
            for (int first = 0; first < n; first += CHUNK) {
                int[] ids = new int[Math.min(CHUNK, n - first)];
                for (int i = 0; i < ids.length; i++) {
                    ids[i] = first + i;
                }
                consumer.accept(type, ids, deployment.embeddings(type, ids));
                count += ids.length;
                written.accept(count);
            }
        }
        return count;
    }
}
