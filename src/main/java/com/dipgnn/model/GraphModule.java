package com.dipgnn.model;

import ai.djl.MalformedModelException;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Parameter;
import ai.djl.training.initializer.Initializer;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Base of every trainable piece of a model: a tree of named DJL {@link Parameter}s and child
 * modules. Shapes are fixed at construction, so {@link #initialize} needs no shape inference, and
 * the parameter tree is the architecture: {@link #load} refuses parameters whose names or shapes
 * differ.
 *
 * <p>Forward code keeps the batch operand first ({@code input.matMul(weight)}), so results live in
 * the batch's {@link NDManager} scope and are freed with it, never in the model's.
 */
public abstract class GraphModule {

    /**
     * The parameter format {@link #save} writes. Version 1 (before issue 18) began with the
     * parameter count; later versions begin with minus their version, then the count.
     */
    public static final int FORMAT_VERSION = 2;

    private final Map<String, Parameter> parameters = new LinkedHashMap<>();
    private final Map<String, GraphModule> children = new LinkedHashMap<>();
    private final Map<String, NodeEmbeddingTable> tables = new LinkedHashMap<>();
    private final Map<String, RowSparseParameter> rowSparse = new LinkedHashMap<>();

    /** Registers a parameter of a fixed shape. */
    protected final Parameter addParameter(String name, Shape shape, Initializer initializer) {
        Parameter parameter = Parameter.builder()
                .setName(name)
                .setType(Parameter.Type.OTHER)
                .optShape(shape)
                .optInitializer(initializer)
                .build();
        if (parameters.putIfAbsent(name, parameter) != null) {
            throw new IllegalStateException("parameter '" + name + "' registered twice");
        }
        return parameter;
    }

    /**
     * Registers a parameter that training reads by rows (the optimizer updates the rows a step read,
     * {@link RowSparseParameter}); it is a parameter like any other for saving and evaluation.
     */
    protected final RowSparseParameter addRowSparseParameter(String name, Shape shape, Initializer initializer) {
        RowSparseParameter read = new RowSparseParameter(addParameter(name, shape, initializer));
        rowSparse.put(name, read);
        return read;
    }

    /** Registers a per-node embedding table (not a parameter: the optimizer updates it row by row). */
    protected final NodeEmbeddingTable addTable(String name, NodeEmbeddingTable table) {
        if (tables.putIfAbsent(name, table) != null) {
            throw new IllegalStateException("table '" + name + "' registered twice");
        }
        return table;
    }

    /** Registers a child module. */
    protected final <T extends GraphModule> T addChild(String name, T child) {
        if (children.putIfAbsent(name, child) != null) {
            throw new IllegalStateException("child '" + name + "' registered twice");
        }
        return child;
    }

    /** Every parameter of this module and its children, by dotted path, in a stable order. */
    public final Map<String, Parameter> parameters() {
        Map<String, Parameter> all = new LinkedHashMap<>();
        collect("", all);
        return all;
    }

    private void collect(String prefix, Map<String, Parameter> into) {
        parameters.forEach((name, p) -> into.put(prefix + name, p));
        children.forEach((name, child) -> child.collect(prefix + name + ".", into));
    }

    /** Every per-node embedding table of this module and its children, by dotted path, in a stable order. */
    public final Map<String, NodeEmbeddingTable> tables() {
        Map<String, NodeEmbeddingTable> all = new LinkedHashMap<>();
        collectTables("", all);
        return all;
    }

    /** Every parameter of this module and its children that training reads by rows, by dotted path. */
    public final Map<String, RowSparseParameter> rowSparseParameters() {
        Map<String, RowSparseParameter> all = new LinkedHashMap<>();
        collectRowSparse("", all);
        return all;
    }

    private void collectRowSparse(String prefix, Map<String, RowSparseParameter> into) {
        rowSparse.forEach((name, p) -> into.put(prefix + name, p));
        children.forEach((name, child) -> child.collectRowSparse(prefix + name + ".", into));
    }

    private void collectTables(String prefix, Map<String, NodeEmbeddingTable> into) {
        tables.forEach((name, t) -> into.put(prefix + name, t));
        children.forEach((name, child) -> child.collectTables(prefix + name + ".", into));
    }

    /**
     * Creates every parameter array, then every table's rows, in {@code manager} (which must outlive
     * the module's use).
     */
    public final void initialize(NDManager manager) {
        for (Parameter p : parameters().values()) {
            p.initialize(manager, DataType.FLOAT32);
        }
        for (NodeEmbeddingTable t : tables().values()) {
            t.initialize(manager);
        }
    }

    /** Number of scalar weights. */
    public final long parameterCount() {
        return parameters().values().stream()
                .mapToLong(p -> p.getShape().size())
                .sum();
    }

    /** Writes the format version, then every parameter, by path, to {@code out}. */
    public final void save(DataOutputStream out) throws IOException {
        Map<String, Parameter> all = parameters();
        out.writeInt(-FORMAT_VERSION);
        out.writeInt(all.size());
        for (Map.Entry<String, Parameter> e : all.entrySet()) {
            out.writeUTF(e.getKey());
            out.writeUTF(e.getValue().getShape().toString());
            e.getValue().save(out);
        }
    }

    /**
     * Reads parameters written by {@link #save} (this format or version 1) into this module's
     * (already constructed) tree.
     *
     * @throws MalformedModelException when the saved parameters do not match this architecture, or
     *     were written in a newer format
     */
    public final void load(NDManager manager, DataInputStream in) throws IOException, MalformedModelException {
        Map<String, Parameter> all = parameters();
        int first = in.readInt();
        if (first < -FORMAT_VERSION) {
            throw new MalformedModelException("model parameters are in format v" + (-first) + ", newer than this "
                    + "version reads (v" + FORMAT_VERSION + "); use a newer version of the service");
        }
        int count = first < 0 ? in.readInt() : first; // version 1 began with the count
        List<String> mismatches = new ArrayList<>();
        if (count != all.size()) {
            mismatches.add("saved " + count + " parameters, this architecture has " + all.size());
        }
        for (Map.Entry<String, Parameter> e : all.entrySet()) {
            if (!mismatches.isEmpty()) {
                break;
            }
            String name = in.readUTF();
            String shape = in.readUTF();
            String expectedShape = e.getValue().getShape().toString();
            if (!name.equals(e.getKey()) || !shape.equals(expectedShape)) {
                mismatches.add("saved parameter " + name + " " + shape + " where this architecture has " + e.getKey()
                        + " " + expectedShape);
                break;
            }
            e.getValue().load(manager, in);
            e.getValue().getArray().setRequiresGradient(true);
        }
        if (!mismatches.isEmpty()) {
            throw new MalformedModelException(
                    "model parameters do not match the architecture: " + String.join("; ", mismatches));
        }
    }

    /** Copies the current values of every parameter (for keeping the best checkpoint). */
    public final Map<String, float[]> snapshot() {
        Map<String, float[]> copy = new LinkedHashMap<>();
        parameters().forEach((name, p) -> copy.put(name, p.getArray().toFloatArray()));
        return copy;
    }

    /** Restores values taken by {@link #snapshot}. */
    public final void restore(Map<String, float[]> values) {
        parameters().forEach((name, p) -> p.getArray().set(values.get(name)));
    }
}
