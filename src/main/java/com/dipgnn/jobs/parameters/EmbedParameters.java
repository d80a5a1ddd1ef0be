package com.dipgnn.jobs.parameters;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.jobs.runner.EmbedPlan;
import com.dipgnn.jobs.runner.JobKind;
import com.dipgnn.jobs.runner.JobParameterException;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.serving.PreparedModel;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.store.ModelStore;
import com.dipgnn.text.TextInputs;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.util.HashSet;

/**
 * An embedding job (a batch transform): every node's embedding from a registered model, as a
 * deployment of it computes them, on the data set the model was trained on, written under the data
 * directory as the Spark batch job writes them, for a deployment's {@code embeddingsPath} (a fine-tuned
 * model's; a pre-trained encoder's embeddings are for use outside the service).
 *
 * @param modelId the model version whose embeddings to compute
 */
@Schema(description = "Settings of an embedding job")
public record EmbedParameters(
        @Schema(
                description = "The model version whose node embeddings to compute: fine-tuned (as a deployment "
                        + "of it computes them, and can then serve them) or pre-trained (the encoder's embeddings, for use "
                        + "outside the service: deployments serve fine-tuned models only)",
                example = "mv-0123456789abcdef",
                requiredMode = Schema.RequiredMode.REQUIRED)
        @NotBlank
        @Size(max = 64)
        String modelId)
        implements JobParameters {

    @Override
    public JobKind kind() {
        return JobKind.EMBED;
    }

    @Override
    public void validateAgainst(HeteroGraph graph, ModelManifest model) {
        if (model == null) {
            throw new JobParameterException(
                    "modelId",
                    "model '" + modelId + "' has no manifest; give a model version " + "from GET /api/v1/models");
        }
        requireEmbeddable(model);
        try {
            ModelStore.requireCompatible(model, GraphSchema.of(graph), new HashSet<>(TextInputs.textTypes(graph)));
        } catch (IllegalArgumentException e) {
            throw new JobParameterException(
                    "modelId",
                    "model '" + modelId + "' does not fit graph '" + graph.name() + "' (" + e.getMessage()
                            + "); embed with a model trained on this data set");
        }
    }

    /**
     * Refuses a model of a task this service cannot embed with (a damaged or foreign manifest): a
     * fine-tuned model (node or link) embeds as a deployment of it computes, a pre-trained encoder
     * as fine-tuning from it starts.
     */
    private void requireEmbeddable(ModelManifest model) {
        try {
            PreparedModel.taskOf(model);
        } catch (IllegalArgumentException e) {
            throw new JobParameterException(
                    "modelId",
                    "model '" + modelId + "' has task '" + model.task().kind()
                            + "', which no embedding can be computed for; give a fine-tuned (node or link) or pre-trained "
                            + "model from GET /api/v1/models");
        }
    }

    @Override
    public EmbedPlan plan(HeteroGraph graph, ModelManifest model) {
        validateAgainst(graph, model);
        long nodes = graph.nodeTypes().stream().mapToLong(graph::numNodes).sum();
        return new EmbedPlan(modelId, nodes);
    }
}
