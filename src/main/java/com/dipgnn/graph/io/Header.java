package com.dipgnn.graph.io;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The column names of a delimited file, looked up by name. */
final class Header {

    private final Path file;
    private final List<String> names;
    private final Map<String, Integer> index = new HashMap<>();
    private final String expected;

    private Header(Path file, List<String> names, String expected) {
        this.file = file;
        this.names = List.copyOf(names);
        this.expected = expected;
        for (int i = 0; i < names.size(); i++) {
            if (index.putIfAbsent(names.get(i), i) != null) {
                throw new GraphDataException(
                        file,
                        1,
                        "column " + Excerpt.of(names.get(i)) + " appears twice in the header",
                        "column names must be unique");
            }
        }
    }

    /**
     * Reads the header line.
     *
     * @param expected the columns the file should have, for messages (e.g. "id, key, label")
     */
    static Header read(RecordReader reader, String expected) {
        return new Header(reader.file(), reader.header(expected), expected);
    }

    /** The index of a column that must be present. */
    int required(String name) {
        Integer i = index.get(name);
        if (i == null) {
            throw new GraphDataException(
                    file,
                    1,
                    "the header lacks the column '" + name + "' (it has " + Excerpt.ofAll(names) + ")",
                    "expected the columns " + expected);
        }
        return i;
    }

    /** The index of a column, or -1 when absent. */
    int optional(String name) {
        Integer i = index.get(name);
        return i == null ? -1 : i;
    }

    int size() {
        return names.size();
    }

    List<String> names() {
        return names;
    }

    /** Fails unless the current record of {@code reader} has one field per column. */
    void checkFieldCount(RecordReader reader) {
        if (reader.fieldCount() != names.size()) {
            reader.requireFieldCount(names.size(), "one per column: " + String.join(", ", names));
        }
    }
}
