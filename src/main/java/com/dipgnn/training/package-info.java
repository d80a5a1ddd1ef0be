/**
 * Fine-tuning (engine; no Spring): tasks, the optimizer (dense AdamW and lazy Adam for per-node
 * embedding tables) and fine-tuning checkpoints; models are written through
 * {@code com.dipgnn.store}. See docs/engine.md.
 */
package com.dipgnn.training;
