package com.dipgnn.datasets;

/** Where a data set's graph comes from. */
public enum DatasetSource {
    /** A synthetic generator built into the service. */
    BUILTIN,
    /** A directory on the server, registered by path. */
    DIRECTORY,
    /** An archive uploaded to the service and extracted under its data directory. */
    UPLOAD
}
