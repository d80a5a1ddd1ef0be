package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.initializer.NormalInitializer;

/** A learned vector per token id (and per position, as a second table of the same kind). */
public final class TokenEmbedding extends GraphModule {

    private final ai.djl.nn.Parameter table;
    private final int size;
    private final int width;

    /**
     * @param size number of ids (vocabulary size, or the longest sequence for positions)
     * @param width vector width
     */
    public TokenEmbedding(int size, int width) {
        this.size = size;
        this.width = width;
        this.table = addParameter("table", new Shape(size, width), new NormalInitializer(0.02f));
    }

    /** Rows of {@code ids} (any shape of int or long ids) stacked into shape {@code ids.shape + (width)}. */
    public NDArray forward(NDArray ids) {
        NDArray index = ids.getDataType() == DataType.INT64 ? ids : ids.toType(DataType.INT64, false);
        return table.getArray().get(index);
    }

    /** The whole table (size, width), e.g. to tie an output layer to it. */
    public NDArray table() {
        return table.getArray();
    }

    public int size() {
        return size;
    }

    public int width() {
        return width;
    }
}
