package com.dipgnn.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.Device;
import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.FineTuneConfig;
import com.dipgnn.finetuning.FineTuneExperiment;
import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.pretraining.PretrainConfig;
import com.dipgnn.pretraining.PretrainMethod;
import com.dipgnn.sampling.SamplingConfig;
import com.dipgnn.store.ModelStore;
import com.dipgnn.store.ModelTask;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reproduction pipeline end to end on a small synthetic graph with a tiny model. */
class ReproductionTest {

    private static final ModelConfig TINY = new ModelConfig(Backbone.HGT, 2, 16, 2, 0.2, 0.0);

    static FineTuneExperiment experiment(HeteroGraph graph, SplitMode split) {
        ExperimentSpec spec = new ExperimentSpec(
                TaskKind.NODE_CLASSIFICATION,
                null,
                null,
                split,
                3,
                1.0,
                TINY,
                new FineTuneConfig(12, 64, 4, 0, OptimizerConfig.FINE_TUNING.withLearningRate(5e-3), 0),
                new SamplingConfig(2, 64),
                100_000,
                false,
                255,
                255,
                0.1);
        return new FineTuneExperiment(graph, "synthetic:community", spec, Device.cpu());
    }

    static PretrainConfig pretraining() {
        return PretrainConfig.PAPER_DEFAULT
                .withSteps(4)
                .withLogEvery(2)
                .withCheckpointEvery(2)
                .withSampling(new SamplingConfig(2, 64), 32, 100_000)
                .withObjectiveWeights(31, 1.0, 20.0, 0.2);
    }

    @Test
    void comparesMethodsOnTheSameSeedsAndWritesReportPlotAndModels(@TempDir Path dir) throws Exception {
        HeteroGraph graph = SyntheticGraphs.community(2);
        List<PretrainMethod> methods = List.of(PretrainMethod.NONE, PretrainMethod.DIPGNN, PretrainMethod.GPT_GNN);
        ReproductionSpec spec = new ReproductionSpec(methods, 2, 10, pretraining(), false);
        List<String> phases = new ArrayList<>();
        Reproduction.Listener listener = new Reproduction.Listener() {
            @Override
            public void onPhase(String line) {
                phases.add(line);
            }
        };
        ReproductionResult result = new Reproduction(experiment(graph, SplitMode.TRANSFER), spec, listener).run(dir);

        assertThat(result.methods()).extracting(MethodReport::method).containsExactlyElementsOf(methods);
        for (MethodReport m : result.methods()) {
            assertThat(m.runs()).extracting(RunRecord::seed).containsExactly(10L, 11L);
            assertThat(m.runs()).allSatisfy(r -> assertThat(r.curve()).hasSize(3));
            assertThat(m.mean("micro_f1")).isBetween(0.0, 1.0);
        }
        assertThat(result.methods().get(1).pretrainFinal()).containsKey("disc_accuracy");
        assertThat(result.comparisons())
                .containsKeys("DiP-GNN vs w/o pre-train", "DiP-GNN vs GPT-GNN", "GPT-GNN vs w/o pre-train");
        Path dipgnn = dir.resolve("pretrained").resolve("dipgnn-seed10");
        assertThat(ModelStore.readManifest(dipgnn).task())
                .isInstanceOfSatisfying(
                        ModelTask.Pretraining.class,
                        task -> assertThat(task)
                                .extracting(ModelTask.Pretraining::method, ModelTask.Pretraining::kept)
                                .containsExactly("dipgnn", "discriminator"));
        assertThat(dir.resolve("checkpoints").resolve("dipgnn-seed10")).doesNotExist();

        Path report = ReproductionReport.write(result, dir.resolve("report"));
        String md = Files.readString(report);
        assertThat(md)
                .contains(
                        "| DiP-GNN |",
                        "| GPT-GNN |",
                        "| w/o pre-train |",
                        "DiP-GNN vs w/o pre-train",
                        "validation.svg",
                        "coverage disc.");
        assertThat(Files.readString(dir.resolve("report").resolve("validation.svg")))
                .contains("<svg", "DiP-GNN");
        assertThat(phases).anyMatch(p -> p.startsWith("DiP-GNN: pre-training 4 steps"));

        List<String> again = new ArrayList<>();
        new Reproduction(
                        experiment(graph, SplitMode.TRANSFER),
                        new ReproductionSpec(List.of(PretrainMethod.DIPGNN), 1, 10, pretraining(), false),
                        new Reproduction.Listener() {
                            @Override
                            public void onPhase(String line) {
                                again.add(line);
                            }
                        })
                .run(dir);
        assertThat(again).anyMatch(p -> p.contains("reusing the pre-trained model"));
    }

    @Test
    void preTrainingPerRunPreTrainsOncePerSeed(@TempDir Path dir) throws Exception {
        AtomicInteger pretrainings = new AtomicInteger();
        new Reproduction(
                        experiment(SyntheticGraphs.community(3), SplitMode.TRANSFER),
                        new ReproductionSpec(List.of(PretrainMethod.GAE), 2, 0, pretraining(), true),
                        new Reproduction.Listener() {
                            @Override
                            public void onPhase(String line) {
                                if (line.contains("pre-training")) {
                                    pretrainings.incrementAndGet();
                                }
                            }
                        })
                .run(dir);
        assertThat(pretrainings).hasValue(2);
        assertThat(dir.resolve("pretrained").resolve("gae-seed0")).isDirectory();
        assertThat(dir.resolve("pretrained").resolve("gae-seed1")).isDirectory();
    }

    @Test
    void refusesPreTrainingWithoutTheTransferSplit(@TempDir Path dir) {
        HeteroGraph graph = SyntheticGraphs.community(4);
        assertThatThrownBy(() -> new Reproduction(
                                experiment(graph, SplitMode.DATASET),
                                new ReproductionSpec(List.of(PretrainMethod.DIPGNN), 1, 0, pretraining(), false),
                                new Reproduction.Listener() {})
                        .run(dir))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("node-transfer split");
    }

    @Test
    void specRejectsDuplicateMethodsAndZeroRuns() {
        assertThatThrownBy(() -> new ReproductionSpec(
                        List.of(PretrainMethod.NONE, PretrainMethod.NONE), 1, 0, pretraining(), false))
                .hasMessageContaining("twice");
        assertThatThrownBy(() -> new ReproductionSpec(List.of(PretrainMethod.NONE), 0, 0, pretraining(), false))
                .hasMessageContaining("runs");
    }
}
