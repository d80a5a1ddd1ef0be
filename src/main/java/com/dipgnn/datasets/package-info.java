/**
 * Data sets on the service side (Spring): uploads, archives, links to directories, the built-in
 * synthetic graphs, their table and loaded graphs. Uses config, errors and the engine's graph
 * loaders. See docs/service.md.
 */
@PartOf(Part.SERVICE)
package com.dipgnn.datasets;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
