package com.dipgnn.pretraining;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.synthetic.QueryProductConfig;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.sampling.SamplingConfig;
import java.nio.file.Path;

/**
 * The pre-training run whose checkpoints are kept as fixtures under
 * {@code src/test/resources/checkpoints}: 3 steps checkpointed every 2 leave the checkpoint of
 * step 2. {@link #main} writes one.
 */
class PretrainCheckpointFixtures {

    static final HeteroGraph GRAPH = SyntheticGraphs.queryProduct(QueryProductConfig.defaults()
            .withSize(60, 80, 100)
            .withFeatures(4, 0.5)
            .withSeed(2));
    static final ModelConfig MODEL = new ModelConfig(Backbone.HGT, 1, 8, 2, 0.0, 0.0);

    static PretrainConfig config(int steps) {
        return PretrainConfig.PAPER_DEFAULT
                .withMethod(PretrainMethod.DIPGNN)
                .withSteps(steps)
                .withSampling(new SamplingConfig(2, 8), 8, 0)
                .withObjectiveWeights(3, 1.0, 20.0, 1.0)
                .withLogEvery(2)
                .withCheckpointEvery(2)
                .withSeed(3)
                // the default objective when the fixtures were written: every generated source the generator's
                .withVariant(new ObjectiveVariant(
                        FeatureReplacement.SAMPLED, 0, LossReduction.MEAN, 0, false, GeneratedEdges.SAMPLED));
    }

    /**
     * Writes the run's checkpoints into {@code args[0]/pretrain} with today's format (a program, not a
     * test: src/test/resources/checkpoints/README.md says how its files become fixtures).
     */
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]).resolve("pretrain");
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            new Pretrainer(config(3), PretrainListener.NONE).run(GRAPH, MODEL, manager, dir);
        }
    }
}
