package com.dipgnn.pretraining;

import com.dipgnn.store.ModelManifest;
import java.util.Objects;
import java.util.Optional;

/**
 * A pre-trained model's stage section of its manifest: the pre-training's own configuration record
 * and what the run did.
 *
 * @param config the pre-training as configured (method, objective, optimizer, sampling, seed, ...)
 * @param kept which network the model is (the discriminator for DiP-GNN, the generator for GPT-GNN-style)
 * @param steps steps trained
 * @param seconds wall time of the pre-training
 */
public record PretrainProvenance(PretrainConfig config, PretrainMethod.Kept kept, long steps, double seconds) {

    /** The section's name in the manifest. */
    public static final String SECTION = "pretrain";

    public PretrainProvenance {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(kept, "kept");
    }

    /** The pre-training that made {@code manifest}'s model; empty for other models and format-1 manifests. */
    public static Optional<PretrainProvenance> of(ModelManifest manifest) {
        return manifest.section(SECTION, PretrainProvenance.class);
    }
}
