/**
 * Inference on a deployed model (engine; no Spring): embeddings of every node, link scores,
 * top-k indexes, classification and new nodes, whose features are prepared as the model's training
 * prepared the graph's (its stored text inputs and feature scaling). See docs/service.md.
 */
@PartOf(Part.ENGINE)
package com.dipgnn.serving;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
