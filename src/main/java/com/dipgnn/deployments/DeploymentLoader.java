package com.dipgnn.deployments;

import ai.djl.Device;
import ai.djl.MalformedModelException;
import com.dipgnn.config.ServiceProperties;
import com.dipgnn.datasets.DatasetService;
import com.dipgnn.errors.InvalidInputException;
import com.dipgnn.registry.ModelKind;
import com.dipgnn.registry.ModelRegistry;
import com.dipgnn.registry.ModelVersion;
import com.dipgnn.serving.DeploymentListener;
import com.dipgnn.serving.DeploymentOptions;
import com.dipgnn.serving.IndexOptions;
import com.dipgnn.serving.InvalidEmbeddingsException;
import com.dipgnn.serving.ModelDeployment;
import com.dipgnn.serving.PrecomputedEmbeddings;
import com.dipgnn.text.TextInputCache;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * Turns a model version of the registry into a loaded {@link ModelDeployment} with the service's serving
 * settings, for {@link DeploymentService}: checks that the version can be deployed, reads and checks
 * precomputed embeddings, and loads the model (embedding every node and building the top-k index unless
 * embeddings are given). It holds no deployment state; the service decides when and under which name.
 */
final class DeploymentLoader {

    private final ModelRegistry registry;
    private final DatasetService datasets;
    private final ServiceProperties properties;
    private final Device device;

    DeploymentLoader(ModelRegistry registry, DatasetService datasets, ServiceProperties properties, Device device) {
        this.registry = registry;
        this.datasets = datasets;
        this.properties = properties;
        this.device = device;
    }

    /**
     * The model version {@code modelId}, if it can be deployed: it exists, its data set still exists and it
     * is fine-tuned (a pre-trained encoder has no task head to serve).
     *
     * @throws InvalidInputException on field {@code modelId} when it cannot, saying what to do instead
     */
    ModelVersion requireDeployable(String modelId) {
        if (modelId == null || modelId.isBlank()) {
            throw new InvalidInputException("modelId", "modelId is required: the model version to deploy");
        }
        ModelVersion model = registry.find(modelId)
                .orElseThrow(
                        () -> new InvalidInputException(
                                "modelId",
                                "model '" + modelId
                                        + "' does not exist; list the fine-tuned models with GET /api/v1/models?kind=FINETUNED"));
        if (datasets.find(model.datasetId()).isEmpty()) {
            throw new InvalidInputException(
                    "modelId",
                    "model '" + modelId + "' was trained on data set '" + model.datasetId()
                            + "', which has been deleted; register the graph again or deploy another model");
        }
        if (model.kind() != ModelKind.FINETUNED) {
            throw new InvalidInputException(
                    "modelId",
                    "model '" + modelId + "' is a pre-trained encoder without a task "
                            + "head; fine-tune it (POST /api/v1/jobs/finetune) and deploy the fine-tuned model");
        }
        return model;
    }

    /** The server directory {@code embeddingsPath} names, if it is readable (see {@link DatasetService}). */
    Path embeddingsDirectory(String embeddingsPath) {
        return datasets.readableServerDirectory("embeddingsPath", embeddingsPath);
    }

    /**
     * Reads precomputed embeddings and checks them against the model version and its data set's graph,
     * the directory against the readable roots ({@link DatasetService#readableRoots()}: checked again here,
     * so a link made since the deployment is refused when it is reloaded) and every file against the
     * manifest's checksums.
     *
     * @throws InvalidEmbeddingsException when they do not belong to them
     */
    PrecomputedEmbeddings readEmbeddings(ModelVersion model, Path dir) {
        try {
            return PrecomputedEmbeddings.read(
                    dir,
                    registry.directory(model.id()),
                    model.id(),
                    datasets.graph(model.datasetId()),
                    new PrecomputedEmbeddings.Checks(
                            datasets.readableRoots(), properties.serving().maxEmbeddingMagnitude()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read model '" + model.id() + "': " + e.getMessage(), e);
        }
    }

    /**
     * Loads {@code modelId} on the graph of its data set, reporting progress to {@code progress}; slow (it
     * embeds every node and builds the index unless embeddings are given), so run it in the background.
     *
     * @param embeddingsPath the precomputed embeddings to serve, or null to compute them
     * @param precomputed those embeddings, already read and checked; null: read (and checked) here when
     *     {@code embeddingsPath} is given (a deployment reloaded at start or followed from the table)
     */
    ModelDeployment load(
            String modelId, String embeddingsPath, PrecomputedEmbeddings precomputed, DeploymentListener progress)
            throws IOException, MalformedModelException {
        ModelVersion model = registry.get(modelId);
        PrecomputedEmbeddings embeddings = precomputed != null || embeddingsPath == null
                ? precomputed
                : readEmbeddings(model, Path.of(embeddingsPath));
        return ModelDeployment.deploy(
                registry.directory(modelId),
                datasets.graph(model.datasetId()),
                options(),
                progress,
                new TextInputCache(properties.textInputCacheDir()),
                embeddings);
    }

    private DeploymentOptions options() {
        ServiceProperties.Serving s = properties.serving();
        return DeploymentOptions.defaults()
                .withDevice(device)
                .withInference(s.inference())
                .withLimits(s.maxBatch(), s.maxK())
                .withIndex(IndexOptions.defaults().withKind(s.index()).withTargetRecall(s.indexTargetRecall()));
    }
}
