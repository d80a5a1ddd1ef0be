package com.dipgnn.cli;

import com.dipgnn.graph.io.DatasetLocator;
import com.dipgnn.graph.io.GraphDataException;
import com.dipgnn.graph.synthetic.GraphLocations;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What the service stored in its data directory, read by the command line without the service: a
 * model by its id ({@code <data dir>/models/<id>}), an uploaded data set by its id
 * ({@code <data dir>/datasets/<id>}), and the service's built-in graph by its id. The directory is
 * {@code --data-dir}, else {@value #DATA_DIR_ENV}, else {@code ./dipgnn-data}, the service's default.
 * Data sets registered from a server folder or as synthetic graphs are in the service's database,
 * which the command line does not read: give their folder or their {@code synthetic:} location.
 */
final class ServiceData {

    /** The environment variable the service reads its data directory from, read here too. */
    static final String DATA_DIR_ENV = "DIPGNN_DATA_DIR";

    private static final Path DEFAULT_DIR = Path.of("dipgnn-data");
    /** The service's built-in data set ids and the generators the command line names them by. */
    private static final Map<String, String> BUILTIN = Map.of("query-product", GraphLocations.QUERY_PRODUCT);

    private final Path dir;

    private ServiceData(Path dir) {
        this.dir = dir;
    }

    /** The data directory {@code given}, or the environment's, or the service's default. */
    static ServiceData at(Path given) {
        if (given != null) {
            return new ServiceData(given);
        }
        String env = System.getenv(DATA_DIR_ENV);
        return new ServiceData(env == null || env.isBlank() ? DEFAULT_DIR : Path.of(env));
    }

    /**
     * The model directory {@code given} names: a directory, or the id of a model the service stored.
     *
     * @throws IllegalArgumentException saying which models there are and how to name them
     */
    Path model(String option, String given) {
        Path path = Path.of(given);
        if (Files.isDirectory(path)) {
            return path;
        }
        Path stored = dir.resolve("models").resolve(given);
        if (!given.contains("/") && Files.isDirectory(stored)) {
            return stored;
        }
        String where = given.contains("/")
                ? ""
                : ", and no model '" + given + "' in " + dir.resolve("models") + listing(dir.resolve("models"));
        throw new IllegalArgumentException(option + " " + given + ": no such model directory" + where
                + "; give a model directory (pretrain --save, finetune --save) or a model id the service stored "
                + "(GET /api/v1/models), with --data-dir for a data directory other than " + dir);
    }

    /**
     * The location of data set {@code given} as {@link GraphLocations#load} takes it: itself when it
     * is a folder, a data set name or a synthetic location; else the folder of a data set the service
     * stored under that id, or the generator of its built-in one.
     *
     * @throws GraphDataException saying which data sets there are and how to name them
     */
    String dataset(String given) {
        if (given.startsWith("synthetic:") || Files.exists(Path.of(given)) || findable(given)) {
            return given;
        }
        Path uploaded = dir.resolve("datasets").resolve(given);
        if (!given.contains("/") && Files.isDirectory(uploaded)) {
            try {
                return DatasetLocator.graphFolderIn(uploaded).toString(); // where the service loads it from
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list the uploaded data set " + uploaded, e);
            }
        }
        String builtin = BUILTIN.get(given);
        if (builtin != null) {
            return builtin;
        }
        throw new GraphDataException(
                null,
                0,
                "data set '" + given + "' not found: not a folder, not a data set in "
                        + DatasetLocator.findDatasetsRoot()
                                .map(Path::toString)
                                .orElse("the data sets folder (none set)")
                        + ", and not a data set the service uploaded to " + dir.resolve("datasets")
                        + listing(dir.resolve("datasets")),
                "give a graph folder, a synthetic: location (" + GraphLocations.QUERY_PRODUCT
                        + " is the service's built-in query-product), or the id of an uploaded data set with "
                        + "--data-dir for a data directory other than " + dir);
    }

    private static boolean findable(String name) {
        try {
            DatasetLocator.resolve(name);
            return true;
        } catch (GraphDataException e) {
            return false;
        }
    }

    /** {@code (it holds: a, b, c)}, the first 20 names of a folder's visible entries, or that it has none. */
    private static String listing(Path folder) {
        if (!Files.isDirectory(folder)) {
            return " (there is no such folder)";
        }
        try (Stream<Path> entries = Files.list(folder)) {
            List<String> names = entries.map(p -> p.getFileName().toString())
                    .filter(n -> !n.startsWith("."))
                    .sorted()
                    .toList();
            if (names.isEmpty()) {
                return " (it holds none)";
            }
            String shown = String.join(", ", names.subList(0, Math.min(20, names.size())));
            return " (it holds " + shown + (names.size() > 20 ? " and " + (names.size() - 20) + " more" : "") + ")";
        } catch (IOException e) {
            return " (cannot list it: " + e.getMessage() + ")";
        }
    }
}
