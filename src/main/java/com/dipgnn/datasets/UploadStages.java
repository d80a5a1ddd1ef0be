package com.dipgnn.datasets;

import java.nio.file.Path;

/**
 * Told when an upload reaches a stage of its handling; the service has none (a bean of this type,
 * when there is one, is told), so that a test can act while an upload is in progress, e.g. start
 * another process on the same data directory while one is validating.
 */
@FunctionalInterface
public interface UploadStages {

    /** Does nothing. */
    UploadStages NONE = extracted -> {};

    /** The archive is extracted into {@code extracted}; the graph is loaded and checked next. */
    void validating(Path extracted);
}
