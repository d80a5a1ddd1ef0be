/**
 * Reproductions (engine; no Spring): methods compared over paired seeds, paired t-tests, the
 * reports and their SVG plots. Uses graph, pretraining, recommend, store and training. See
 * docs/results.md.
 */
@PartOf(Part.ENGINE)
package com.dipgnn.experiments;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
