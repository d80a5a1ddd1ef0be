package com.dipgnn.pretraining;

import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.io.GraphLoaders;
import com.dipgnn.graph.split.NodeTransferSplit;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.sampling.SamplingConfig;
import org.junit.jupiter.api.Test;

class DebugCoraTest {
    @Test
    void run() throws Exception {
        HeteroGraph full = GraphLoaders.load("/work/shared/datasets/cora", com.dipgnn.graph.io.LoadOptions.defaults());
        HeteroGraph graph = new NodeTransferSplit(0).split(full, "paper").pretrainGraph();
        for (PretrainMethod m : new PretrainMethod[] {PretrainMethod.DIPGNN}) {
            try (NDManager manager = NDManager.newBaseManager(ai.djl.Device.cpu())) {
                PretrainConfig c = PretrainConfig.PAPER_DEFAULT.withMethod(m).withSteps(200).withLogEvery(1)
                        .withSampling(SamplingConfig.defaults(), 128, 5000).withCheckpointEvery(0)
                        .withObjectiveWeights(255, 1.0, 20.0, 0.2);
                try {
                    new Pretrainer(c, new PretrainListener() {
                        @Override
                        public void onStep(long step, long total, java.util.Map<String, Double> stats) {
                            if (step % 20 == 0) System.out.println(m + " " + step + " " + stats);
                        }
                    }).run(graph, new ModelConfig(Backbone.HGT, 2, 128, 4, 0.3, 0), manager, null);
                } catch (RuntimeException e) {
                    System.out.println(m + " FAILED " + e.getMessage());
                }
            }
        }
    }
}
