/**
 * Job execution (engine; no Spring, no HTTP types): a pre-training or fine-tuning job's
 * {@link com.dipgnn.jobs.runner.JobPlan} run on a loaded graph with progress, cancellation and
 * checkpoints, to a model directory; an embedding job's, to a directory of every node's embedding
 * (through {@code serving}). Uses the engine packages only; the service maps a job's HTTP
 * parameters ({@code com.dipgnn.jobs.parameters}) to a plan and calls it. See docs/service.md.
 */
@PartOf(Part.ENGINE)
package com.dipgnn.jobs.runner;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
