package com.dipgnn.serving;

import ai.djl.Device;
import com.dipgnn.sampling.SubgraphSampler;

/**
 * How a model is deployed and which requests it accepts.
 *
 * @param device where the encoder runs (embedding all nodes, inductive requests)
 * @param seed seed of the neighbourhood sampling; the same seed gives the same embeddings
 * @param chunkSize seed nodes per type per forward pass when embedding all nodes. The sampler's
 *     width is shared by a chunk, so a smaller chunk gives each node more of its own neighbourhood
 *     at the cost of more passes; 1,024 is how fine-tuning evaluates a model (the figures of its
 *     manifest). New nodes are always embedded with a neighbourhood sampled for them alone.
 * @param sampler samples each pass's neighbourhood; null: the manifest's sampling depth and width
 *     with {@link com.dipgnn.sampling.Samplers#forGraph}
 * @param index how the candidates of top-k searches are indexed
 * @param maxBatch most node ids, pairs or neighbours in one request
 * @param maxK largest k of a top-k request
 * @param requireSameGraph refuse a graph whose fingerprint differs from the one the model was
 *     trained on (the schema must match in any case)
 */
public record DeploymentOptions(Device device, long seed, int chunkSize, SubgraphSampler sampler, IndexOptions index,
                                int maxBatch, int maxK, boolean requireSameGraph) {

    public DeploymentOptions {
        if (device == null || index == null) {
            throw new IllegalArgumentException("device and index options are required");
        }
        if (chunkSize < 1 || maxBatch < 1 || maxK < 1) {
            throw new IllegalArgumentException("chunkSize, maxBatch and maxK must be at least 1; got " + chunkSize
                    + ", " + maxBatch + ", " + maxK);
        }
    }

    /** CPU, seed 0, chunks of 1,024, the manifest's sampler, default index, 10,000 items and k up to 1,000. */
    public static DeploymentOptions defaults() {
        return new DeploymentOptions(Device.cpu(), 0, 1024, null, IndexOptions.defaults(), 10_000, 1_000, true);
    }

    public DeploymentOptions withSampler(SubgraphSampler newSampler) {
        return new DeploymentOptions(device, seed, chunkSize, newSampler, index, maxBatch, maxK, requireSameGraph);
    }

    public DeploymentOptions withIndex(IndexOptions newIndex) {
        return new DeploymentOptions(device, seed, chunkSize, sampler, newIndex, maxBatch, maxK, requireSameGraph);
    }

    public DeploymentOptions withSeed(long newSeed) {
        return new DeploymentOptions(device, newSeed, chunkSize, sampler, index, maxBatch, maxK, requireSameGraph);
    }

    public DeploymentOptions withChunkSize(int newChunkSize) {
        return new DeploymentOptions(device, seed, newChunkSize, sampler, index, maxBatch, maxK, requireSameGraph);
    }

    public DeploymentOptions withLimits(int newMaxBatch, int newMaxK) {
        return new DeploymentOptions(device, seed, chunkSize, sampler, index, newMaxBatch, newMaxK, requireSameGraph);
    }

    public DeploymentOptions withDevice(Device newDevice) {
        return new DeploymentOptions(newDevice, seed, chunkSize, sampler, index, maxBatch, maxK, requireSameGraph);
    }

    public DeploymentOptions withRequireSameGraph(boolean required) {
        return new DeploymentOptions(device, seed, chunkSize, sampler, index, maxBatch, maxK, required);
    }
}
