package com.dipgnn.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which node types an input option applies to: {@code auto} (the featureless types), {@code none},
 * {@code all}, or an explicit list of type names.
 *
 * @param mode how the types are chosen
 * @param types the listed types ({@link Mode#LIST} only; empty otherwise)
 */
public record TypeSelection(Mode mode, List<String> types) {

    /** How a selection chooses its types. */
    public enum Mode {
        AUTO,
        NONE,
        ALL,
        LIST
    }

    public static final TypeSelection AUTO = new TypeSelection(Mode.AUTO, List.of());
    public static final TypeSelection NONE = new TypeSelection(Mode.NONE, List.of());
    public static final TypeSelection ALL = new TypeSelection(Mode.ALL, List.of());

    public TypeSelection {
        types = List.copyOf(types);
        if ((mode == Mode.LIST) == types.isEmpty()) {
            throw new IllegalArgumentException(
                    "a list of node types needs at least one type, and only a list has types");
        }
    }

    /**
     * Parses {@code auto}, {@code none}, {@code all} or a comma-separated list of node types.
     *
     * @throws IllegalArgumentException when the text is empty
     */
    public static TypeSelection parse(String text) {
        String value = text == null ? "" : text.trim();
        switch (value.toLowerCase(Locale.ROOT)) {
            case "auto":
                return AUTO;
            case "none":
                return NONE;
            case "all":
                return ALL;
            default:
                break;
        }
        List<String> listed = new ArrayList<>();
        for (String part : value.split(",")) {
            if (!part.isBlank() && !listed.contains(part.trim())) {
                listed.add(part.trim());
            }
        }
        if (listed.isEmpty()) {
            throw new IllegalArgumentException(
                    "expected auto, none, all or a comma-separated list of node types; got '" + text + "'");
        }
        return new TypeSelection(Mode.LIST, listed);
    }

    /**
     * The selected types among a schema's, in the schema's order.
     *
     * @param featureDims feature width per node type (0: featureless)
     * @throws IllegalArgumentException when a listed type is not in the schema
     */
    public Set<String> resolve(Map<String, Integer> featureDims) {
        for (String t : types) {
            if (!featureDims.containsKey(t)) {
                throw new IllegalArgumentException(
                        "node type '" + t + "' is not in the graph; its types are " + featureDims.keySet());
            }
        }
        Set<String> chosen = new LinkedHashSet<>();
        featureDims.forEach((type, dim) -> {
            boolean in = switch (mode) {
                case AUTO -> dim == 0;
                case NONE -> false;
                case ALL -> true;
                case LIST -> types.contains(type);
            };
            if (in) {
                chosen.add(type);
            }
        });
        return chosen;
    }

    /**
     * An {@code auto} selection as the list of its types among {@code featureDims} plus
     * {@code extra}; other selections unchanged (an explicit choice is kept).
     */
    public TypeSelection withAutoPlus(Map<String, Integer> featureDims, Collection<String> extra) {
        if (mode != Mode.AUTO) {
            return this;
        }
        Set<String> chosen = new LinkedHashSet<>(resolve(featureDims));
        chosen.addAll(extra);
        return new TypeSelection(Mode.LIST, List.copyOf(chosen));
    }

    /** The form {@link #parse} reads. */
    @Override
    public String toString() {
        return mode == Mode.LIST ? String.join(",", types) : mode.name().toLowerCase(Locale.ROOT);
    }
}
