/**
 * Fine-tuning (engine; no Spring): the node-classification and link-prediction tasks, the
 * fine-tuning loop and its checkpoints, metrics and the experiment that ties a graph, a model and a
 * task together. The optimizer lives in {@code com.dipgnn.optim}, the embedders that serving shares
 * in {@code com.dipgnn.inference}; models are written through {@code com.dipgnn.store}. See
 * docs/engine.md.
 */
@PartOf(Part.ENGINE)
package com.dipgnn.finetuning;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
