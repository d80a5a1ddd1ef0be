/**
 * Graph encoders on DJL (engine; no Spring): the message-passing layers (HGT, GAT), the input
 * layer with its per-node embedding tables and structural inputs, task heads, and the graph
 * primitives DJL lacks. See docs/engine.md.
 */
@PartOf(Part.ENGINE)
package com.dipgnn.model;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
