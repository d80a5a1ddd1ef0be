/**
 * Inference on a deployed model (engine; no Spring): embeddings of every node, link scores,
 * top-k indexes, classification and new nodes. See docs/service.md.
 */
package com.dipgnn.serving;
