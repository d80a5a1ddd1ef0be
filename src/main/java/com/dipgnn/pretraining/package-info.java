/**
 * Pre-training methods (engine; no Spring): DiP-GNN, GPT-GNN-style, GAE and the ablations, their
 * objectives, checkpoints and saved encoders. See docs/pretraining.md.
 */
package com.dipgnn.pretraining;
