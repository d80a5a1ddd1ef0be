package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Parameter;
import ai.djl.training.initializer.NormalInitializer;

/**
 * The per-node embedding input of one node type: each node's row of the type's table, or the
 * type's learned unknown vector for a node whose row was never trained (or that has none), then a
 * linear map to the hidden width when the embedding width differs. In training every node reads
 * its own row, except that each reads the unknown vector with probability {@code rowDropout}.
 */
final class NodeEmbeddingInput extends GraphModule {

    private final String type;
    private final int width;
    private final Parameter unknown;
    private final Linear projection;
    private final NodeEmbeddingTable table;
    private final double rowDropout;

    /**
     * @param idSpace the ids of the type's table; null: no table, every node reads the unknown vector
     */
    NodeEmbeddingInput(String type, int width, int hidden, NodeIdSpace idSpace, double rowDropout) {
        this.type = type;
        this.width = width;
        this.rowDropout = rowDropout;
        this.unknown = addParameter("unknown", new Shape(width), new NormalInitializer(0.1f));
        this.projection = width == hidden ? null : addChild("proj", new Linear(width, hidden, false));
        this.table = idSpace == null ? null : addTable("rows", new NodeEmbeddingTable(type, idSpace, width));
    }

    /** The type's embeddings in the batch, shape (nodes, hidden). */
    NDArray forward(GraphBatch batch, boolean training) {
        NDManager scope = batch.manager();
        int n = batch.numNodes(type);
        float[] readsRow = readsRow(batch.tableRows(type), training);
        NDArray embeddings;
        if (!any(readsRow)) {
            embeddings = scope.zeros(new Shape(n, width)).add(unknown.getArray());
        } else {
            NDArray keep = scope.create(readsRow, new Shape(n, 1));
            if (training && rowDropout > 0) {
                keep = keep.mul(scope.randomUniform(0f, 1f, new Shape(n, 1))
                        .gte(rowDropout)
                        .toType(DataType.FLOAT32, false));
            }
            NDArray rows = table.gather(scope, batch.tableRows(type), training);
            embeddings = rows.mul(keep).add(keep.neg().add(1f).mul(unknown.getArray()));
        }
        return projection == null ? embeddings : projection.forward(embeddings);
    }

    /** 1 where a node reads its own row: it has one, and (outside training) it was trained. */
    private float[] readsRow(int[] rows, boolean training) {
        float[] reads = new float[rows.length];
        if (table == null) {
            return reads;
        }
        for (int i = 0; i < rows.length; i++) {
            boolean inTable = rows[i] >= 0 && rows[i] < table.rows();
            reads[i] = inTable && (training || table.isTrained(rows[i])) ? 1f : 0f;
        }
        return reads;
    }

    private static boolean any(float[] values) {
        for (float v : values) {
            if (v != 0f) {
                return true;
            }
        }
        return false;
    }

    /** The type's table, or null when the encoder was built without one. */
    NodeEmbeddingTable table() {
        return table;
    }
}
