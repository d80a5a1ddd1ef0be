package com.dipgnn.jobs.runner;

import ai.djl.Device;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.synthetic.CommunityConfig;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import com.dipgnn.jobs.parameters.FinetuneParameters;
import com.dipgnn.jobs.parameters.JobParameters;
import com.dipgnn.jobs.parameters.PretrainParameters;
import com.dipgnn.store.ModelStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/** Small graphs and settings that make a job take a second or two. */
final class JobFixtures {

    static final HeteroGraph GRAPH = SyntheticGraphs.community(
            CommunityConfig.defaults().withNumNodes(300).withFeatures(8, 0.5).withSeed(1));
    static final long SPLIT_SEED = 3;

    /** {@link #GRAPH} without its features: its nodes get per-node embeddings and structural inputs. */
    static final HeteroGraph ID_ONLY = withoutFeatures(GRAPH);

    private static HeteroGraph withoutFeatures(HeteroGraph graph) {
        com.dipgnn.graph.NodeTable t = graph.nodes("node");
        return graph.withNodes(new com.dipgnn.graph.NodeTable(
                t.name(), t.count(), t.keys(), null, t.labels(), t.text(), t.time(), t.splits()));
    }

    private JobFixtures() {}

    /** DiP-GNN with a tiny HGT: 6 steps, a log entry and a checkpoint every 2. */
    static PretrainParameters pretrain(int steps) {
        return new PretrainParameters(
                "dipgnn",
                "hgt",
                2,
                16,
                2,
                0.2,
                steps,
                16,
                null,
                null,
                null,
                null,
                null,
                15,
                null,
                null,
                null,
                2,
                16,
                7L,
                SPLIT_SEED,
                null,
                2,
                2,
                null);
    }

    /** Node classification with a tiny model (from the pre-trained one when given), validation every 4 steps. */
    static FinetuneParameters finetune(String pretrainedId, int steps, long splitSeed, double learningRate) {
        Integer layers = pretrainedId == null ? 2 : null;
        Integer hidden = pretrainedId == null ? 16 : null;
        Integer heads = pretrainedId == null ? 2 : null;
        return new FinetuneParameters(
                "node",
                null,
                null,
                pretrainedId,
                null,
                layers,
                hidden,
                heads,
                null,
                steps,
                32,
                4,
                0,
                learningRate,
                null,
                null,
                null,
                null,
                splitSeed,
                11L,
                2,
                16,
                4);
    }

    static JobWork work(JobParameters parameters, Path dir, String name, Path pretrained) {
        return work(GRAPH, parameters, dir, name, pretrained);
    }

    /** The work of a job with {@code parameters}, planned as the service plans it (checked against the data). */
    static JobWork work(HeteroGraph graph, JobParameters parameters, Path dir, String name, Path pretrained) {
        JobPlan plan;
        try {
            plan = parameters.plan(graph, pretrained == null ? null : ModelStore.readManifest(pretrained));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new JobWork(
                plan,
                graph,
                "community-300",
                dir.resolve(name + "-checkpoints"),
                dir.resolve(name + "-model"),
                pretrained,
                Device.cpu(),
                null);
    }

    /** Records every report and cancels once a report reached {@code cancelAt} (never when negative). */
    static final class Recorder implements JobProgressSink, JobControl {
        final List<JobProgress> reports = new ArrayList<>();
        /** The steps each run said it started from, in order. */
        final List<Long> starts = new ArrayList<>();
        /** The reasons given for checkpoints that could not be resumed, in order. */
        final List<String> refusals = new ArrayList<>();

        private final long cancelAt;
        private final AtomicLong lastStep = new AtomicLong();

        Recorder(long cancelAt) {
            this.cancelAt = cancelAt;
        }

        @Override
        public void onProgress(JobProgress progress) {
            reports.add(progress);
            lastStep.set(progress.step());
        }

        @Override
        public boolean cancelRequested() {
            return cancelAt >= 0 && lastStep.get() >= cancelAt;
        }

        @Override
        public void started(long resumedFrom) {
            starts.add(resumedFrom);
        }

        @Override
        public void checkpointRefused(String reason) {
            refusals.add(reason);
        }

        List<JobProgress> phase(String name) {
            return reports.stream().filter(r -> r.phase().equals(name)).toList();
        }
    }
}
