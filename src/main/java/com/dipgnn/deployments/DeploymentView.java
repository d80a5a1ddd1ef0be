package com.dipgnn.deployments;

import com.dipgnn.serving.DeploymentStats;
import java.time.Instant;

/**
 * A deployment as the API shows it.
 *
 * @param name deployment name
 * @param state loading, ready (serving) or failed
 * @param modelId the model version serving requests (null until the first one is loaded)
 * @param embeddingsPath the directory of precomputed embeddings (written by the Spark batch job) the
 *     serving model uses; null when the service computed the embeddings itself
 * @param task {@code link} or {@code node}
 * @param relation the relation a link model scores and recommends along ({@code source__name__target})
 * @param dim embedding width
 * @param indexSize candidates in the top-k index (link models)
 * @param stats how the serving model was loaded (nodes embedded, seconds, index kind)
 * @param pending the model version being loaded to replace it, with progress (null when none)
 * @param error why the last load failed, or null
 * @param createdAt first deployed
 * @param updatedAt last switched to a new model
 */
public record DeploymentView(
        String name,
        DeploymentState state,
        String modelId,
        String embeddingsPath,
        String task,
        String relation,
        Integer dim,
        Integer indexSize,
        DeploymentStats stats,
        PendingLoad pending,
        String error,
        Instant createdAt,
        Instant updatedAt) {

    /**
     * A model version being loaded.
     *
     * @param modelId the model version
     * @param embeddingsPath the precomputed embeddings it is loaded with, or null
     * @param phase {@code EMBEDDING} or {@code INDEXING}
     * @param done nodes (or vectors) done
     * @param total nodes (or vectors) in all
     */
    public record PendingLoad(String modelId, String embeddingsPath, String phase, long done, long total) {}
}
