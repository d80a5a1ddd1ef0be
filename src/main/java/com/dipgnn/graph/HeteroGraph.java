package com.dipgnn.graph;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A typed graph: node tables per type and one CSR adjacency per relation. Homogeneous graphs are
 * the special case of one node type. Every directed relation has its reverse relation beside it,
 * and same-type undirected relations store both directions, so messages can flow both ways.
 * Immutable once built (see {@link GraphBuilder}).
 */
public final class HeteroGraph {

    private final String name;
    private final Map<String, NodeTable> nodeTables;
    private final Map<RelationType, CsrAdjacency> relations;

    HeteroGraph(String name, Map<String, NodeTable> nodeTables, Map<RelationType, CsrAdjacency> relations) {
        this.name = name;
        this.nodeTables = Collections.unmodifiableMap(new LinkedHashMap<>(nodeTables));
        this.relations = Collections.unmodifiableMap(new LinkedHashMap<>(relations));
    }

    public String name() {
        return name;
    }

    /** Node type names, in a stable order. */
    public List<String> nodeTypes() {
        return List.copyOf(nodeTables.keySet());
    }

    public NodeTable nodes(String type) {
        NodeTable table = nodeTables.get(type);
        if (table == null) {
            throw new IllegalArgumentException(
                    "graph '" + name + "' has no node type '" + type + "'; it has " + nodeTables.keySet());
        }
        return table;
    }

    public boolean hasNodeType(String type) {
        return nodeTables.containsKey(type);
    }

    public int numNodes(String type) {
        return nodes(type).count();
    }

    /** Relation types, in a stable order (each directed relation followed by its reverse). */
    public List<RelationType> relationTypes() {
        return List.copyOf(relations.keySet());
    }

    public CsrAdjacency adjacency(RelationType relation) {
        CsrAdjacency adjacency = relations.get(relation);
        if (adjacency == null) {
            throw new IllegalArgumentException("graph '" + name + "' has no relation " + relation);
        }
        return adjacency;
    }

    /** Looks a relation up by its name alone, or by its {@code src__name__dst} key. */
    public RelationType relation(String nameOrKey) {
        List<RelationType> matches = new ArrayList<>();
        for (RelationType r : relations.keySet()) {
            if (r.key().equals(nameOrKey)) {
                return r;
            }
            if (r.name().equals(nameOrKey)) {
                matches.add(r);
            }
        }
        if (matches.size() == 1) {
            return matches.get(0);
        }
        throw new IllegalArgumentException("graph '" + name + "' has "
                + (matches.isEmpty() ? "no" : "more than one") + " relation named '" + nameOrKey
                + "'; relations: " + relations.keySet());
    }

    /** Relations whose source type is {@code type}. */
    public List<RelationType> relationsFrom(String type) {
        return relations.keySet().stream().filter(r -> r.source().equals(type)).toList();
    }

    /** Relations whose target type is {@code type}. */
    public List<RelationType> relationsInto(String type) {
        return relations.keySet().stream().filter(r -> r.target().equals(type)).toList();
    }

    public boolean isHomogeneous() {
        return nodeTables.size() == 1;
    }

    public long totalNodes() {
        return nodeTables.values().stream().mapToLong(NodeTable::count).sum();
    }

    /** Stored directed edges over all relations (reverse relations included). */
    public long totalEdges() {
        return relations.values().stream().mapToLong(CsrAdjacency::numEdges).sum();
    }

    /** Heap bytes held by adjacency and numeric node columns. */
    public long memoryBytes() {
        long bytes = 0;
        for (CsrAdjacency a : relations.values()) {
            bytes += a.memoryBytes();
        }
        for (NodeTable t : nodeTables.values()) {
            bytes += t.memoryBytes();
        }
        return bytes;
    }

