package com.dipgnn.deployments;

import com.dipgnn.serving.ModelDeployment;

/**
 * What a deployment serves at one moment: the model, its version id and its graph's node keys,
 * swapped together so that a request never mixes two versions.
 *
 * @param model the deployed model
 * @param modelId its model version
 * @param keys its graph's node keys
 * @param embeddingsPath the directory of precomputed embeddings it serves, or null when it computed its own
 */
public record Served(ModelDeployment model, String modelId, NodeKeys keys, String embeddingsPath) {}
