package com.dipgnn.pretraining;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.sampling.WholeGraphBudget;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Settings validation and method names. */
class PretrainConfigTest {

    @Test
    void paperDefaultsAreThePapersValues() {
        PretrainConfig c = PretrainConfig.PAPER_DEFAULT;
        assertThat(c.method()).isEqualTo(PretrainMethod.DIPGNN);
        assertThat(c.edgeMaskRatio()).isEqualTo(0.2);
        assertThat(c.featureMaskRatio()).isEqualTo(0.2);
        assertThat(c.negatives()).isEqualTo(255);
        assertThat(c.alpha()).isEqualTo(1.0);
        assertThat(c.lambda()).isEqualTo(20.0);
        assertThat(c.optimizer().learningRate()).isEqualTo(1e-3);
        assertThat(c.optimizer().weightDecay()).isEqualTo(0.01);
        assertThat(c.optimizer().epsilon()).isEqualTo(1e-8);
        assertThat(c.optimizer().clipNorm()).isEqualTo(0.5);
        assertThat(c.sampling().depth()).isEqualTo(6);
        assertThat(c.sampling().width()).isEqualTo(128);
    }

    @Test
    void eachWithChangesItsFieldsAndKeepsTheOthers() {
        PretrainConfig base = PretrainConfig.PAPER_DEFAULT;
        PretrainConfig changed =
                base.withSteps(7).withSeed(3).withMasking(0.3, 0.4).withLogEvery(5);
        assertThat(changed.steps()).isEqualTo(7);
        assertThat(changed.seed()).isEqualTo(3);
        assertThat(changed.edgeMaskRatio()).isEqualTo(0.3);
        assertThat(changed.featureMaskRatio()).isEqualTo(0.4);
        assertThat(changed.logEvery()).isEqualTo(5);
        assertThat(changed.toBuilder()
                        .steps(base.steps())
                        .seed(base.seed())
                        .edgeMaskRatio(base.edgeMaskRatio())
                        .featureMaskRatio(base.featureMaskRatio())
                        .logEvery(base.logEvery())
                        .build())
                .isEqualTo(base);
        assertThatThrownBy(() -> base.toBuilder().steps(0).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("steps must be at least 1");
    }

    @Test
    void badSettingsAreRefusedWithTheValueAndTheRange() {
        assertThatThrownBy(() -> PretrainConfig.PAPER_DEFAULT.withMasking(1.0, 0.2))
                .hasMessageContaining("edge mask ratio")
                .hasMessageContaining("(0, 1)")
                .hasMessageContaining("1.0");
        assertThatThrownBy(() -> PretrainConfig.PAPER_DEFAULT.withObjectiveWeights(0, 1, 20, 1))
                .hasMessageContaining("negatives");
        assertThatThrownBy(() -> PretrainConfig.PAPER_DEFAULT.withObjectiveWeights(255, 0, 20, 1))
                .hasMessageContaining("alpha");
        assertThatThrownBy(() -> PretrainConfig.PAPER_DEFAULT.withObjectiveWeights(255, 1, 20, 0))
                .hasMessageContaining("temperature");
        assertThatThrownBy(() -> PretrainConfig.PAPER_DEFAULT.withMethod(PretrainMethod.NONE))
                .hasMessageContaining("other than 'none'");
        assertThatThrownBy(() -> PretrainConfig.PAPER_DEFAULT.withSteps(0)).hasMessageContaining("steps");
        assertThatThrownBy(() -> PretrainConfig.PAPER_DEFAULT.toBuilder()
                        .fullGraphMaxNodes(-1)
                        .build())
                .hasMessageContaining("whole-graph node bound")
                .hasMessageContaining("-1");
        assertThat(PretrainConfig.PAPER_DEFAULT.toBuilder()
                        .fullGraphMaxNodes(0)
                        .build()
                        .fullGraphMaxNodes())
                .isZero();
        assertThatThrownBy(() -> PretrainConfig.PAPER_DEFAULT.toBuilder()
                        .fullGraphMaxBytes(-1)
                        .build())
                .hasMessageContaining("whole-graph memory bound must not be negative (got -1 bytes)");
        assertThat(PretrainConfig.PAPER_DEFAULT.toBuilder()
                        .fullGraphMaxBytes(0)
                        .build()
                        .wholeGraphBudget())
                .isEqualTo(new WholeGraphBudget(5000, 0));
    }

    @Test
    void theWholeGraphMemoryBoundDefaultsToEightGibibytes() {
        assertThat(PretrainConfig.PAPER_DEFAULT.fullGraphMaxBytes()).isEqualTo(8L * 1024 * 1024 * 1024);
        PretrainConfig unset = PretrainConfig.PAPER_DEFAULT.toBuilder().build();
        assertThat(new PretrainConfig(
                        unset.method(),
                        unset.steps(),
                        unset.seedNodes(),
                        unset.edgeMaskRatio(),
                        unset.featureMaskRatio(),
                        unset.negatives(),
                        unset.alpha(),
                        unset.lambda(),
                        unset.temperature(),
                        unset.optimizer(),
                        unset.sampling(),
                        unset.fullGraphMaxNodes(),
                        null,
                        unset.logEvery(),
                        unset.checkpointEvery(),
                        unset.seed(),
                        unset.textPair(),
                        unset.variant(),
                        null,
                        null,
                        null))
                .isEqualTo(PretrainConfig.PAPER_DEFAULT); // a manifest written before the bound, dropout and warmups
    }

    @Test
    void theLearningRateRisesLinearlyOverTheWarmupStepsAndStaysAtOneWithout() {
        PretrainConfig four =
                PretrainConfig.PAPER_DEFAULT.toBuilder().warmupSteps(4).build();
        assertThat(List.of(1L, 2L, 3L, 4L, 5L).stream().map(four::learningRateFactor))
                .containsExactly(0.25, 0.5, 0.75, 1.0, 1.0);
        assertThat(PretrainConfig.PAPER_DEFAULT.warmupSteps()).isZero();
        assertThat(List.of(1L, 2L, 3L, 1000L).stream().map(PretrainConfig.PAPER_DEFAULT::learningRateFactor))
                .containsOnly(1.0);
    }

    @Test
    void theTextPairsWarmupIsItsOwnScheduleOnTopOfTheRunsOne() {
        PretrainConfig text =
                PretrainConfig.PAPER_DEFAULT.toBuilder().textWarmupSteps(4).build();
        assertThat(List.of(1L, 2L, 3L, 4L, 5L).stream().map(text::textLearningRateFactor))
                .containsExactly(0.25, 0.5, 0.75, 1.0, 1.0);
        assertThat(List.of(1L, 2L, 5L).stream().map(text::learningRateFactor))
                .as("the rest of the networks keep the full rate")
                .containsOnly(1.0);
        assertThat(PretrainConfig.PAPER_DEFAULT.textWarmupSteps()).isZero();
        assertThat(PretrainConfig.PAPER_DEFAULT.textLearningRateFactor(1)).isEqualTo(1.0);
        assertThatThrownBy(() -> PretrainConfig.PAPER_DEFAULT.toBuilder()
                        .textWarmupSteps(-2)
                        .build())
                .hasMessageContaining("textWarmupSteps")
                .hasMessageContaining("got -2");
    }

    @Test
    void aNegativeWarmupIsRefusedNamingTheSetting() {
        assertThatThrownBy(() ->
                        PretrainConfig.PAPER_DEFAULT.toBuilder().warmupSteps(-1).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("warmupSteps")
                .hasMessageContaining("got -1");
    }

    @Test
    void methodsParseFromTheirCommandLineNamesAndListTheChoicesOtherwise() {
        for (PretrainMethod m : PretrainMethod.values()) {
            assertThat(PretrainMethod.parse(m.cliName())).isEqualTo(m);
        }
        assertThat(PretrainMethod.parse(" GPT-GNN ")).isEqualTo(PretrainMethod.GPT_GNN);
        assertThatThrownBy(() -> PretrainMethod.parse("electra"))
                .hasMessageContaining("'electra'")
                .hasMessageContaining("dipgnn-edges")
                .hasMessageContaining("gae");
    }

    @Test
    void eachMethodKeepsTheEncoderThePaperFineTunes() {
        assertThat(PretrainMethod.DIPGNN.kept()).isEqualTo(PretrainMethod.Kept.DISCRIMINATOR);
        assertThat(PretrainMethod.RANDOM_EDGES.generatesEdges())
                .as("random picks replace the edge generator")
                .isFalse();
        assertThat(PretrainMethod.RANDOM_EDGES.randomEdges()).isTrue();
        assertThat(PretrainMethod.RANDOM_EDGES.discriminatesEdges()).isTrue();
        assertThat(PretrainMethod.GPT_GNN.kept()).isEqualTo(PretrainMethod.Kept.GENERATOR);
        assertThat(PretrainMethod.GPT_GNN.hasDiscriminator()).isFalse();
        assertThat(PretrainMethod.GAE.hasGenerator()).isTrue();
        assertThat(PretrainMethod.DIPGNN_EDGES.generatesFeatures()).isFalse();
        assertThat(PretrainMethod.DIPGNN_FEATURES.generatesEdges()).isFalse();
    }

    @Test
    void networksHandOverTheKeptEncoderAndRefuseOneTheMethodDoesNotTrain() {
        com.dipgnn.model.GraphSchema schema =
                com.dipgnn.model.GraphSchema.of(com.dipgnn.graph.synthetic.SyntheticGraphs.community(1));
        com.dipgnn.model.ModelConfig model =
                new com.dipgnn.model.ModelConfig(com.dipgnn.model.Backbone.HGT, 1, 8, 2, 0.1, 0);
        PretrainNetworks dip = new PretrainNetworks(PretrainMethod.DIPGNN, schema, model, schema.relations());
        assertThat(dip.encoder(PretrainMethod.DIPGNN.kept())).isSameAs(dip.discriminator());
        assertThat(dip.encoder(PretrainMethod.Kept.GENERATOR)).isSameAs(dip.generator());
        assertThat(dip.edgeHeads(PretrainMethod.Kept.DISCRIMINATOR)).isSameAs(dip.discriminatorEdges());
        PretrainNetworks gpt = new PretrainNetworks(PretrainMethod.GPT_GNN, schema, model, schema.relations());
        assertThat(gpt.discriminator()).isNull();
        assertThatThrownBy(() -> gpt.encoder(PretrainMethod.Kept.DISCRIMINATOR))
                .hasMessageContaining("no discriminator");
    }

    @Test
    void aSmallerGeneratorIsTheArchitectureAtAFractionOfItsWidthInWholeHeads() {
        com.dipgnn.model.ModelConfig model =
                new com.dipgnn.model.ModelConfig(com.dipgnn.model.Backbone.HGT, 2, 128, 4, 0.2, 0);
        // 128 x 0.25 = 32 (8 a head); 400 x 0.3 = 120 (15 a head of 8); 8 x 0.1 rounds to 0 heads' worth: one a head
        assertThat(PretrainNetworks.generatorModel(model, 0.25).hidden()).isEqualTo(32);
        com.dipgnn.model.ModelConfig paper = com.dipgnn.model.ModelConfig.PAPER_DEFAULT;
        assertThat(PretrainNetworks.generatorModel(paper, 0.3).hidden()).isEqualTo(120);
        assertThat(PretrainNetworks.generatorModel(model.withHidden(8), 0.1).hidden())
                .isEqualTo(4);
        assertThat(PretrainNetworks.generatorModel(model, 1.0)).isSameAs(model);
        assertThat(PretrainNetworks.generatorModel(model, 0.25).layers()).isEqualTo(2);
    }

    @Test
    void aNarrowGeneratorTrainsBesideAFullDiscriminatorAndCannotBeKept() throws Exception {
        com.dipgnn.graph.HeteroGraph graph = com.dipgnn.graph.synthetic.SyntheticGraphs.community(1);
        PretrainConfig narrow = PretrainConfig.PAPER_DEFAULT.toBuilder()
                .method(PretrainMethod.DIPGNN)
                .steps(2)
                .variant(ObjectiveVariant.DEFAULT.withGeneratorWidth(0.5))
                .build();
        com.dipgnn.model.ModelConfig model =
                new com.dipgnn.model.ModelConfig(com.dipgnn.model.Backbone.HGT, 1, 16, 2, 0.1, 0);
        try (ai.djl.ndarray.NDManager manager = ai.djl.ndarray.NDManager.newBaseManager(ai.djl.Device.cpu())) {
            PretrainResult result = new Pretrainer(narrow, PretrainListener.NONE).run(graph, model, manager, null);
            assertThat(result.steps()).isEqualTo(2);
            com.dipgnn.graph.RelationType r = graph.relationTypes().get(0);
            // the cosine heads' W is hidden x hidden: 8 x 8 for the generator, 16 x 16 for the discriminator
            assertThat(result.networks().generatorEdges().scorer(r).snapshot().get("w.weight"))
                    .hasSize(64);
            assertThat(result.networks()
                            .discriminatorEdges()
                            .scorer(r)
                            .snapshot()
                            .get("w.weight"))
                    .hasSize(256);
        }
        assertThatThrownBy(() -> narrow.requireKeepable(PretrainMethod.Kept.GENERATOR))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot be kept");
        narrow.requireKeepable(PretrainingRun.Settings.of(narrow).kept());
    }

    @Test
    void aFeaturesOnlyMethodOnAFeaturelessGraphIsRefusedBeforeTraining() {
        com.dipgnn.graph.HeteroGraph featureless = new com.dipgnn.graph.GraphBuilder("plain")
                .addNodes(com.dipgnn.graph.NodeTable.ofCount("n", 4))
                .addEdges(
                        new com.dipgnn.graph.RelationType("n", "link", "n"),
                        new int[] {0, 1, 2},
                        new int[] {1, 2, 3},
                        null,
                        false)
                .build();
        try (ai.djl.ndarray.NDManager manager = ai.djl.ndarray.NDManager.newBaseManager(ai.djl.Device.cpu())) {
            assertThatThrownBy(() -> new Pretrainer(
                                    PretrainConfig.PAPER_DEFAULT.withMethod(PretrainMethod.DIPGNN_FEATURES),
                                    PretrainListener.NONE)
                            .run(featureless, com.dipgnn.model.ModelConfig.PAPER_DEFAULT, manager, null))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'dipgnn-features'")
                    .hasMessageContaining("'plain' has none");
        }
    }
}
