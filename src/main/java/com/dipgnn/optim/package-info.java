/**
 * Optimisation (engine; no Spring): one training step ({@link com.dipgnn.optim.TrainingStep}), the
 * parameter updater (dense AdamW and lazy Adam for per-node embedding tables), learning-rate
 * schedules, and the listener and cancellation that every trainer (pre-training, fine-tuning,
 * recommenders) shares. Uses the model and DJL only.
 */
@PartOf(Part.ENGINE)
package com.dipgnn.optim;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
