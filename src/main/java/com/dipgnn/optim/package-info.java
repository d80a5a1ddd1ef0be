/**
 * Optimisation (engine; no Spring): the seeded initialisation every trainer starts with
 * ({@link com.dipgnn.optim.ModelInitialization}), one training step ({@link com.dipgnn.optim.TrainingStep}), the
 * parameter updater (dense AdamW and lazy Adam for per-node embedding tables), learning-rate
 * schedules, and the listener and cancellation that every trainer (pre-training, fine-tuning,
 * recommenders) shares. Uses the model, the runtime and DJL only.
 */
@PartOf(Part.ENGINE)
package com.dipgnn.optim;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
