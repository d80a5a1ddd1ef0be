/**
 * Heterogeneous graphs (engine; no Spring): node tables, CSR adjacency per relation, builders and
 * edits. Loaders, splits and synthetic graphs live in the sub-packages.
 */
package com.dipgnn.graph;
