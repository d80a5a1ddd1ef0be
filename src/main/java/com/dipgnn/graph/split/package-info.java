/**
 * Splits of a graph (engine; no Spring): the paper's node-transfer split, a data set's own split,
 * time splits, edge splits of a relation, and the induced subgraphs each side sees; what pre-training
 * sees of a graph has one owner, {@link com.dipgnn.graph.split.PretrainSplit}. Uses {@code graph} only. See docs/engine.md.
 */
@PartOf(Part.ENGINE)
package com.dipgnn.graph.split;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
