package com.dipgnn.jobs.parameters;

import com.dipgnn.model.GraphSchema;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.jobs.runner.EmbedPlan;
import com.dipgnn.jobs.runner.JobKind;
import com.dipgnn.jobs.runner.JobParameterException;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.store.ModelStore;
import com.dipgnn.text.TextInputs;
import com.dipgnn.training.TaskKind;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.util.HashSet;

/**
 * An embedding job (a batch transform): every node's embedding from a registered fine-tuned model, as a
 * deployment of it computes them, on the data set the model was trained on, written under the data
 * directory as the Spark batch job writes them, for a deployment's {@code embeddingsPath}.
 *
 * @param modelId the model version whose embeddings to compute
 */
@Schema(description = "Settings of an embedding job")
public record EmbedParameters(
        @Schema(description = "The fine-tuned model version whose node embeddings to compute (kind FINETUNED, as a "
                + "deployment serves them); a pre-trained encoder has no task head and is refused with 400: fine-tune "
                + "it first",
                example = "mv-0123456789abcdef", requiredMode = Schema.RequiredMode.REQUIRED)
        @NotBlank @Size(max = 64) String modelId) implements JobParameters {

    @Override
    public JobKind kind() {
        return JobKind.EMBED;
    }

    @Override
    public void validateAgainst(HeteroGraph graph, ModelManifest model) {
        if (model == null) {
            throw new JobParameterException("modelId", "model '" + modelId + "' has no manifest; give a model version "
                    + "from GET /api/v1/models");
        }
        requireTaskHead(model);
        try {
            ModelStore.requireCompatible(model, GraphSchema.of(graph), new HashSet<>(TextInputs.textTypes(graph)));
        } catch (IllegalArgumentException e) {
            throw new JobParameterException("modelId", "model '" + modelId + "' does not fit graph '" + graph.name()
                    + "' (" + e.getMessage() + "); embed with a model trained on this data set");
        }
    }

    /**
     * Refuses a model without a task head (a pre-trained encoder): the job embeds as a deployment of
     * the model computes, and its output is served by a deployment of the same model, which only a
     * fine-tuned model has.
     */
    private void requireTaskHead(ModelManifest model) {
        Object task = model.task().get("task");
        try {
            TaskKind.parse(String.valueOf(task));
        } catch (IllegalArgumentException e) {
            throw new JobParameterException("modelId", "model '" + modelId + "' has task '" + task + "', not a "
                    + "fine-tuned task (node or link): an embedding job embeds fine-tuned models (kind FINETUNED), "
                    + "whose embeddings a deployment of the same model serves; fine-tune a pre-trained model "
                    + "(POST /api/v1/jobs/finetune) and embed the fine-tuned one");
        }
    }

    @Override
    public EmbedPlan plan(HeteroGraph graph, ModelManifest model) {
        validateAgainst(graph, model);
        long nodes = graph.nodeTypes().stream().mapToLong(graph::numNodes).sum();
        return new EmbedPlan(modelId, nodes);
    }
}
