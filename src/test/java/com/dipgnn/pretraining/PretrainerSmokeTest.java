package com.dipgnn.pretraining;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.ndarray.NDManager;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.sampling.SamplingConfig;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every method runs a few steps on both synthetic graphs and reports finite figures. */
class PretrainerSmokeTest {

    static final ModelConfig SMALL = new ModelConfig(Backbone.HGT, 2, 32, 4, 0.2, 0.0);

    static PretrainConfig small(PretrainMethod method, int steps) {
        return PretrainConfig.PAPER_DEFAULT
                .withMethod(method)
                .withSteps(steps)
                .withSampling(new SamplingConfig(2, 64), 32, 0)
                .withObjectiveWeights(31, 1.0, 20.0, 1.0)
                .withLogEvery(2)
                .withCheckpointEvery(0)
                .withSeed(7);
    }

    @ParameterizedTest
    @EnumSource(value = PretrainMethod.class, names = "NONE", mode = EnumSource.Mode.EXCLUDE)
    void everyMethodTrainsOnHomogeneousAndBipartiteGraphs(PretrainMethod method) throws Exception {
        for (HeteroGraph graph : new HeteroGraph[] {SyntheticGraphs.community(1), SyntheticGraphs.queryProduct(1)}) {
            for (Backbone backbone : Backbone.values()) {
                try (NDManager manager = NDManager.newBaseManager(ai.djl.Device.cpu())) {
                    PretrainResult result = new Pretrainer(small(method, 4), PretrainListener.NONE)
                            .run(graph, SMALL.withBackbone(backbone), manager, null);
                    Map<String, Double> last = result.finalMetrics();
                    assertThat(result.history()).hasSize(2);
                    assertThat(last.get(PretrainMetrics.LOSS)).isFinite();
                    if (method.hasDiscriminator()) {
                        assertThat(last).containsKeys(PretrainMetrics.GEN_COVERAGE, PretrainMetrics.DISC_COVERAGE);
                        assertThat(last.get(PretrainMetrics.GEN_COVERAGE))
                                .isCloseTo(0.8, org.assertj.core.data.Offset.offset(0.02));
                    }
                    if (method.generatesEdges()) {
                        assertThat(last.get(PretrainMetrics.GEN_ACCURACY)).isBetween(0.0, 1.0);
                    }
                    // the default picks real replacement vectors only for a method that discriminates them;
                    // the others (GPT-GNN-style) regress, which reports no pick accuracy
                    if (method.generatesFeatures()
                            && graph.nodes(graph.nodeTypes().get(0)).featureDim() > 0) {
                        assertThat(last.containsKey(PretrainMetrics.GEN_FEATURE_ACCURACY))
                                .as(method + " picks replacement vectors")
                                .isEqualTo(method.discriminatesFeatures());
                    }
                    System.out.println(method + " " + graph.name() + " " + backbone + " " + last);
                }
            }
        }
    }
}
