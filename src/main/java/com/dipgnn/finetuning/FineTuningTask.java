package com.dipgnn.finetuning;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.ranking.PopularityPrior;
import com.dipgnn.ranking.PopularityPriorSetting;
import com.dipgnn.store.ModelTask;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * A supervised downstream task: how to draw a training batch (host work, run ahead on worker
 * threads), its loss on the device, and its evaluation on a split.
 *
 * @param <B> the task's prepared batch
 */
public interface FineTuningTask<B> {

    /** Task kind, for manifests and reports. */
    TaskKind kind();

    /** The graph the encoder runs on (for link prediction: without the held-out edges). */
    com.dipgnn.graph.HeteroGraph modelGraph();

    /** The task head, created for encoders of the given hidden width. */
    GraphModule createHead(int hidden);

    /** Samples the batch of a training step (no device work: runs on a worker thread). */
    B prepare(long step, Random rng);

    /** The training loss of a prepared batch; arrays live in {@code scope}. */
    NDArray loss(GraphEncoder encoder, GraphModule head, B batch, NDManager scope);

    /** Metrics on a split, keyed by name (the primary metric among them). */
    Map<String, Double> evaluate(GraphEncoder encoder, GraphModule head, EvalSplit split, NDManager scope);

    /**
     * Sets what ranking adds to the model's scores once training has ended, with the kept weights,
     * and uses it in every evaluation from then on: the link task's {@link PopularityPrior}, as
     * {@code setting} says. Empty (and nothing changes) for a task that does not rank.
     */
    default Optional<PopularityPrior> calibrate(
            GraphEncoder encoder, GraphModule head, PopularityPriorSetting setting, NDManager scope) {
        return Optional.empty();
    }

    /** The metric early stopping maximises. */
    String primaryMetric();

    /** Number of nodes (or edges, for link prediction) in a split. */
    int size(EvalSplit split);

    /** The task as a model manifest records it. */
    ModelTask describe();
}
