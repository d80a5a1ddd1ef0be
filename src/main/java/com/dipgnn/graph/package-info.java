/**
 * Heterogeneous graphs (engine; no Spring): node tables, CSR adjacency per relation, builders and
 * edits, and how node features are prepared for a model: the standardisation of dense feature
 * columns ({@link com.dipgnn.graph.FeatureScaling}, stored with every model as
 * {@code feature-scaling.json}) or row normalisation ({@link com.dipgnn.graph.FeaturePreprocessing}).
 * Loaders, splits and synthetic graphs live in the sub-packages. See docs/engine.md.
 */
@PartOf(Part.ENGINE)
package com.dipgnn.graph;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
