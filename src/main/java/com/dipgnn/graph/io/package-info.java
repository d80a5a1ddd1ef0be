/**
 * Reading graphs from files (engine; no Spring): the {@code gnnfmt-1} data sets, delimited
 * (CSV/TSV) node and edge files, bounded record readers and input limits, and errors that name the
 * file, line and fix. Uses {@code graph} only. See docs/engine.md.
 */
@PartOf(Part.ENGINE)
package com.dipgnn.graph.io;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
