package com.dipgnn.jobs.runner;

import ai.djl.MalformedModelException;
import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.FineTuneExperiment;
import com.dipgnn.finetuning.FineTuneResult;
import com.dipgnn.graph.split.PretrainSplit;
import com.dipgnn.optim.TrainingCancelledException;
import com.dipgnn.pretraining.PretrainCheckpoint;
import com.dipgnn.pretraining.PretrainConfig;
import com.dipgnn.pretraining.PretrainResult;
import com.dipgnn.pretraining.PretrainingRun;
import com.dipgnn.serving.DeploymentListener;
import com.dipgnn.serving.EmbeddingExport;
import com.dipgnn.serving.EmbeddingsManifest;
import com.dipgnn.serving.ModelDeployment;
import com.dipgnn.store.CheckpointRefusedException;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.store.ModelStore;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Runs jobs on the engine in the calling thread, without Spring: embedding every node with a model
 * ({@link EmbedPlan}, for a deployment's precomputed embeddings), pre-training through
 * {@link PretrainingRun} on the pre-training part of its split (the node-transfer split or the
 * training edges of an edge split; dense features standardised with statistics of the nodes
 * pre-training sees unless the job says {@code standardizeFeatures: none}; the scaling is saved with
 * the model), or fine-tuning from a pre-trained model (with its stored scaling) or from scratch. A job
 * run again with the same checkpoint directory after a crash resumes from its last checkpoint and
 * ends as if it had never stopped; one whose checkpoint was written with other settings (a service
 * setting changed in between) trains again from the beginning. The engine's random seed is
 * process-wide: run one job at a time for reproducible results.
 */
public final class JobRunner {

    /** Default minimum time between two step reports. */
    public static final Duration DEFAULT_PROGRESS_INTERVAL = Duration.ofSeconds(1);

    private final long progressIntervalNanos;

    public JobRunner() {
        this(DEFAULT_PROGRESS_INTERVAL);
    }

    /** @param progressInterval minimum time between two step reports (validations are always reported) */
    public JobRunner(Duration progressInterval) {
        this.progressIntervalNanos = progressInterval.toNanos();
    }

    /**
     * Runs a job to its end and saves its model (or embeddings) to {@code work.output()}
     * (atomically); the checkpoint directory is deleted on success. A checkpoint that cannot be
     * resumed ({@link CheckpointRefusedException}) is reported to {@code control}, deleted, and the
     * job trained again from the beginning with its settings of now.
     *
     * @throws JobParameterException when the parameters do not fit the data or the pre-trained model
     * @throws TrainingCancelledException when {@code control} asked to stop: nothing is written to
     *     the model output; the last checkpoint is kept
     * @throws FileAlreadyExistsException when the model output exists
     * @throws IOException when the pre-trained model, a checkpoint or the model cannot be read or written
     */
    public JobOutcome run(JobWork work, JobControl control, JobProgressSink sink) throws IOException {
        if (Files.exists(work.output())) {
            throw new FileAlreadyExistsException(
                    work.output().toString(),
                    null,
                    "the job's output exists already; models and embeddings are never overwritten");
        }
        try {
            return runOnce(work, control, sink);
        } catch (CheckpointRefusedException e) {
            // refused as it is read, before a step: the job is still owed its model, so it starts over
            control.checkpointRefused(e.getMessage());
            ModelStore.deleteRecursively(work.checkpointDir());
            return runOnce(work, control, sink);
        }
    }

    private JobOutcome runOnce(JobWork work, JobControl control, JobProgressSink sink) throws IOException {
        ProgressTracker tracker = new ProgressTracker(sink, progressIntervalNanos, System::nanoTime);
        tracker.phase("preparing", work.plan().steps());
        tracker.limitTo(work.plan().timeLimit());
        if (work.plan() instanceof PretrainPlan p) {
            return pretrain(p, work, control, tracker);
        }
        if (work.plan() instanceof EmbedPlan p) {
            return embed(p, work, control, tracker);
        }
        return finetune((FinetunePlan) work.plan(), work, control, tracker);
    }

    /**
     * Every node's embedding, as a deployment of the model computes them, into {@code work.output()}
     * (Parquet and the manifest; nothing on cancellation or failure). The progress counts the nodes
     * embedded (phase {@code embedding}: the deployment computing them, most of the time), then those
     * written (phase {@code writing}); a cancellation stops either within a pass or chunk.
     */
    private static JobOutcome embed(EmbedPlan p, JobWork work, JobControl control, ProgressTracker tracker)
            throws IOException {
        long started = System.nanoTime();
        tracker.phase("embedding", p.nodes());
        control.started(0);
        try (ModelDeployment deployment = deploy(work, (phase, done, total) -> {
            stopIfCancelled(control, done);
            if (phase == DeploymentListener.Phase.EMBEDDING) {
                tracker.step(done, Map.of(), Map.of(), false);
            }
        })) {
            tracker.phase("writing", p.nodes());
            EmbeddingsManifest written = EmbeddingExport.write(
                    deployment,
                    new EmbeddingExport.Source(
                            work.inputModelDir(),
                            p.modelId(),
                            work.datasetName(),
                            work.graph(),
                            work.device().toString()),
                    work.output(),
                    nodes -> stopIfCancelled(control, nodes));
            Map<String, Double> figures = new LinkedHashMap<>();
            figures.put("nodes", (double) written.rows());
            figures.put("dim", (double) written.dim());
            figures.put("seconds", (System.nanoTime() - started) / 1e9);
            return new JobOutcome(Map.of("embeddings", figures), null, null, 0);
        }
    }

    private static void stopIfCancelled(JobControl control, long done) {
        if (control.cancelRequested()) {
            throw new TrainingCancelledException(done);
        }
    }

    private static JobOutcome pretrain(PretrainPlan p, JobWork work, JobControl control, ProgressTracker tracker)
            throws IOException {
        PretrainConfig config = p.config();
        PretrainingRun run = prepare(p, work);
        tracker.phase("pretraining", config.steps());
        PretrainingRun.Outcome outcome = run.run(
                new PretrainingRun.Settings(config, p.kept(), 0, work.checkpointDir(), work.output()),
                new PretrainProgress(tracker, control, config.logEvery()));
        tracker.phase("saving", config.steps());
        PretrainCheckpoint.delete(work.checkpointDir());
        ModelManifest manifest = outcome.manifest();
        PretrainResult result = outcome.result();
        return new JobOutcome(
                manifest.metrics(), manifest, TrainingCurves.ofPretraining(result.history()), result.resumedFrom());
    }

    /** The job's inputs and pre-training part; a node-transfer split that leaves too little is the split type's fault. */
    private static PretrainingRun prepare(PretrainPlan p, JobWork work) {
        try {
            return PretrainingRun.prepare(
                    new PretrainingRun.Data(work.graph(), work.datasetName(), p.split(), p.inputs(), p.model()),
                    work.device(),
                    work.textCache());
        } catch (IllegalArgumentException e) {
            if (p.split() instanceof PretrainSplit.NodeTransfer transfer) {
                throw new JobParameterException(
                        "splitNodeType",
                        e.getMessage() + "; choose another splitNodeType than '" + transfer.splitType() + "'");
            }
            throw e;
        }
    }

    private static JobOutcome finetune(FinetunePlan p, JobWork work, JobControl control, ProgressTracker tracker)
            throws IOException {
        Path pretrainedDir = work.inputModelDir();
        ExperimentSpec spec = p.spec();
        FineTuneExperiment experiment = (pretrainedDir == null
                        ? new FineTuneExperiment(
                                work.graph(), work.datasetName(), spec, work.device(), work.textCache())
                        : FineTuneExperiment.fromPretrained(
                                pretrainedDir, work.graph(), work.datasetName(), spec, work.device(), work.textCache()))
                .withPopularityPrior(p.popularityPrior());
        ModelStore.EncoderWeights weights = pretrainedDir == null ? null : encoderWeights(pretrainedDir);
        tracker.phase("fine-tuning", spec.training().steps());
        FineTuneResult result = experiment.run(
                p.seed(),
                new FineTuneProgress(tracker, control, spec.training().evalEvery()),
                work.output(),
                weights,
                work.checkpointDir(),
                p.checkpointEvery());
        ModelManifest manifest = ModelStore.readManifest(work.output());
        ModelStore.deleteRecursively(work.checkpointDir());
        return new JobOutcome(
                result.metrics(),
                manifest,
                TrainingCurves.ofFineTuning(result.history(), experiment.primaryMetric()),
                result.resumedFrom());
    }

    private static ModelDeployment deploy(JobWork work, DeploymentListener listener) throws IOException {
        try {
            return ModelDeployment.deploy(
                    work.inputModelDir(),
                    work.graph(),
                    EmbeddingExport.deploymentOptions(work.device()),
                    listener,
                    work.textCache());
        } catch (MalformedModelException e) {
            throw new IOException("the model in " + work.inputModelDir() + " is damaged: " + e.getMessage(), e);
        }
    }

    private static ModelStore.EncoderWeights encoderWeights(Path dir) throws IOException {
        try {
            return ModelStore.readEncoderWeights(dir);
        } catch (MalformedModelException e) {
            throw new IOException("the pre-trained model in " + dir + " is damaged: " + e.getMessage(), e);
        }
    }
}
