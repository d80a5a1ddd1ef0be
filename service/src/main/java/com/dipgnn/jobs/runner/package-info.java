/**
 * Job execution (engine; no Spring): a pre-training or fine-tuning job's parameters, run on a
 * loaded graph with progress, cancellation and checkpoints, to a model directory. Uses the engine
 * packages only; the service's {@code jobs} package calls it. The parameter records still carry the
 * HTTP API's annotations (issue 18 moves them to the service side). See docs/service.md.
 */
package com.dipgnn.jobs.runner;
