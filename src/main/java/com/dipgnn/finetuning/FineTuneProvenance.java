package com.dipgnn.finetuning;

import com.dipgnn.store.ModelManifest;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A fine-tuned model's stage section of its manifest: the fine-tuning's own configuration record,
 * split included, and what the run chose.
 *
 * @param spec the experiment as configured (task, split and its seed, model, training, sampling, ...)
 * @param seed the seed of this run
 * @param bestStep the step whose parameters were kept (best validation metric)
 * @param nodeEmbeddingTrainedRows rows of each per-node embedding table that training updated
 * @param nodeEmbeddingsFromPretrained per type, where its embedding rows were initialised from
 */
public record FineTuneProvenance(
        ExperimentSpec spec,
        long seed,
        long bestStep,
        Map<String, Integer> nodeEmbeddingTrainedRows,
        Map<String, String> nodeEmbeddingsFromPretrained) {

    /** The section's name in the manifest. */
    public static final String SECTION = "finetune";

    public FineTuneProvenance {
        Objects.requireNonNull(spec, "spec");
        nodeEmbeddingTrainedRows = Map.copyOf(nodeEmbeddingTrainedRows);
        nodeEmbeddingsFromPretrained = Map.copyOf(nodeEmbeddingsFromPretrained);
    }

    /** The fine-tuning that made {@code manifest}'s model; empty for other models and format-1 manifests. */
    public static Optional<FineTuneProvenance> of(ModelManifest manifest) {
        return manifest.section(SECTION, FineTuneProvenance.class);
    }
}
