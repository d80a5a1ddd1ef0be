package com.dipgnn.finetuning;

/**
 * What defines a fine-tuning run besides its {@link FineTuneConfig}: the data, the experiment (split,
 * model, task) and the starting weights. A checkpoint written for other settings is refused.
 *
 * @param data the graph's fingerprint
 * @param spec the experiment
 * @param pretrained the pre-trained model the encoder starts from; null for random initialisation
 */
public record FineTuneSettings(String data, ExperimentSpec spec, Pretrained pretrained) {

    /**
     * A pre-trained model, as its manifest names it.
     *
     * @param datasetFingerprint the fingerprint of the graph it was pre-trained on
     * @param createdAt when it was saved
     */
    public record Pretrained(String datasetFingerprint, String createdAt) {}

    /** These settings with the spec's training budget cleared ({@link FineTuneConfig#withoutBudget}). */
    public FineTuneSettings withoutBudget() {
        return new FineTuneSettings(data, spec.withTraining(spec.training().withoutBudget()), pretrained);
    }
}
