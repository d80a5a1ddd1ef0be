package com.dipgnn.graph.io;

import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Loads a data set folder in the {@code gnnfmt-1} layout ({@code meta.json}, {@code nodes/},
 * {@code features/}, {@code classes/}, {@code edges/}; see docs/data-format.md). Every count, id,
 * label and feature width is checked against {@code meta.json}; any mismatch is a
 * {@link GraphDataException} naming the file and line.
 */
public final class GnnFmtLoader {

    private final LoadOptions options;

    public GnnFmtLoader() {
        this(LoadOptions.defaults());
    }

    public GnnFmtLoader(LoadOptions options) {
        this.options = options;
    }

    /** Whether {@code dir} looks like a gnnfmt-1 data set (it holds a meta.json). */
    public static boolean isGnnFmt(Path dir) {
        return Files.isRegularFile(dir.resolve(GnnFmtMeta.FILE_NAME));
    }

    /** Loads the graph in {@code dir}; directed relations get their reverse relation. */
    public HeteroGraph load(Path dir) {
        GnnFmtMeta meta = GnnFmtMeta.read(dir);
        meta.requireWithin(options.limits(), dir);
        if (meta.totalNodes() == 0) {
            throw new GraphDataException(
                    dir.resolve(GnnFmtMeta.FILE_NAME),
                    0,
                    "the graph has no nodes",
                    "expected at least one node type with count > 0");
        }
        GraphBuilder builder = new GraphBuilder(meta.name());
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (GnnFmtMeta.NodeType type : meta.nodeTypes()) {
            builder.addNodes(nodeTable(dir, type));
            counts.put(type.name(), type.count());
        }
        for (GnnFmtMeta.EdgeType type : meta.edgeTypes()) {
            EdgeColumns edges = GnnFmtEdgeReader.read(
                    dir,
                    type,
                    counts.get(type.relation().source()),
                    counts.get(type.relation().target()),
                    options.limits());
            addEdges(builder, dir, type, edges);
        }
        return builder.build();
    }

    private NodeTable nodeTable(Path dir, GnnFmtMeta.NodeType type) {
        NodeTable table = GnnFmtNodeReader.read(dir, type, options.loadText(), options.limits());
        return type.featureDim() > 0
                ? table.withFeatures(GnnFmtFeatureReader.read(dir, type, options.limits()))
                : table;
    }

    private static void addEdges(GraphBuilder builder, Path dir, GnnFmtMeta.EdgeType type, EdgeColumns edges) {
        try {
            builder.addEdges(type.relation(), edges.src(), edges.dst(), edges.splits(), type.directed());
        } catch (IllegalArgumentException e) {
            throw new GraphDataException(
                    dir.resolve(GnnFmtMeta.FILE_NAME),
                    0,
                    e.getMessage(),
                    "rename the relation so that no relation clashes with the reverse (rev_) of another",
                    e);
        }
    }

    /** The class names of every labeled node type of the data set in {@code dir}, by class id. */
    public static Map<String, List<String>> classNames(Path dir) {
        GnnFmtMeta meta = GnnFmtMeta.read(dir);
        Map<String, List<String>> names = new LinkedHashMap<>();
        for (GnnFmtMeta.NodeType type : meta.nodeTypes()) {
            if (type.numClasses() > 0) {
                names.put(type.name(), GnnFmtClassNames.read(dir, type));
            }
        }
        return names;
    }
}
