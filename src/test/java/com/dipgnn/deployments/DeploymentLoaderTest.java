package com.dipgnn.deployments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.datasets.Dataset;
import com.dipgnn.datasets.DatasetService;
import com.dipgnn.errors.InvalidInputException;
import com.dipgnn.registry.ModelKind;
import com.dipgnn.registry.ModelRegistry;
import com.dipgnn.registry.ModelVersion;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;

/**
 * Which model versions can be deployed: a fine-tuned version whose data set still exists; every other
 * request is refused on the {@code modelId} field with what to do instead.
 */
class DeploymentLoaderTest {

    private final ModelRegistry registry = Mockito.mock(ModelRegistry.class);
    private final DatasetService datasets = Mockito.mock(DatasetService.class);
    private final DeploymentLoader loader = new DeploymentLoader(registry, datasets, null, null);

    private void register(String id, ModelKind kind, String datasetId) {
        ModelVersion version = new ModelVersion(id, "shop", 1, kind, datasetId, "job-1", null, null, 0, Instant.EPOCH);
        Mockito.when(registry.find(id)).thenReturn(Optional.of(version));
    }

    private void dataset(String id) {
        Mockito.when(datasets.find(id)).thenReturn(Optional.of(Mockito.mock(Dataset.class)));
    }

    @Test
    void aFineTunedModelOnAnExistingDataSetIsDeployable() {
        register("mv-1", ModelKind.FINETUNED, "ds-1");
        dataset("ds-1");
        assertThat(loader.requireDeployable("mv-1").id()).isEqualTo("mv-1");
    }

    @Test
    void aMissingOrUnknownModelIdIsRefused() {
        assertThatThrownBy(() -> loader.requireDeployable(" "))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("modelId is required")
                .extracting(e -> ((InvalidInputException) e).field())
                .isEqualTo("modelId");
        assertThatThrownBy(() -> loader.requireDeployable("mv-x"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("'mv-x' does not exist");
    }

    @Test
    void aModelWhoseDataSetWasDeletedIsRefused() {
        register("mv-1", ModelKind.FINETUNED, "ds-gone");
        assertThatThrownBy(() -> loader.requireDeployable("mv-1"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("data set 'ds-gone', which has been deleted");
    }

    @Test
    void aPretrainedEncoderIsRefusedWithTheWayToFineTuneIt() {
        register("mv-p", ModelKind.PRETRAINED, "ds-1");
        dataset("ds-1");
        assertThatThrownBy(() -> loader.requireDeployable("mv-p"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("pre-trained encoder")
                .hasMessageContaining("POST /api/v1/jobs/finetune");
    }
}
