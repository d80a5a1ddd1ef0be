/**
 * Housekeeping of the service's data directory: at start, what interrupted writes of an earlier
 * process left behind (partial uploads, extractions, models, checkpoints, cache files, the web
 * server's spooled uploads) is removed, logged and counted. Uses the service's configuration and
 * Micrometer; nothing of the engine.
 */
package com.dipgnn.housekeeping;
