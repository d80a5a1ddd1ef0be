/**
 * Benchmarks behind the command line's {@code bench} (no Spring): training and pre-training steps,
 * memory, scaling projections, recommendation and recommender figures, FLOP counts and matmul
 * ceilings.
 * Uses the engine packages; part of the application, not the engine, so the engine jar carries no
 * benchmark (nor its JNA and JDK management probes). See docs/performance.md.
 */
@PartOf(Part.APPLICATION)
package com.dipgnn.bench;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
