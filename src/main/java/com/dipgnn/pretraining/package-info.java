/**
 * Pre-training methods (engine; no Spring): DiP-GNN, GPT-GNN-style, GAE and the ablations, their
 * objectives, checkpoints and saved encoders, and {@link com.dipgnn.pretraining.PretrainingRun}, the one
 * entry point that prepares a graph's inputs, takes its pre-training part and pre-trains on it. See
 * docs/pretraining.md.
 */
@PartOf(Part.ENGINE)
package com.dipgnn.pretraining;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
