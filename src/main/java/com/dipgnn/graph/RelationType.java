package com.dipgnn.graph;

import java.util.Objects;

/**
 * A typed relation: edges go from nodes of {@code source} type to nodes of {@code target} type.
 * Messages flow along the relation, from source to target.
 *
 * @param source the source node type
 * @param name the relation name, unique together with the two types
 * @param target the target node type
 */
public record RelationType(String source, String name, String target) {

    /** Prefix of the name of a relation added as the reverse of a directed one. */
    public static final String REVERSE_PREFIX = "rev_";

    public RelationType {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(target, "target");
    }

    /** Parses the canonical {@code source__name__target} form used by file names. */
    public static RelationType parse(String key) {
        String[] parts = key.split("__", -1);
        if (parts.length != 3 || parts[0].isEmpty() || parts[1].isEmpty() || parts[2].isEmpty()) {
            throw new IllegalArgumentException(
                    "relation '" + key + "' is not of the form <source>__<relation>__<target>");
        }
        return new RelationType(parts[0], parts[1], parts[2]);
    }

    /** The canonical {@code source__name__target} key. */
    public String key() {
        return source + "__" + name + "__" + target;
    }

    /** The relation in the opposite direction ({@code rev_name}, or the original name back). */
    public RelationType reverse() {
        String reversed = isReverse() ? name.substring(REVERSE_PREFIX.length()) : REVERSE_PREFIX + name;
        return new RelationType(target, reversed, source);
    }

    /** Whether this relation was added as the reverse of a directed relation. */
    public boolean isReverse() {
        return name.startsWith(REVERSE_PREFIX);
    }

    @Override
    public String toString() {
        return key();
    }
}
