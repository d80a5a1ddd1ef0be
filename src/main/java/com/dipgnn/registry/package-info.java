/**
 * The model registry (Spring): model versions, their kinds, filters and repository. Uses config,
 * datasets, errors and the engine's model store. See docs/service.md.
 */
package com.dipgnn.registry;
