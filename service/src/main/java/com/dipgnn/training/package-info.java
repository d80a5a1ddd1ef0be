/**
 * Fine-tuning (engine; no Spring): tasks, the optimizer (dense AdamW and lazy Adam for per-node
 * embedding tables), checkpoints, and the model store. See docs/engine.md.
 */
package com.dipgnn.training;
