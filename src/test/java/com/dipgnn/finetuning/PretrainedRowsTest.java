package com.dipgnn.finetuning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.NodeInputConfig;
import com.dipgnn.model.TypeSelection;
import com.dipgnn.optim.TrainingListener;
import com.dipgnn.pretraining.PretrainConfig;
import com.dipgnn.pretraining.PretrainListener;
import com.dipgnn.pretraining.PretrainMethod;
import com.dipgnn.pretraining.PretrainResult;
import com.dipgnn.pretraining.PretrainedModels;
import com.dipgnn.pretraining.Pretrainer;
import com.dipgnn.sampling.SamplingConfig;
import com.dipgnn.store.ModelStore;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pre-trained per-node rows carry over to fine-tuning only when they index the same nodes: with the
 * node-transfer split (fine-tuning nodes re-indexed) they start untrained and the manifest says so;
 * on the same graph they carry over. A fine-tuning architecture whose node inputs differ from the
 * pre-trained encoder's is refused.
 */
class PretrainedRowsTest {

    @TempDir
    static Path dir;

    static final HeteroGraph GRAPH = PlantedCommunities.graph(1);
    static ModelStore.EncoderWeights pretrained;

    @BeforeAll
    static void pretrain() throws Exception {
        ModelConfig model =
                PlantedCommunities.spec(NodeInputConfig.DEFAULT, 1, 0.005).model();
        PretrainConfig config = PretrainConfig.PAPER_DEFAULT
                .withMethod(PretrainMethod.DIPGNN)
                .withSteps(3)
                .withSampling(new SamplingConfig(2, 32), 16, 0)
                .withSeed(1);
        Path saved = dir.resolve("pretrained");
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            PretrainResult result = new Pretrainer(config, PretrainListener.NONE).run(GRAPH, model, manager, null);
            PretrainedModels.save(saved, result, config, model, GRAPH, "planted", 0, null, null);
        }
        pretrained = ModelStore.readEncoderWeights(saved);
    }

    @Test
    void onTheSameNodesTheRowsCarryOver() throws Exception {
        Path tuned = dir.resolve("same");
        new FineTuneExperiment(
                        GRAPH, "planted", PlantedCommunities.spec(NodeInputConfig.DEFAULT, 2, 0.005), Device.cpu())
                .run(0, TrainingListener.NONE, tuned, pretrained);
        assertThat(outcome(tuned))
                .hasEntrySatisfying("user", s -> assertThat(s).startsWith("carried over"))
                .hasEntrySatisfying("item", s -> assertThat(s).startsWith("carried over"));
    }

    @Test
    void onReIndexedNodesTheRowsStartUntrained() throws Exception {
        Path tuned = dir.resolve("transfer");
        ExperimentSpec dataset = PlantedCommunities.spec(NodeInputConfig.DEFAULT, 2, 0.005);
        ExperimentSpec transfer = new ExperimentSpec(
                dataset.task(),
                null,
                dataset.relation(),
                SplitMode.TRANSFER,
                0,
                1.0,
                dataset.model(),
                dataset.training(),
                dataset.sampling(),
                dataset.fullGraphMaxNodes(),
                false,
                100,
                100,
                0.1);
        new FineTuneExperiment(GRAPH, "planted", transfer, Device.cpu())
                .run(0, TrainingListener.NONE, tuned, pretrained);
        assertThat(outcome(tuned))
                .hasEntrySatisfying(
                        "user",
                        s -> assertThat(s)
                                .startsWith("untrained")
                                .contains("300 nodes")
                                .contains("90 nodes"));
    }

    @Test
    void otherNodeInputsThanThePreTrainedOnesAreRefused() {
        ExperimentSpec none =
                PlantedCommunities.spec(NodeInputConfig.DEFAULT.withEmbeddings(TypeSelection.NONE), 2, 0.005);
        assertThatThrownBy(() -> new FineTuneExperiment(GRAPH, "planted", none, Device.cpu())
                        .run(0, TrainingListener.NONE, null, pretrained))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("per-node embeddings for [user, item]")
                .hasMessageContaining("--node-embeddings auto");
    }

    private static Map<String, String> outcome(Path model) throws Exception {
        return FineTuneProvenance.of(ModelStore.readManifest(model))
                .orElseThrow()
                .nodeEmbeddingsFromPretrained();
    }
}
