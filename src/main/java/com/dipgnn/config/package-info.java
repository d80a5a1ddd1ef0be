/**
 * The service's configuration (Spring): typed {@code dipgnn.*} properties, the engine's beans
 * and the process role of a replica. May use the engine packages it configures. See docs/service.md.
 */
@PartOf(Part.SERVICE)
package com.dipgnn.config;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
