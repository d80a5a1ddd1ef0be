/**
 * Deployments on the service side (Spring): loading, switching and reloading deployed models,
 * their states, health, node keys and serving metrics. Uses config, datasets, errors, registry and
 * the engine's {@code serving}. See docs/service.md.
 */
package com.dipgnn.deployments;
