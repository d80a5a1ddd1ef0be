/**
 * Seeded synthetic graphs (engine; no Spring): community graphs, the query-product graph the
 * service ships as its embedded default, OAG-shaped and random heterogeneous graphs, with text and
 * features. Uses {@code graph} only. See docs/engine.md.
 */
@PartOf(Part.ENGINE)
package com.dipgnn.graph.synthetic;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
