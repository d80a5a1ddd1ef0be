package com.dipgnn.deployments;

import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.RelationType;
import com.dipgnn.serving.ModelDeployment;
import java.time.Instant;
import java.util.Objects;

/**
 * One deployment name's mutable state in {@link DeploymentService}: the model it serves, the load in
 * progress, its state and times; with the rules for reading a change another API process made to the
 * deployment table, and the view the API shows. The service changes a slot only while holding its lock;
 * readers see the volatile fields without it.
 */
final class DeploymentSlot {

    volatile Served served;
    volatile DeploymentState state = DeploymentState.LOADING;
    volatile DeploymentView.PendingLoad pending;
    volatile String error;
    volatile Instant createdAt;
    volatile Instant updatedAt;

    /** A slot that serves nothing yet and is loading its first model. */
    DeploymentSlot(Instant createdAt, Instant updatedAt) {
        this.createdAt = createdAt;
        this.updatedAt = updatedAt;
    }

    /**
     * Whether {@code row} asks for another model (or other precomputed embeddings) than this slot serves,
     * or for one at all after its load failed, and was written after this process last switched the slot:
     * a switch made by another process that this one should follow. Never while a load is in progress here.
     */
    boolean switchedElsewhere(DeploymentRepository.Row row) {
        Served now = served;
        boolean differs = now == null
                ? state == DeploymentState.FAILED
                : !row.modelId().equals(now.modelId()) || !Objects.equals(row.embeddingsPath(), now.embeddingsPath());
        return pending == null
                && differs
                && (updatedAt == null || row.updatedAt().isAfter(updatedAt));
    }

    /**
     * Whether a slot whose row is missing from the table was undeployed by another process: it serves a
     * model, is not loading one, and was last switched before the table was read at {@code syncStarted}
     * (a slot switched since may not have reached the table when it was read).
     */
    boolean undeployedElsewhere(boolean inTable, Instant syncStarted) {
        return !inTable && pending == null && served != null && updatedAt != null && updatedAt.isBefore(syncStarted);
    }

    /** The deployment as the API shows it, from the fields as they are now. */
    DeploymentView view(String name) {
        Served now = served;
        ModelDeployment m = now == null ? null : now.model();
        String task = m == null ? null : m.task() == TaskKind.LINK_PREDICTION ? "link" : "node";
        String relation =
                m == null ? null : m.linkRelation().map(RelationType::key).orElse(null);
        Integer indexSize = m == null ? null : m.index().map(i -> i.size()).orElse(null);
        return new DeploymentView(
                name,
                state,
                now == null ? null : now.modelId(),
                now == null ? null : now.embeddingsPath(),
                task,
                relation,
                m == null ? null : m.dim(),
                indexSize,
                m == null ? null : m.stats(),
                pending,
                error,
                createdAt,
                updatedAt);
    }
}
