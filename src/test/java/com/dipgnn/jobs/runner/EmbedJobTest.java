package com.dipgnn.jobs.runner;

import static com.dipgnn.jobs.runner.JobFixtures.SPLIT_SEED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.jobs.parameters.EmbedParameters;
import com.dipgnn.optim.TrainingCancelledException;
import com.dipgnn.serving.EmbeddingExport;
import com.dipgnn.serving.EmbeddingsManifest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An embedding job writes every node's embedding of the model it names into its output, counting
 * nodes as its progress, and a cancelled one writes nothing.
 */
class EmbedJobTest {

    private final JobRunner runner = new JobRunner(Duration.ZERO);

    @Test
    void anEmbeddingJobWritesEveryNodeAndACancelledOneNothing(@TempDir Path tmp) throws Exception {
        JobWork train = JobFixtures.work(JobFixtures.finetune(null, 4, SPLIT_SEED, 0.01), tmp, "finetune", null);
        runner.run(train, JobControl.NONE, JobProgressSink.NONE);

        JobWork embed = JobFixtures.work(new EmbedParameters("mv-test"), tmp, "embed", train.output());
        assertThat(embed.plan()).isEqualTo(new EmbedPlan("mv-test", 300)); // the community graph's 300 nodes
        JobFixtures.Recorder control = new JobFixtures.Recorder(-1);
        JobOutcome outcome = runner.run(embed, control, control);

        assertThat(outcome.manifest()).as("no model").isNull();
        assertThat(outcome.metrics().get("embeddings"))
                .containsEntry("nodes", 300.0)
                .containsEntry("dim", 16.0);
        assertThat(embed.output())
                .isDirectoryContaining("glob:**/" + EmbeddingsManifest.FILE_NAME)
                .isDirectoryContaining("glob:**/" + EmbeddingExport.PART_FILE);
        assertThat(control.phase("embedding"))
                .extracting(JobProgress::step)
                .last()
                .isEqualTo(300L);
        // the nodes computed by the deployment (most of the work), then the files written
        assertThat(control.reports).extracting(JobProgress::phase).containsSubsequence("embedding", "writing");
        assertThat(control.phase("writing")).isNotEmpty();

        JobWork cancelled = JobFixtures.work(new EmbedParameters("mv-test"), tmp, "cancelled", train.output());
        JobFixtures.Recorder stop = new JobFixtures.Recorder(0); // asks to stop from the first report on
        assertThatThrownBy(() -> runner.run(cancelled, stop, stop)).isInstanceOf(TrainingCancelledException.class);
        assertThat(cancelled.output()).doesNotExist();
        assertThat(tmp).isDirectoryNotContaining("glob:**/.cancelled-model.partial-*");

        // a model of another graph is refused before the job is queued, naming the field
        com.dipgnn.graph.HeteroGraph other = com.dipgnn.graph.synthetic.SyntheticGraphs.queryProduct(
                com.dipgnn.graph.synthetic.QueryProductConfig.defaults().withSize(50, 60, 100));
        assertThatThrownBy(() -> new EmbedParameters("mv-test")
                        .plan(other, com.dipgnn.store.ModelStore.readManifest(train.output())))
                .isInstanceOfSatisfying(
                        JobParameterException.class, e -> assertThat(e.field()).isEqualTo("modelId"))
                .hasMessageContaining("model 'mv-test' does not fit graph")
                .hasMessageContaining("embed with a model trained on this data set");
    }

    @Test
    void aPreTrainedEncoderEmbedsEveryNodeAtItsWidth(@TempDir Path tmp) throws Exception {
        JobWork pretrain = JobFixtures.work(JobFixtures.pretrain(2), tmp, "pretrain", null);
        runner.run(pretrain, JobControl.NONE, JobProgressSink.NONE);
        com.dipgnn.store.ModelManifest encoder = com.dipgnn.store.ModelStore.readManifest(pretrain.output());
        assertThat(encoder.task()).isInstanceOf(com.dipgnn.store.ModelTask.Pretraining.class);

        JobWork embed = JobFixtures.work(new EmbedParameters("mv-encoder"), tmp, "embed", pretrain.output());
        JobOutcome outcome = runner.run(embed, JobControl.NONE, JobProgressSink.NONE);

        assertThat(outcome.metrics().get("embeddings"))
                .containsEntry("nodes", 300.0)
                .containsEntry("dim", (double) encoder.hidden());
        EmbeddingsManifest written;
        try (var in = Files.newInputStream(embed.output().resolve(EmbeddingsManifest.FILE_NAME))) {
            written = EmbeddingsManifest.read(in);
        }
        assertThat(written.modelId()).isEqualTo("mv-encoder");
        assertThat(written.dim()).isEqualTo(encoder.hidden());
        assertThat(written.rows()).isEqualTo(300);
        assertThat(embed.output()).isDirectoryContaining("glob:**/" + EmbeddingExport.PART_FILE);
    }

    @Test
    void aModelOfAnUnknownTaskIsRefusedBeforeTheJobIsQueued(@TempDir Path tmp) throws Exception {
        JobWork pretrain = JobFixtures.work(JobFixtures.pretrain(2), tmp, "pretrain", null);
        runner.run(pretrain, JobControl.NONE, JobProgressSink.NONE);
        Path manifest = pretrain.output().resolve(com.dipgnn.store.ModelStore.MANIFEST);
        Files.writeString(
                manifest,
                Files.readString(manifest)
                        .replaceFirst("\"task\"(\\s*):(\\s*)\"pretrain\"", "\"task\"$1:$2\"regression\""));
        com.dipgnn.store.ModelManifest foreign = com.dipgnn.store.ModelStore.readManifest(pretrain.output());
        assertThat(foreign.task()).isEqualTo(new com.dipgnn.store.ModelTask.UnknownTask("regression"));
        assertThatThrownBy(() -> new EmbedParameters("mv-foreign").validateAgainst(JobFixtures.GRAPH, foreign))
                .isInstanceOfSatisfying(
                        JobParameterException.class, e -> assertThat(e.field()).isEqualTo("modelId"))
                .hasMessageContaining("task 'regression'")
                .hasMessageContaining("fine-tuned (node or link) or pre-trained");
    }

    @Test
    void anEmbeddingJobNeedsItsModel(@TempDir Path tmp) {
        assertThatThrownBy(() -> new JobWork(
                        new EmbedPlan("mv-test", 300),
                        JobFixtures.GRAPH,
                        "g",
                        tmp.resolve("c"),
                        tmp.resolve("out"),
                        null,
                        ai.djl.Device.cpu(),
                        null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs the model to embed with");
    }
}
