package com.dipgnn.graph.io;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where the known columns of a delimited node table are: {@code id} (required), {@code label},
 * {@code split}, {@code time}, {@code text}, and features as {@code f0..fN-1} (dense) or one
 * {@code features} column of {@code index:value} pairs (sparse). -1 marks an absent column.
 */
final class DelimitedNodeColumns {

    static final String ALLOWED = "id, label, split, time, text, and either f0, f1, ... (dense features) "
            + "or features (sparse index:value pairs)";

    int id = -1;
    int label = -1;
    int split = -1;
    int time = -1;
    int text = -1;
    int sparse = -1;
    int[] dense = new int[0];

    private DelimitedNodeColumns() {}

    static DelimitedNodeColumns of(Path file, Header header) {
        DelimitedNodeColumns columns = new DelimitedNodeColumns();
        Map<Integer, Integer> denseByIndex = new TreeMap<>();
        for (int i = 0; i < header.size(); i++) {
            String name = header.names().get(i);
            switch (name) {
                case "id" -> columns.id = i;
                case "label" -> columns.label = i;
                case "split" -> columns.split = i;
                case "time" -> columns.time = i;
                case "text" -> columns.text = i;
                case "features" -> columns.sparse = i;
                default -> denseByIndex.put(denseIndex(file, name), i);
            }
        }
        header.required("id");
        columns.dense = denseColumns(file, denseByIndex);
        if (columns.dense.length > 0 && columns.sparse >= 0) {
            throw new GraphDataException(
                    file,
                    1,
                    "the header has both dense feature columns (f0, ...) and a " + "sparse 'features' column",
                    "keep one of the two");
        }
        return columns;
    }

    private static int denseIndex(Path file, String name) {
        boolean digits = name.length() > 1
                && name.length() < 10
                && name.charAt(0) == 'f'
                && name.chars().skip(1).allMatch(Character::isDigit)
                && (name.length() == 2 || name.charAt(1) != '0');
        if (!digits) {
            throw new GraphDataException(file, 1, "unknown column " + Excerpt.of(name), "expected only " + ALLOWED);
        }
        return Integer.parseInt(name.substring(1));
    }

    private static int[] denseColumns(Path file, Map<Integer, Integer> byIndex) {
        int[] columns = new int[byIndex.size()];
        int expected = 0;
        for (Map.Entry<Integer, Integer> e : byIndex.entrySet()) {
            if (e.getKey() != expected) {
                throw new GraphDataException(
                        file,
                        1,
                        "dense feature column f" + expected + " is missing (the header has f" + e.getKey() + ")",
                        "dense features are the columns f0, f1, f2, ... numbered without gaps");
            }
            columns[expected++] = e.getValue();
        }
        return columns;
    }
}
