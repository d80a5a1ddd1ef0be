package com.dipgnn.registry;

/**
 * Which model versions a list returns; null fields match anything.
 *
 * @param name model name
 * @param datasetId data set trained on
 * @param kind pre-trained or fine-tuned
 */
public record ModelFilter(String name, String datasetId, ModelKind kind) {}
