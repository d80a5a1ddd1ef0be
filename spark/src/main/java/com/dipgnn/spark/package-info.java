/**
 * The Spark batch-embedding job: embeds every node of a graph with a deployed model's weights on
 * Spark executors and writes Parquet. Uses the engine jar only (graph, model, serving, store,
 * text, training); nothing from the command line or the service. See docs/batch-embeddings.md.
 */
package com.dipgnn.spark;
