/**
 * The model registry (Spring): model versions, their kinds, filters and repository. Uses config,
 * datasets, errors and the engine's model store. See docs/service.md.
 */
@PartOf(Part.SERVICE)
package com.dipgnn.registry;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
