package com.dipgnn.graph;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Assembles a {@link HeteroGraph}: node tables first, then relations by edge list. A directed
 * relation gets its reverse relation added; an undirected same-type relation is stored in both
 * directions.
 */
public final class GraphBuilder {

    private final String name;
    private final Map<String, NodeTable> nodeTables = new LinkedHashMap<>();
    private final Map<RelationType, CsrAdjacency> relations = new LinkedHashMap<>();

    public GraphBuilder(String name) {
        this.name = name;
    }

    public GraphBuilder addNodes(NodeTable table) {
        if (nodeTables.putIfAbsent(table.name(), table) != null) {
            throw new IllegalArgumentException("node type '" + table.name() + "' is defined twice");
        }
        return this;
    }

    /**
     * Adds a relation from an edge list.
     *
     * @param relation the relation type; both node types must have been added
     * @param src source ids
     * @param dst target ids
     * @param splits optional split mark per edge, or null
     * @param directed false for a same-type relation whose pairs are unordered
     */
    public GraphBuilder addEdges(RelationType relation, int[] src, int[] dst, byte[] splits, boolean directed) {
        NodeTable source = requireType(relation.source(), relation);
        NodeTable target = requireType(relation.target(), relation);
        if (!directed && !relation.source().equals(relation.target())) {
            throw new IllegalArgumentException(
                    "relation " + relation + " is undirected but joins two different node types");
        }
        if (relations.containsKey(relation) || relations.containsKey(relation.reverse()) && directed) {
            throw new IllegalArgumentException("relation " + relation + " is defined twice");
        }
        CsrAdjacency adjacency = CsrAdjacency.fromEdges(source.count(), target.count(), src, dst, splits);
        if (directed) {
            relations.put(relation, adjacency);
            relations.put(relation.reverse(), adjacency.transpose());
        } else {
            relations.put(relation, adjacency.symmetrized());
        }
        return this;
    }

    private NodeTable requireType(String type, RelationType relation) {
        NodeTable table = nodeTables.get(type);
        if (table == null) {
            throw new IllegalArgumentException(
                    "relation " + relation + " names node type '" + type + "', which has not been defined");
        }
        return table;
    }

    /**
     * The finished graph.
     *
     * @throws IllegalStateException if it has no nodes
     */
    public HeteroGraph build() {
        long total = nodeTables.values().stream().mapToLong(NodeTable::count).sum();
        if (total == 0) {
            throw new IllegalStateException("graph '" + name + "' is empty: it has no nodes");
        }
        return new HeteroGraph(name, nodeTables, relations);
    }
}
