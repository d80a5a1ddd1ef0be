package com.dipgnn.graph.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds the shared folder of real data sets and resolves a data set name or path. The folder is
 * the system property {@value #PROPERTY}, else the environment variable {@value #ENVIRONMENT},
 * else the first existing of {@code ../shared/datasets} and {@code ../../shared/datasets}
 * relative to the working directory.
 */
public final class DatasetLocator {

    /** System property naming the data sets folder. */
    public static final String PROPERTY = "dipgnn.datasets";

    /** Environment variable naming the data sets folder (used when the property is not set). */
    public static final String ENVIRONMENT = "DIPGNN_DATASETS";

    private static final List<String> RELATIVE_CANDIDATES = List.of("../shared/datasets", "../../shared/datasets");

    private DatasetLocator() {}

    /**
     * The graph's folder in an unpacked archive {@code folder}: the one folder it holds when it holds
     * nothing else (an archive of a top folder, {@code zip -r g.zip graph/}), else {@code folder}
     * itself. The service loads an upload from there, and the command line finds it the same way.
     */
    public static Path graphFolderIn(Path folder) throws IOException {
        try (Stream<Path> children = Files.list(folder)) {
            List<Path> all = children.toList();
            return all.size() == 1 && Files.isDirectory(all.get(0)) ? all.get(0) : folder;
        }
    }

    /**
     * The data sets folder, or empty when none is found.
     *
     * @throws GraphDataException when the property or variable names a folder that does not exist
     */
    public static Optional<Path> findDatasetsRoot() {
        String configured = System.getProperty(PROPERTY);
        String source = "system property " + PROPERTY;
        if (configured == null || configured.isBlank()) {
            configured = System.getenv(ENVIRONMENT);
            source = "environment variable " + ENVIRONMENT;
        }
        if (configured != null && !configured.isBlank()) {
            Path root = Path.of(configured);
            if (!Files.isDirectory(root)) {
                throw new GraphDataException(
                        root,
                        0,
                        "the data sets folder named by the " + source + " does not exist",
                        "set it to the folder that holds the data sets (e.g. shared/datasets)");
            }
            return Optional.of(root);
        }
        return RELATIVE_CANDIDATES.stream()
                .map(Path::of)
                .filter(Files::isDirectory)
                .map(p -> p.toAbsolutePath().normalize())
                .findFirst();
    }

    /**
     * The data sets folder.
     *
     * @throws GraphDataException when none is found
     */
    public static Path datasetsRoot() {
        return findDatasetsRoot()
                .orElseThrow(() -> new GraphDataException(
                        null,
                        0,
                        "no data sets folder found (looked for " + String.join(" and ", RELATIVE_CANDIDATES) + " from "
                                + Path.of("").toAbsolutePath() + ")",
                        "set -D" + PROPERTY + "=<folder> or the environment variable " + ENVIRONMENT));
    }

    /** The names of the data sets in the folder (sub-folders with a meta.json), sorted; empty without a folder. */
    public static List<String> availableNames() {
        Optional<Path> root = findDatasetsRoot();
        if (root.isEmpty()) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(root.get())) {
            return children.filter(GnnFmtLoader::isGnnFmt)
                    .map(p -> p.getFileName().toString())
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw DataFiles.readFailure(root.get(), 0, e);
        }
    }

    /**
     * A data set folder: a plain name (such as {@code cora}) resolves under the data sets folder;
     * any other existing path is used as is.
     *
     * @throws GraphDataException listing the available names when neither applies
     */
    public static Path resolve(String nameOrPath) {
        if (nameOrPath == null || nameOrPath.isBlank()) {
            throw new GraphDataException(
                    null, 0, "no data set given", "give the path of a graph folder, or " + availableHint());
        }
        if (isPlainName(nameOrPath)) {
            Optional<Path> underRoot = findDatasetsRoot().map(root -> root.resolve(nameOrPath));
            if (underRoot.isPresent() && Files.isDirectory(underRoot.get())) {
                return underRoot.get();
            }
        }
        Path path = Path.of(nameOrPath);
        if (Files.exists(path)) {
            return path;
        }
        throw new GraphDataException(
                null,
                0,
                "data set '" + nameOrPath + "' not found",
                "give the path of a graph folder, or " + availableHint());
    }

    private static boolean isPlainName(String text) {
        return !text.contains("/") && !text.contains("\\") && !text.equals(".") && !text.equals("..");
    }

    private static String availableHint() {
        Optional<Path> root = findDatasetsRoot();
        if (root.isEmpty()) {
            return "set -D" + PROPERTY + " to the data sets folder to use names (none was found)";
        }
        return "one of the data sets in " + root.get() + ": " + String.join(", ", availableNames());
    }
}
