package com.dipgnn.serving;

import ai.djl.Device;
import com.dipgnn.sampling.SubgraphSampler;

/**
 * How a model is deployed and which requests it accepts.
 *
 * @param device where the encoder runs (embedding all nodes, inductive requests)
 * @param inference how embeddings are computed: {@link Inference#EXACT} (the default) or
 *     {@link Inference#SAMPLED}
 * @param seed seed of the neighbourhood sampling (sampled inference only); the same seed gives the
 *     same embeddings
 * @param chunkSize seed nodes per type per forward pass when embedding all nodes (sampled inference
 *     only). The sampler's width is shared by a chunk, so a smaller chunk gives each node more of
 *     its own neighbourhood at the cost of more passes; 1,024 is how fine-tuning evaluates a model
 *     (the figures of its manifest).
 * @param sampler samples each pass's neighbourhood (sampled inference only); null: the manifest's
 *     sampling depth and width with {@link com.dipgnn.sampling.Samplers#forGraph}
 * @param index how the candidates of top-k searches are indexed
 * @param maxBatch most node ids, pairs or neighbours in one request
 * @param maxK largest k of a top-k request
 * @param requireSameGraph refuse a graph whose fingerprint differs from the one the model was
 *     trained on (the schema must match in any case)
 */
public record DeploymentOptions(
        Device device,
        Inference inference,
        long seed,
        int chunkSize,
        SubgraphSampler sampler,
        IndexOptions index,
        int maxBatch,
        int maxK,
        boolean requireSameGraph) {

    /** How a deployment computes embeddings, of the graph's nodes and of new nodes alike. */
    public enum Inference {
        /**
         * Every node from all its in-neighbours at every layer, nothing sampled, computed layer by
         * layer over the whole graph ({@link com.dipgnn.inference.LayerwiseEmbedder}); the states of
         * the layers below the last are kept, so a new node is embedded exactly as it would be in
         * the graph: a copy of an existing node gets that node's embedding.
         */
        EXACT,
        /**
         * Chunks of {@code chunkSize} nodes per type embedded together on a subgraph sampled around
         * them ({@link com.dipgnn.inference.NodeEmbedder}), as fine-tuning evaluates and as the
         * Spark batch job computes; a new node is embedded on a neighbourhood sampled around its
         * own neighbours, so it only approximates what an existing node with the same features
         * and edges gets.
         */
        SAMPLED
    }

    public DeploymentOptions {
        if (device == null || inference == null || index == null) {
            throw new IllegalArgumentException("device, inference and index options are required");
        }
        if (chunkSize < 1 || maxBatch < 1 || maxK < 1) {
            throw new IllegalArgumentException("chunkSize, maxBatch and maxK must be at least 1; got " + chunkSize
                    + ", " + maxBatch + ", " + maxK);
        }
    }

    /**
     * CPU, exact inference (for sampled inference: seed 0, chunks of 1,024, the manifest's sampler),
     * default index, 10,000 items and k up to 1,000.
     */
    public static DeploymentOptions defaults() {
        return new DeploymentOptions(
                Device.cpu(), Inference.EXACT, 0, 1024, null, IndexOptions.defaults(), 10_000, 1_000, true);
    }

    public DeploymentOptions withInference(Inference newInference) {
        return new DeploymentOptions(
                device, newInference, seed, chunkSize, sampler, index, maxBatch, maxK, requireSameGraph);
    }

    /** Sampled inference with {@code newSampler} (null: the manifest's). */
    public DeploymentOptions withSampler(SubgraphSampler newSampler) {
        return new DeploymentOptions(
                device, Inference.SAMPLED, seed, chunkSize, newSampler, index, maxBatch, maxK, requireSameGraph);
    }

    public DeploymentOptions withIndex(IndexOptions newIndex) {
        return new DeploymentOptions(
                device, inference, seed, chunkSize, sampler, newIndex, maxBatch, maxK, requireSameGraph);
    }

    public DeploymentOptions withSeed(long newSeed) {
        return new DeploymentOptions(
                device, inference, newSeed, chunkSize, sampler, index, maxBatch, maxK, requireSameGraph);
    }

    public DeploymentOptions withChunkSize(int newChunkSize) {
        return new DeploymentOptions(
                device, inference, seed, newChunkSize, sampler, index, maxBatch, maxK, requireSameGraph);
    }

    public DeploymentOptions withLimits(int newMaxBatch, int newMaxK) {
        return new DeploymentOptions(
                device, inference, seed, chunkSize, sampler, index, newMaxBatch, newMaxK, requireSameGraph);
    }

    public DeploymentOptions withDevice(Device newDevice) {
        return new DeploymentOptions(
                newDevice, inference, seed, chunkSize, sampler, index, maxBatch, maxK, requireSameGraph);
    }

    public DeploymentOptions withRequireSameGraph(boolean required) {
        return new DeploymentOptions(device, inference, seed, chunkSize, sampler, index, maxBatch, maxK, required);
    }
}
