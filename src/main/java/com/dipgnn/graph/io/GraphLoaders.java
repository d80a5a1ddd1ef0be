package com.dipgnn.graph.io;

import com.dipgnn.graph.HeteroGraph;
import java.nio.file.Path;

/** Loads a graph folder in whichever layout it uses: gnnfmt-1 (it has a meta.json) or delimited tables. */
public final class GraphLoaders {

    private GraphLoaders() {}

    /** Loads a data set by name (under the data sets folder) or by path; see {@link DatasetLocator#resolve}. */
    public static HeteroGraph load(String nameOrPath, LoadOptions options) {
        return load(DatasetLocator.resolve(nameOrPath), options);
    }

    /** Loads the graph folder {@code dir}. */
    public static HeteroGraph load(Path dir, LoadOptions options) {
        return GnnFmtLoader.isGnnFmt(dir)
                ? new GnnFmtLoader(options).load(dir)
                : new DelimitedGraphLoader(options).load(dir);
    }
}
