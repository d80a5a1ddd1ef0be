package com.dipgnn.graph.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The files of a delimited graph folder: {@code nodes/<type>.<ext>} and
 * {@code edges/<src>__<rel>__<dst>.<ext>}, where {@code <ext>} is csv, tsv, csv.gz or tsv.gz.
 */
final class DelimitedLayout {

    static final String NODES = "nodes";
    static final String EDGES = "edges";

    private static final List<String> EXTENSIONS = List.of(".csv", ".tsv", ".csv.gz", ".tsv.gz");

    /**
     * One table file.
     *
     * @param name the file name without its extension: a node type or a relation key
     * @param file the file
     */
    record TableFile(String name, Path file) {}

    private DelimitedLayout() {}

    /** The node tables, sorted by type name. */
    static List<TableFile> nodeFiles(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new GraphDataException(
                    dir,
                    0,
                    "graph folder not found",
                    "expected a folder with nodes/ and edges/ (see docs/data-format.md)");
        }
        Path nodes = dir.resolve(NODES);
        if (!Files.isDirectory(nodes)) {
            throw new GraphDataException(
                    nodes,
                    0,
                    "folder not found",
                    "expected a folder nodes/ with one table per node type, such as nodes/paper.csv");
        }
        return tables(nodes, "nodes/<type>");
    }

    /** The edge lists, sorted by relation key; none when there is no edges/ folder. */
    static List<TableFile> edgeFiles(Path dir) {
        Path edges = dir.resolve(EDGES);
        return Files.isDirectory(edges) ? tables(edges, "edges/<src>__<relation>__<dst>") : List.of();
    }

    private static List<TableFile> tables(Path folder, String pattern) {
        Map<String, Path> byName = new TreeMap<>();
        for (Path file : list(folder)) {
            String name = tableName(file);
            if (name == null) {
                throw new GraphDataException(
                        file,
                        0,
                        "not a table file",
                        "name the files " + pattern + " with one of the endings " + String.join(", ", EXTENSIONS));
            }
            Path other = byName.put(name, file);
            if (other != null) {
                throw new GraphDataException(
                        file,
                        0,
                        "'" + name + "' also has the file " + other.getFileName(),
                        "keep exactly one file per table");
            }
        }
        List<TableFile> tables = new ArrayList<>();
        byName.forEach((name, file) -> tables.add(new TableFile(name, file)));
        return tables;
    }

    private static List<Path> list(Path folder) {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> !f.getFileName().toString().startsWith("."))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw DataFiles.readFailure(folder, 0, e);
        }
    }

    private static String tableName(Path file) {
        String fileName = file.getFileName().toString();
        for (String extension : EXTENSIONS) {
            if (fileName.endsWith(extension) && fileName.length() > extension.length()) {
                return fileName.substring(0, fileName.length() - extension.length());
            }
        }
        return null;
    }

    /** Opens a table as CSV or TSV, by its name. */
    static RecordReader open(Path file, String expectedAs, InputLimits limits) {
        String fileName = file.getFileName().toString();
        return fileName.endsWith(".csv") || fileName.endsWith(".csv.gz")
                ? CsvRecordReader.open(file, expectedAs, limits)
                : TsvRecordReader.open(file, expectedAs, limits);
    }
}
