/**
 * Deployments on the service side (Spring): loading, switching and reloading deployed models,
 * their states, health, node keys and serving metrics. Uses config, datasets, errors, registry and
 * the engine's {@code serving}. See docs/service.md.
 */
@PartOf(Part.SERVICE)
package com.dipgnn.deployments;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
