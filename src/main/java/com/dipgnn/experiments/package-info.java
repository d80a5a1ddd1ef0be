/**
 * Reproductions (engine; no Spring): methods compared over paired seeds, paired t-tests, the
 * reports and their SVG plots. Uses graph, pretraining, recommend, store and training. See
 * docs/results.md.
 */
package com.dipgnn.experiments;
