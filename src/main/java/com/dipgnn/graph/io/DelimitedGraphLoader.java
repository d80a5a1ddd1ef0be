package com.dipgnn.graph.io;

import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Loads a user's own graph from a folder of CSV or TSV tables: {@code nodes/<type>.csv} per node
 * type, {@code edges/<src>__<relation>__<dst>.csv} per relation and an optional
 * {@code graph.json} (see docs/data-format.md). Node ids are arbitrary strings, numbered in file
 * order; every problem is a {@link GraphDataException} naming the file and line.
 */
public final class DelimitedGraphLoader {

    private final LoadOptions options;

    public DelimitedGraphLoader() {
        this(LoadOptions.defaults());
    }

    public DelimitedGraphLoader(LoadOptions options) {
        this.options = options;
    }

    /** Loads the graph in {@code dir}; directed relations get their reverse relation. */
    public HeteroGraph load(Path dir) {
        List<DelimitedLayout.TableFile> nodeFiles = DelimitedLayout.nodeFiles(dir);
        DelimitedGraphConfig config = DelimitedGraphConfig.read(dir);
        Map<String, DelimitedNodeReader.Nodes> nodes = new LinkedHashMap<>();
        for (DelimitedLayout.TableFile file : nodeFiles) {
            nodes.put(file.name(), DelimitedNodeReader.read(file, config, options.loadText(), options.limits()));
        }
        config.checkNodeTypes(nodes.keySet());
        checkNotEmpty(dir, nodes);
        GraphBuilder builder = new GraphBuilder(config.name() != null ? config.name() : folderName(dir));
        nodes.values().forEach(n -> builder.addNodes(n.table()));
        List<DelimitedLayout.TableFile> edgeFiles = DelimitedLayout.edgeFiles(dir);
        Set<RelationType> undirected = undirectedRelations(config, relations(edgeFiles, nodes.keySet()));
        for (DelimitedLayout.TableFile file : edgeFiles) {
            RelationType relation = RelationType.parse(file.name());
            EdgeColumns edges = DelimitedEdgeReader.read(
                    file.file(),
                    relation,
                    nodes.get(relation.source()),
                    nodes.get(relation.target()),
                    options.limits());
            addEdges(builder, file.file(), relation, edges, !undirected.contains(relation));
        }
        return builder.build();
    }

    private static void checkNotEmpty(Path dir, Map<String, DelimitedNodeReader.Nodes> nodes) {
        long total = nodes.values().stream().mapToLong(n -> n.table().count()).sum();
        if (total == 0) {
            throw new GraphDataException(
                    dir.resolve(DelimitedLayout.NODES),
                    0,
                    "the graph has no nodes",
                    "add a node table such as nodes/paper.csv with a header line and at least one row");
        }
    }

    private static List<RelationType> relations(List<DelimitedLayout.TableFile> edgeFiles, Set<String> nodeTypes) {
        List<RelationType> relations = new ArrayList<>();
        for (DelimitedLayout.TableFile file : edgeFiles) {
            RelationType relation;
            try {
                relation = RelationType.parse(file.name());
            } catch (IllegalArgumentException e) {
                throw new GraphDataException(
                        file.file(),
                        0,
                        "the file name does not name a relation",
                        "name edge lists <src>__<relation>__<dst>.csv, such as paper__cites__paper.csv");
            }
            for (String type : List.of(relation.source(), relation.target())) {
                if (!nodeTypes.contains(type)) {
                    throw new GraphDataException(
                            file.file(),
                            0,
                            "node type '" + type + "' has no node table",
                            "expected one of " + nodeTypes + ", or add nodes/" + type + ".csv");
                }
            }
            relations.add(relation);
        }
        return relations;
    }

    /** The relations that graph.json lists as undirected, by full key or by bare name. */
    private static Set<RelationType> undirectedRelations(DelimitedGraphConfig config, List<RelationType> relations) {
        Set<RelationType> undirected = new HashSet<>();
        for (String entry : config.undirected()) {
            List<RelationType> matches = relations.stream()
                    .filter(r -> r.key().equals(entry) || r.name().equals(entry))
                    .toList();
            if (matches.size() != 1) {
                throw DelimitedGraphConfig.fail(
                        config.file(),
                        "\"undirected\" names '" + entry + "', which matches "
                                + (matches.isEmpty() ? "no" : matches.size()) + " edge lists",
                        "expected one of "
                                + relations.stream().map(RelationType::key).toList());
            }
            RelationType relation = matches.get(0);
            if (!relation.source().equals(relation.target())) {
                throw DelimitedGraphConfig.fail(
                        config.file(),
                        "\"undirected\" names " + relation + ", which joins two different node types",
                        "only a same-type relation can be undirected");
            }
            undirected.add(relation);
        }
        return undirected;
    }

    private static void addEdges(
            GraphBuilder builder, Path file, RelationType relation, EdgeColumns edges, boolean directed) {
        try {
            builder.addEdges(relation, edges.src(), edges.dst(), edges.splits(), directed);
        } catch (IllegalArgumentException e) {
            throw new GraphDataException(
                    file,
                    0,
                    e.getMessage(),
                    "rename the relation so that it does not clash with the reverse (rev_) of another");
        }
    }

    private static String folderName(Path dir) {
        Path name = dir.toAbsolutePath().normalize().getFileName();
        return name == null ? "graph" : name.toString();
    }
}
