package com.dipgnn.jobs.runner;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.Device;
import com.dipgnn.cli.Cli;
import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.split.EdgeSplitKind;
import com.dipgnn.graph.split.PretrainSplit;
import com.dipgnn.jobs.parameters.PretrainParameters;
import com.dipgnn.model.TypeSelection;
import com.dipgnn.pretraining.PretrainConfig;
import com.dipgnn.pretraining.PretrainProvenance;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.store.ModelStore;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pre-training job on an edge split (what only the command line could do before), and the job
 * and the command line pre-training the same parameters from the same settings, both through
 * {@link com.dipgnn.pretraining.PretrainingRun}.
 */
class PretrainSplitJobTest {

    /** A tiny query-product graph with text and dense query features. */
    private static final String LOCATION = "synthetic:query-product?queries=80&products=80&clicks=240&seed=1";

    private static final long SPLIT_SEED = 3;

    private final JobRunner runner = new JobRunner();

    @Test
    void aJobPretrainsOnTheTrainingEdgesOfAnEdgeSplit(@TempDir Path tmp) throws Exception {
        HeteroGraph graph = graph();
        RelationType clicked = ExperimentSpec.predictedRelation(graph, null);

        JobOutcome outcome = runner.run(work(graph, holdout(), tmp), JobControl.NONE, JobProgressSink.NONE);

        // every node stays; the held-out edges of the per-user hold-out are not in the pre-training graph
        HeteroGraph expected = new PretrainSplit.TrainingEdges(EdgeSplitKind.HOLDOUT, clicked, SPLIT_SEED).graph(graph);
        assertThat(expected.totalNodes()).isEqualTo(graph.totalNodes());
        assertThat(expected.adjacency(clicked).numEdges())
                .isLessThan(graph.adjacency(clicked).numEdges());
        ModelManifest manifest = outcome.manifest();
        assertThat(manifest.datasetFingerprint())
                .isEqualTo(expected.fingerprint())
                .isNotEqualTo(graph.fingerprint())
                .isNotEqualTo(new PretrainSplit.NodeTransfer(SPLIT_SEED, clicked.source())
                        .graph(graph)
                        .fingerprint());
        assertThat(manifest.splitSeed()).isEqualTo(SPLIT_SEED);
        // as on the command line, every query and product gets a per-node row on an edge split
        TypeSelection embeddings = manifest.modelConfig().nodeInputs().embeddings();
        assertThat(embeddings.mode()).isEqualTo(TypeSelection.Mode.LIST);
        assertThat(embeddings.types()).contains(clicked.source(), clicked.target());
    }

    @Test
    void theCommandLineAndAJobPretrainTheSameParameters(@TempDir Path tmp) throws Exception {
        HeteroGraph graph = graph();
        JobWork job = work(graph, holdout(), tmp);
        runner.run(job, JobControl.NONE, JobProgressSink.NONE);

        Path cliModel = tmp.resolve("cli-model");
        PretrainConfig paper = PretrainConfig.PAPER_DEFAULT;
        int exit = Cli.commandLine()
                .execute(
                        "pretrain",
                        "--dataset",
                        LOCATION,
                        "--task",
                        "link",
                        "--split",
                        "holdout",
                        "--split-seed",
                        String.valueOf(SPLIT_SEED),
                        "--seed",
                        "7",
                        "--method",
                        "dipgnn",
                        "--backbone",
                        "hgt",
                        "--layers",
                        "2",
                        "--hidden",
                        "16",
                        "--heads",
                        "2",
                        "--pretrain-dropout",
                        "0.2",
                        "--pretrain-steps",
                        "4",
                        "--pretrain-seed-nodes",
                        "16",
                        "--pretrain-negatives",
                        "15",
                        "--depth",
                        "2",
                        "--width",
                        "16",
                        "--full-graph-max-nodes",
                        String.valueOf(paper.fullGraphMaxNodes()),
                        "--log-every",
                        "2",
                        "--checkpoint-every",
                        "2",
                        "--checkpoint-dir",
                        tmp.resolve("cli-checkpoints").toString(),
                        "--device",
                        "cpu",
                        "--save",
                        cliModel.toString());
        assertThat(exit).isZero();

        ModelStore.EncoderWeights fromJob = ModelStore.readEncoderWeights(job.output());
        ModelStore.EncoderWeights fromCli = ModelStore.readEncoderWeights(cliModel);
        ObjectMapper json = new ObjectMapper();
        assertThat(json.writeValueAsString(
                        PretrainProvenance.of(fromCli.manifest()).orElseThrow().config()))
                .as("the same settings")
                .isEqualTo(json.writeValueAsString(
                        PretrainProvenance.of(fromJob.manifest()).orElseThrow().config()));
        assertThat(fromCli.manifest().modelConfig())
                .isEqualTo(fromJob.manifest().modelConfig());
        assertThat(fromCli.manifest().datasetFingerprint())
                .isEqualTo(fromJob.manifest().datasetFingerprint());
        assertThat(fromCli.weights())
                .isNotEmpty()
                .containsOnlyKeys(fromJob.weights().keySet());
        for (Map.Entry<String, float[]> e : fromJob.weights().entrySet()) {
            assertThat(fromCli.weights().get(e.getKey())).as(e.getKey()).containsExactly(e.getValue());
        }
    }

    private static HeteroGraph graph() {
        return com.dipgnn.graph.synthetic.GraphLocations.load(LOCATION, 0);
    }

    /** DiP-GNN with a tiny HGT, 4 steps, on the per-user hold-out of the first relation. */
    private static PretrainParameters holdout() {
        Map<String, Object> fields = new ObjectMapper().convertValue(PretrainParameters.defaults(), Map.class);
        fields.putAll(Map.of(
                "layers", 2,
                "hidden", 16,
                "heads", 2,
                "steps", 4,
                "seedNodes", 16,
                "negatives", 15,
                "samplingDepth", 2,
                "samplingWidth", 16,
                "seed", 7L,
                "splitSeed", SPLIT_SEED));
        fields.putAll(Map.of("logEvery", 2, "checkpointEvery", 2, "split", "holdout"));
        return new ObjectMapper().convertValue(fields, PretrainParameters.class);
    }

    private static JobWork work(HeteroGraph graph, PretrainParameters parameters, Path dir) {
        return new JobWork(
                parameters.plan(graph, null),
                graph,
                LOCATION,
                dir.resolve("job-checkpoints"),
                dir.resolve("job-model"),
                null,
                Device.cpu(),
                null);
    }
}
