package com.dipgnn.serving;

/**
 * Receives the progress of a deployment: nodes embedded of all nodes, then index-building steps.
 * Called on the deploying thread; an exception it throws aborts the deployment.
 */
@FunctionalInterface
public interface DeploymentListener {

    /** What the deployment is doing. */
    enum Phase {
        /** Computing the embeddings of every node: done and total count nodes. */
        EMBEDDING,
        /** Building the top-k index: done and total count k-means iterations plus the final assignment. */
        INDEXING
    }

    /** Ignores all progress. */
    DeploymentListener NONE = (phase, done, total) -> {};

    void onProgress(Phase phase, long done, long total);
}
