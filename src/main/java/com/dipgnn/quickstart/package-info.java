/**
 * The first-start demonstration of the service (service side): on the embedded defaults, a small
 * pre-training, fine-tuning and deployment of the built-in graph, submitted as ordinary jobs. May
 * use the jobs, deployments, datasets and config packages and the engine; nothing uses it.
 */
@PartOf(Part.SERVICE)
package com.dipgnn.quickstart;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
