/**
 * Benchmarks (engine; no Spring) behind {@code bench}: training and pre-training steps, memory,
 * scaling projections, recommendation and recommender figures, FLOP counts and matmul ceilings.
 * Uses the engine packages. See docs/performance.md.
 */
package com.dipgnn.bench;
