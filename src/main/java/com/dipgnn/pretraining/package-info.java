/**
 * Pre-training methods (engine; no Spring): DiP-GNN, GPT-GNN-style, GAE and the ablations, their
 * objectives, checkpoints and saved encoders. See docs/pretraining.md.
 */
@PartOf(Part.ENGINE)
package com.dipgnn.pretraining;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
