/**
 * Training jobs on the service side (Spring): the job table and its repository, submission,
 * the worker pool that runs queued jobs ({@link com.dipgnn.jobs.JobExecutor}), job events and
 * metrics. Runs each job through the engine's {@code jobs.runner}; may use the service packages
 * (config, datasets, errors, registry) and the engine. See docs/service.md.
 */
@PartOf(Part.SERVICE)
package com.dipgnn.jobs;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
