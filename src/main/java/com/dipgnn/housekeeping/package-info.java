/**
 * Housekeeping of the shared data directory: which processes are alive (an owner token per
 * process with a heartbeat in the database), where the web server spools uploads (a directory per
 * owner), and the sweeps, at start and periodically, that remove what the interrupted writes of
 * dead owners left behind (partial uploads, extractions, models, checkpoints, cache files, spooled
 * uploads), logged and counted. Uses the service's configuration, the database, Micrometer, the
 * upload names of datasets and the store's owner tokens and temporary names; nothing else of the
 * engine.
 */
@PartOf(Part.SERVICE)
package com.dipgnn.housekeeping;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
