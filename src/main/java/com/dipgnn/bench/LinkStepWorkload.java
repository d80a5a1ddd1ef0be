package com.dipgnn.bench;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDManager;
import com.dipgnn.finetuning.LinkBatch;
import com.dipgnn.finetuning.LinkPredictionTask;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.StepRandom;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.NodeIdSpace;
import com.dipgnn.optim.ModelInitialization;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.optim.ParameterUpdater;
import com.dipgnn.runtime.Devices;

/**
 * The {@code gnn-link} step as a {@link KernelComparisonBenchmark.Workload}: the link task's
 * fine-tuning step on a data set's own edge split (on Gowalla, GAT over the whole graph).
 */
final class LinkStepWorkload implements KernelComparisonBenchmark.Workload<LinkBatch> {

    private final String name;
    private final String description;
    private final LinkPredictionTask task;
    private final NDManager manager;
    private final GraphEncoder encoder;
    private final GraphModule head;
    private final ParameterUpdater updater;
    private final Engine engine = Devices.engine();

    /**
     * @param name the workload's name in the report
     * @param settings the benchmark's backbone, width and positives
     */
    LinkStepWorkload(
            String name,
            HeteroGraph graph,
            RelationType relation,
            NodeEmbeddingBenchmark.Settings settings,
            Device device) {
        NodeEmbeddingBenchmark bench = new NodeEmbeddingBenchmark(settings, device);
        NodeEmbeddingBenchmark.DatasetTask t = bench.datasetTask(graph, relation);
        ModelConfig model = bench.encoder();
        this.name = name;
        this.description = t.summary();
        this.task = t.task();
        this.manager = NDManager.newBaseManager(device);
        this.encoder = new GraphEncoder(
                GraphSchema.of(t.structure(), model.nodeInputs()), model, NodeIdSpace.of(t.structure()));
        this.head = task.createHead(model.hidden());
        ModelInitialization.initialize(1, manager, encoder, head);
        this.updater = new ParameterUpdater(OptimizerConfig.FINE_TUNING, encoder, head);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public LinkBatch prepare(int step) {
        return task.prepare(step, StepRandom.rngFor(3, step));
    }

    @Override
    public void step(LinkBatch batch) {
        NodeEmbeddingBenchmark.step(engine, task, encoder, head, batch, manager, updater);
    }

    @Override
    public void close() {
        manager.close();
    }
}
