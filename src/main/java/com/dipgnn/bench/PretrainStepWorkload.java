package com.dipgnn.bench;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.StepRandom;
import com.dipgnn.graph.split.PretrainSplit;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.pretraining.NodeTokens;
import com.dipgnn.pretraining.PretrainBatch;
import com.dipgnn.pretraining.PretrainBatchSampler;
import com.dipgnn.pretraining.PretrainConfig;
import com.dipgnn.runtime.Devices;
import com.dipgnn.sampling.Samplers;
import com.dipgnn.text.TextInputConfig;
import com.dipgnn.text.TextInputs;

/**
 * A configuration's DiP-GNN pre-training step ({@link PretrainStepBenchmark}'s, generator and
 * discriminator, the paper's objective settings) as a {@link KernelComparisonBenchmark.Workload}.
 */
final class PretrainStepWorkload implements KernelComparisonBenchmark.Workload<PretrainBatch> {

    private final BenchConfiguration config;
    private final PretrainConfig pretrain;
    private final PretrainBatchSampler batches;
    private final NDManager manager;
    private final PretrainStepBenchmark.Setup setup;
    private final Engine engine = Devices.engine();

    PretrainStepWorkload(BenchConfiguration config, Device device) {
        this.config = config;
        HeteroGraph raw = config.graph().get();
        TextInputs text = TextInputs.learnForSplit(raw, PretrainSplit.NONE, TextInputConfig.defaults())
                .orElse(null);
        HeteroGraph graph = text == null ? raw : text.apply(raw, null);
        GraphSchema schema = GraphSchema.of(graph);
        this.pretrain = PretrainStepBenchmark.pretrainConfig(config);
        this.batches = new PretrainBatchSampler(
                graph,
                Samplers.forGraph(graph, pretrain.sampling()),
                pretrain,
                text == null ? null : NodeTokens.of(graph, text.tokenizer()));
        this.manager = NDManager.newBaseManager(device);
        this.setup = PretrainStepBenchmark.setUp(graph, schema, config.model(), pretrain, batches, manager, text);
    }

    @Override
    public String name() {
        return PretrainStepBenchmark.PREFIX + config.name();
    }

    @Override
    public String description() {
        return config.description() + "; DiP-GNN pre-training step, " + pretrain.negatives()
                + " negatives per masked edge";
    }

    @Override
    public PretrainBatch prepare(int step) {
        return batches.prepare(step, StepRandom.rngFor(pretrain.seed(), step));
    }

    @Override
    public void step(PretrainBatch batch) {
        PretrainStepBenchmark.trainStep(engine, manager, setup, batch);
    }

    @Override
    public void close() {
        manager.close();
    }
}
