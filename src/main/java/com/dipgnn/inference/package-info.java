/**
 * Inference (engine; no Spring): every node's embedding from a trained encoder, exactly layer by
 * layer ({@link com.dipgnn.inference.LayerwiseEmbedder}) or through sampled subgraphs
 * ({@link com.dipgnn.inference.NodeEmbedder}), shared by evaluation, deployments, the embed job and
 * Spark; and how a model reads its inputs: the preparation pre-training and fine-tuning share
 * ({@link com.dipgnn.inference.PreparedInputs}) and the files saved with the model.
 */
@PartOf(Part.ENGINE)
package com.dipgnn.inference;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