    /**
     * The subgraph on the kept nodes of each type (types left out keep no nodes), with ids
     * renumbered in the order given and only the edges whose two ends are both kept.
     */
    public HeteroGraph induced(String newName, Map<String, int[]> keptNodes) {
        Map<String, NodeTable> tables = new LinkedHashMap<>();
        Map<String, int[]> oldToNew = new LinkedHashMap<>();
        for (NodeTable table : nodeTables.values()) {
            int[] kept = keptNodes.getOrDefault(table.name(), new int[0]);
            int[] map = new int[table.count()];
            Arrays.fill(map, -1);
            for (int i = 0; i < kept.length; i++) {
                map[kept[i]] = i;
            }
            oldToNew.put(table.name(), map);
            tables.put(table.name(), table.select(kept));
        }
        Map<RelationType, CsrAdjacency> rels = new LinkedHashMap<>();
        for (Map.Entry<RelationType, CsrAdjacency> e : relations.entrySet()) {
            RelationType r = e.getKey();
            rels.put(
                    r,
                    e.getValue()
                            .induced(
                                    oldToNew.get(r.source()),
                                            tables.get(r.source()).count(),
                                    oldToNew.get(r.target()),
                                            tables.get(r.target()).count()));
        }
        return new HeteroGraph(newName, tables, rels);
    }

    /** The same graph with one node table replaced (same type name and node count). */
    public HeteroGraph withNodes(NodeTable table) {
        NodeTable old = nodes(table.name());
        if (old.count() != table.count()) {
            throw new IllegalArgumentException("node type '" + table.name() + "' has " + old.count()
                    + " nodes; the replacement has " + table.count());
        }
        Map<String, NodeTable> tables = new LinkedHashMap<>(nodeTables);
        tables.put(table.name(), table);
        return new HeteroGraph(name, tables, relations);
    }

    /** The same graph with every node type's features scaled to sum 1 per row (GCN/GAT preprocessing). */
    public HeteroGraph withRowNormalizedFeatures() {
        HeteroGraph g = this;
        for (NodeTable t : nodeTables.values()) {
            if (t.features() != null) {
                g = g.withNodes(t.withFeatures(t.features().rowNormalized()));
            }
        }
        return g;
    }

    /**
     * A short content fingerprint (SHA-256 over counts, relation shapes and a sample of edges),
     * stored in model manifests to tell which data a model was trained on. Text-derived input
     * features do not count: they are computed from the data, not part of it.
     */
    public String fingerprint() {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (NodeTable t : nodeTables.values()) {
                digest.update(
                        (t.name() + ":" + t.count() + ":" + t.dataFeatureDim() + ";").getBytes(StandardCharsets.UTF_8));
            }
            for (Map.Entry<RelationType, CsrAdjacency> e : relations.entrySet()) {
                CsrAdjacency a = e.getValue();
                digest.update((e.getKey().key() + ":" + a.numEdges() + ";").getBytes(StandardCharsets.UTF_8));
                int[] targets = a.targetArray();
                int stride = Math.max(1, targets.length / 4096);
                for (int i = 0; i < targets.length; i += stride) {
                    int v = targets[i];
                    digest.update(new byte[] {(byte) v, (byte) (v >>> 8), (byte) (v >>> 16), (byte) (v >>> 24)});
                }
            }
            return HexFormat.of().formatHex(digest.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Node types and their counts, for reports. */
    public String describe() {
        StringBuilder sb = new StringBuilder(name).append(": ");
        for (String t : nodeTypes()) {
            NodeTable table = nodes(t);
            sb.append(t).append(' ').append(table.count()).append(" (");
            if (table.hasTextDerivedFeatures() && table.dataFeatureDim() > 0) {
                sb.append("dim ")
                        .append(table.dataFeatureDim())
                        .append(" + text ")
                        .append(table.featureDim() - table.dataFeatureDim());
            } else {
                sb.append(table.hasTextDerivedFeatures() ? "text, dim " : "dim ")
                        .append(table.featureDim());
            }
            sb.append("), ");
        }
        return sb.append(totalEdges()).append(" stored edges").toString();
    }

    @Override
    public String toString() {
        return "HeteroGraph[" + name + ", " + nodeTables.size() + " node types, " + totalNodes() + " nodes, "
                + relations.size() + " relations, " + totalEdges() + " edges]";
    }
}
