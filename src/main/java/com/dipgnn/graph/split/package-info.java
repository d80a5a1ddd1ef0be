/**
 * Splits of a graph (engine; no Spring): the paper's node-transfer split, a data set's own split,
 * time splits, and the induced subgraphs each side sees. Uses {@code graph} only. See docs/engine.md.
 */
@PartOf(Part.ENGINE)
package com.dipgnn.graph.split;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
