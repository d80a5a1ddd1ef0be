package com.dipgnn.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeLabels;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.SplitMark;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.NodeInputConfig;
import com.dipgnn.model.TypeSelection;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.ranking.RankingLoss;
import com.dipgnn.sampling.WholeGraphBudget;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** What the {@code finetune} options turn into: the paper's Table 7 defaults, the planetoid preset, overrides. */
class FinetuneCommandSpecTest {

    private static final RelationType LINK = new RelationType("node", "link", "node");

    @Test
    void nodeClassificationDefaultsAreThePapersTable7() {
        ExperimentSpec spec = spec(TaskKind.NODE_CLASSIFICATION, unsplitGraph());

        assertThat(spec.task()).isEqualTo(TaskKind.NODE_CLASSIFICATION);
        assertThat(spec.training().steps()).isEqualTo(2400);
        assertThat(spec.model().dropout()).isEqualTo(0.3);
        assertThat(spec.training().optimizer().learningRate()).isEqualTo(0.0015);
        assertPaperArchitectureAndOptimizer(spec);
    }

    @Test
    void linkPredictionDefaultsAreThePapersTable7() {
        ExperimentSpec spec = spec(TaskKind.LINK_PREDICTION, unsplitGraph());

        assertThat(spec.task()).isEqualTo(TaskKind.LINK_PREDICTION);
        assertThat(spec.training().steps()).isEqualTo(1600);
        assertThat(spec.model().dropout()).isEqualTo(0.1);
        assertThat(spec.training().optimizer().learningRate()).isEqualTo(0.001);
        assertThat(spec.evalNegatives()).isEqualTo(255);
        assertThat(spec.linkNegatives()).isEqualTo(NegativeSampling.UNIFORM);
        assertPaperArchitectureAndOptimizer(spec);
    }

    @Test
    void linkPredictionOnAnEdgeSplitDefaultsToTheRecommendationSetting() {
        ExperimentSpec spec = spec(TaskKind.LINK_PREDICTION, unsplitGraph(), "--split", "holdout");

        assertThat(spec.split()).isEqualTo(SplitMode.HOLDOUT);
        assertThat(spec.model().backbone()).isEqualTo(Backbone.GAT);
        assertThat(spec.model().layers()).isEqualTo(2);
        assertThat(spec.model().hidden()).isEqualTo(64);
        assertThat(spec.model().heads()).isEqualTo(4);
        assertThat(spec.model().dropout()).isEqualTo(0.1);
        assertThat(spec.training().steps()).isEqualTo(1500);
        assertThat(spec.training().batchSize()).isEqualTo(1024);
        assertThat(spec.training().evalEvery()).isEqualTo(50);
        assertThat(spec.training().patience()).isEqualTo(6);
        assertThat(spec.training().optimizer().learningRate()).isEqualTo(0.005);
        assertThat(spec.fullGraphMaxNodes()).isEqualTo(100_000);
        assertThat(spec.linkLoss()).isEqualTo(RankingLoss.SOFTMAX);
        assertThat(spec.linkNegatives()).isEqualTo(NegativeSampling.UNIFORM_LOGQ);
        // BPR takes the uniform pool (the log-Q correction is the softmax's); a given pool wins
        assertThat(spec(TaskKind.LINK_PREDICTION, unsplitGraph(), "--split", "holdout", "--link-loss", "bpr")
                        .linkNegatives())
                .isEqualTo(NegativeSampling.UNIFORM);
        assertThat(spec(TaskKind.LINK_PREDICTION, unsplitGraph(), "--split", "holdout", "--link-negatives", "uniform")
                        .linkNegatives())
                .isEqualTo(NegativeSampling.UNIFORM);
        // the pool's uniform negatives: 255 unless given
        assertThat(spec.trainNegatives()).isEqualTo(255);
        assertThat(spec(TaskKind.LINK_PREDICTION, unsplitGraph(), "--split", "holdout", "--train-negatives", "6144")
                        .trainNegatives())
                .isEqualTo(6144);
        org.assertj.core.api.Assertions.assertThatThrownBy(() ->
                        spec(TaskKind.LINK_PREDICTION, unsplitGraph(), "--split", "holdout", "--train-negatives", "0"))
                .hasMessageContaining("--train-negatives must be at least 1");
        // given options win; --preset paper brings back Table 7 on an edge split
        ExperimentSpec chosen = spec(
                TaskKind.LINK_PREDICTION,
                unsplitGraph(),
                "--split",
                "holdout",
                "--hidden",
                "32",
                "--batch-size",
                "128",
                "--eval-every",
                "10",
                "--full-graph-max-nodes",
                "0");
        assertThat(chosen.model().hidden()).isEqualTo(32);
        assertThat(chosen.training().batchSize()).isEqualTo(128);
        assertThat(chosen.training().evalEvery()).isEqualTo(10);
        assertThat(chosen.fullGraphMaxNodes()).isZero();
        ExperimentSpec paper =
                spec(TaskKind.LINK_PREDICTION, unsplitGraph(), "--split", "holdout", "--preset", "paper");
        assertThat(paper.training().steps()).isEqualTo(1600);
        assertPaperArchitectureAndOptimizer(paper);
        assertThat(paper.linkNegatives()).isEqualTo(NegativeSampling.UNIFORM);
        // and the recommendation setting can be asked for on the transfer split
        assertThat(spec(TaskKind.LINK_PREDICTION, unsplitGraph(), "--preset", "recommend")
                        .model()
                        .hidden())
                .isEqualTo(64);
    }

    private static void assertPaperArchitectureAndOptimizer(ExperimentSpec spec) {
        assertThat(spec.model().backbone()).isEqualTo(Backbone.HGT);
        assertThat(spec.model().layers()).isEqualTo(3);
        assertThat(spec.model().hidden()).isEqualTo(400);
        assertThat(spec.model().heads()).isEqualTo(8);
        assertThat(spec.model().attentionDropout()).isZero();
        OptimizerConfig optimizer = spec.training().optimizer();
        assertThat(optimizer.weightDecay()).isZero();
        assertThat(optimizer.l2()).isZero();
        assertThat(optimizer.clipNorm()).isEqualTo(OptimizerConfig.FINE_TUNING.clipNorm());
        assertThat(optimizer.epsilon()).isEqualTo(OptimizerConfig.FINE_TUNING.epsilon());
        assertThat(spec.training().batchSize()).isEqualTo(256);
        assertThat(spec.training().evalEvery()).isEqualTo(20);
        assertThat(spec.training().patience()).isEqualTo(20);
        assertThat(spec.sampling().depth()).isEqualTo(6);
        assertThat(spec.sampling().width()).isEqualTo(128);
        assertThat(spec.fullGraphMaxNodes()).isZero();
        assertThat(spec.normalizeFeatures()).isFalse();
        assertThat(spec.labelFraction()).isEqualTo(1.0);
    }

    @Test
    void planetoidPresetIsTheGatPapersCoraSetting() {
        ExperimentSpec spec = spec(TaskKind.NODE_CLASSIFICATION, unsplitGraph(), "--preset", "planetoid");

        assertThat(spec.model().backbone()).isEqualTo(Backbone.GAT);
        assertThat(spec.model().layers()).isEqualTo(2);
        assertThat(spec.model().heads()).isEqualTo(8);
        assertThat(spec.model().headDim()).as("8 heads of 8").isEqualTo(8);
        assertThat(spec.model().dropout()).isEqualTo(0.6);
        assertThat(spec.model().attentionDropout()).isEqualTo(0.6);
        assertThat(spec.training().optimizer().learningRate()).isEqualTo(0.005);
        assertThat(spec.training().optimizer().l2())
                .as("Adam's classic L2, as the GAT paper")
                .isCloseTo(5e-4, within(1e-12));
        assertThat(spec.training().optimizer().weightDecay()).isZero();
        assertThat(spec.training().optimizer().clipNorm())
                .as("GAT trains without clipping")
                .isZero();
        assertThat(spec.training().steps()).isEqualTo(1000);
        assertThat(spec.training().evalEvery()).isEqualTo(1);
        assertThat(spec.training().patience()).isEqualTo(100);
        assertThat(spec.fullGraphMaxNodes()).as("whole graph every step").isEqualTo(Integer.MAX_VALUE);
        assertThat(spec.normalizeFeatures()).isTrue();
    }

    @Test
    void explicitOptionsOverrideDefaultsAndThePreset() {
        ExperimentSpec plain = spec(
                TaskKind.LINK_PREDICTION,
                unsplitGraph(),
                "--steps",
                "50",
                "--dropout",
                "0.25",
                "--lr",
                "0.02",
                "--layers",
                "1",
                "--hidden",
                "32",
                "--heads",
                "4",
                "--backbone",
                "GAT",
                "--full-graph-max-nodes",
                "5000",
                "--depth",
                "2",
                "--width",
                "16");
        assertThat(plain.training().steps()).isEqualTo(50);
        assertThat(plain.model().dropout()).isEqualTo(0.25);
        assertThat(plain.training().optimizer().learningRate()).isEqualTo(0.02);
        assertThat(plain.model())
                .extracting("backbone", "layers", "hidden", "heads")
                .containsExactly(Backbone.GAT, 1, 32, 4);
        assertThat(plain.fullGraphMaxNodes()).isEqualTo(5000);
        assertThat(plain.sampling().depth()).isEqualTo(2);
        assertThat(plain.sampling().width()).isEqualTo(16);

        ExperimentSpec preset = spec(
                TaskKind.NODE_CLASSIFICATION,
                unsplitGraph(),
                "--preset",
                "Planetoid",
                "--backbone",
                "hgt",
                "--lr",
                "0.01",
                "--steps",
                "7",
                "--patience",
                "5");
        assertThat(preset.model().backbone()).isEqualTo(Backbone.HGT);
        assertThat(preset.training().optimizer().learningRate()).isEqualTo(0.01);
        assertThat(preset.training().steps()).isEqualTo(7);
        assertThat(preset.training().patience()).isEqualTo(5);
        assertThat(preset.model().dropout())
                .as("not overridden: still the preset's")
                .isEqualTo(0.6);

        ExperimentSpec explicitDefault =
                spec(TaskKind.NODE_CLASSIFICATION, unsplitGraph(), "--preset", "planetoid", "--patience", "20");
        assertThat(explicitDefault.training().patience())
                .as("an explicit 20 is not the preset's 100")
                .isEqualTo(20);
    }

    @Test
    void splitDefaultsToTheDataSetsOwnWhenItHasOne() {
        assertThat(spec(TaskKind.NODE_CLASSIFICATION, unsplitGraph()).split()).isEqualTo(SplitMode.TRANSFER);
        assertThat(spec(TaskKind.NODE_CLASSIFICATION, splitGraph()).split()).isEqualTo(SplitMode.DATASET);
        assertThat(spec(TaskKind.NODE_CLASSIFICATION, splitGraph(), "--split", "transfer")
                        .split())
                .isEqualTo(SplitMode.TRANSFER);
        assertThat(spec(TaskKind.NODE_CLASSIFICATION, unsplitGraph(), "--split", "planetoid")
                        .split())
                .isEqualTo(SplitMode.DATASET);
    }

    @Test
    void nodeInputOptionsDefaultToPerNodeEmbeddingsAndDegreesForFeaturelessTypes() {
        assertThat(spec(TaskKind.LINK_PREDICTION, unsplitGraph()).model().nodeInputs())
                .isEqualTo(NodeInputConfig.DEFAULT);
        NodeInputConfig chosen = spec(
                        TaskKind.LINK_PREDICTION,
                        unsplitGraph(),
                        "--node-embeddings",
                        "user,item",
                        "--embedding-width",
                        "64",
                        "--structural-inputs",
                        "none",
                        "--embedding-row-dropout",
                        "0.2")
                .model()
                .nodeInputs();
        assertThat(chosen)
                .isEqualTo(new NodeInputConfig(TypeSelection.parse("user,item"), 64, TypeSelection.NONE, 0.2));
        assertThat(spec(TaskKind.LINK_PREDICTION, unsplitGraph(), "--node-embeddings", "none")
                        .model()
                        .nodeInputs()
                        .embeddings())
                .isEqualTo(TypeSelection.NONE);
    }

    @Test
    void fineTuningFromAPreTrainedModelKeepsItsNodeInputsUnlessOptionsSayOtherwise() {
        FinetuneCommand command = new FinetuneCommand();
        new CommandLine(command).parseArgs("--embedding-width", "32");
        NodeInputConfig inputs = command.fineTuning()
                .spec(TaskKind.LINK_PREDICTION, unsplitGraph(), NodeInputConfig.LEGACY)
                .model()
                .nodeInputs();
        assertThat(inputs).isEqualTo(NodeInputConfig.LEGACY.withEmbeddingWidth(32));
    }

    @Test
    void fineTuningFromAPreTrainedModelTakesItsArchitectureUnlessOptionsSayOtherwise() {
        // pre-trained with the paper's HGT 3 x 400 x 8; fine-tuned on an edge split, whose own default is 2 x 64 x 4
        ModelConfig pretrained = ModelConfig.PAPER_DEFAULT.withNodeInputs(NodeInputConfig.DEFAULT);
        FinetuneCommand command = new FinetuneCommand();
        new CommandLine(command).parseArgs("--split", "holdout");
        ModelConfig model = command.fineTuning()
                .spec(TaskKind.LINK_PREDICTION, unsplitGraph(), pretrained)
                .model();
        assertThat(model.layers()).isEqualTo(3);
        assertThat(model.hidden()).isEqualTo(400);
        assertThat(model.heads()).isEqualTo(8);

        FinetuneCommand narrower = new FinetuneCommand();
        new CommandLine(narrower).parseArgs("--split", "holdout", "--heads", "4");
        assertThat(narrower.fineTuning()
                        .spec(TaskKind.LINK_PREDICTION, unsplitGraph(), pretrained)
                        .model()
                        .heads())
                .isEqualTo(4);
    }

    @Test
    void thePopularityPriorIsChosenByValidationUnlessFixedOrOff() {
        FinetuneCommand defaults = new FinetuneCommand();
        new CommandLine(defaults).parseArgs();
        assertThat(defaults.fineTuning().popularityPrior()).isEqualTo(com.dipgnn.ranking.PopularityPriorSetting.AUTO);
        assertThat(defaults.fineTuning().recommenderPopularityPrior())
                .as("the baseline recommenders rank by their own scores unless asked")
                .isEqualTo(com.dipgnn.ranking.PopularityPriorSetting.OFF);
        FinetuneCommand fixed = new FinetuneCommand();
        new CommandLine(fixed).parseArgs("--popularity-prior", "0.02");
        assertThat(fixed.fineTuning().popularityPrior().fixed().beta()).isEqualTo(0.02);
        assertThat(fixed.fineTuning().recommenderPopularityPrior().fixed().beta())
                .isEqualTo(0.02);
        FinetuneCommand auto = new FinetuneCommand();
        new CommandLine(auto).parseArgs("--popularity-prior", "auto");
        assertThat(auto.fineTuning().recommenderPopularityPrior())
                .isEqualTo(com.dipgnn.ranking.PopularityPriorSetting.AUTO);
        FinetuneCommand off = new FinetuneCommand();
        new CommandLine(off).parseArgs("--popularity-prior", "off");
        assertThat(off.fineTuning().popularityPrior()).isEqualTo(com.dipgnn.ranking.PopularityPriorSetting.OFF);
        FinetuneCommand bad = new FinetuneCommand();
        new CommandLine(bad).parseArgs("--popularity-prior", "lots");
        assertThatThrownBy(() -> bad.fineTuning().popularityPrior())
                .hasMessageContaining("unknown popularity prior 'lots'")
                .hasMessageContaining("auto");
    }

    /**
     * A negative node bound is refused when the options become a spec, before any data is trained
     * on (it meant "never whole" silently before the whole-graph budget, then failed mid-run).
     */
    @Test
    void aNegativeWholeGraphNodeBoundIsRefusedUpFront() {
        assertThatThrownBy(() -> spec(TaskKind.LINK_PREDICTION, unsplitGraph(), "--full-graph-max-nodes", "-1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("whole-graph node bound must not be negative (got -1)")
                .hasMessageContaining("0 samples subgraphs at every step");
        assertThat(spec(TaskKind.LINK_PREDICTION, unsplitGraph(), "--full-graph-max-nodes", "0")
                        .fullGraphMaxNodes())
                .isZero();
    }

    @Test
    void theLinkSoftmaxTemperatureIsAFortiethOnAnEdgeSplitATenthElseUnlessGivenAndMustBePositive() {
        assertThat(spec(TaskKind.LINK_PREDICTION, unsplitGraph(), "--split", "holdout")
                        .temperature())
                .isEqualTo(0.025);
        assertThat(spec(TaskKind.LINK_PREDICTION, unsplitGraph(), "--split", "transfer")
                        .temperature())
                .isEqualTo(0.1);
        assertThat(spec(TaskKind.LINK_PREDICTION, unsplitGraph(), "--split", "holdout", "--link-temperature", "0.2")
                        .temperature())
                .isEqualTo(0.2);
        for (String bad : new String[] {"0", "-0.1", "NaN", "Infinity"}) {
            assertThatThrownBy(() -> spec(TaskKind.LINK_PREDICTION, unsplitGraph(), "--link-temperature", bad))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("--link-temperature " + Double.parseDouble(bad))
                    .hasMessageContaining("give a positive number");
        }
    }

    @Test
    void theHelpStatesTheLinkTemperatureDefaultsAsTheSpecTakesThem() {
        String help = new CommandLine(new FinetuneCommand()).getUsageMessage().replaceAll("\\s+", " ");
        assertThat(help).contains("(default: 0.025 for the link task on an edge split, else 0.1)");
    }

    @Test
    void theRecommendPresetsHelpStatesTheSettingTheSpecTakes() {
        String help = new CommandLine(new FinetuneCommand()).getUsageMessage().replaceAll("\\s+", " ");
        assertThat(help)
                .contains("(GAT 2 layers x 64 x 4 heads, 1500 steps of 1024 positives against log-Q "
                        + "corrected uniform negatives (softmax of cosine / 0.025), lr 0.005, validation every 50 with "
                        + "patience 6, the whole graph up to 100000 nodes)");
        ExperimentSpec spec = spec(TaskKind.LINK_PREDICTION, unsplitGraph(), "--preset", "recommend");
        assertThat(List.of(
                        spec.model().layers(),
                        spec.model().hidden(),
                        spec.model().heads(),
                        spec.training().steps(),
                        spec.training().batchSize(),
                        spec.training().evalEvery(),
                        spec.training().patience(),
                        spec.fullGraphMaxNodes()))
                .containsExactly(2, 64, 4, 1500, 1024, 50, 6, 100_000);
        assertThat(spec.training().optimizer().learningRate()).isEqualTo(0.005);
        assertThat(spec.temperature()).isEqualTo(0.025);
        assertThat(spec.linkNegatives()).isEqualTo(NegativeSampling.UNIFORM_LOGQ);
    }

    @Test
    void theWholeGraphMemoryBoundIsEightGibibytesUnlessGiven() {
        assertThat(spec(TaskKind.LINK_PREDICTION, unsplitGraph()).fullGraphMaxBytes())
                .isEqualTo(8L << 30);
        ExperimentSpec chosen = spec(
                TaskKind.LINK_PREDICTION, unsplitGraph(), "--split", "holdout", "--full-graph-max-memory", "512MiB");
        assertThat(chosen.fullGraphMaxBytes()).isEqualTo(512L * 1024 * 1024);
        assertThat(chosen.wholeGraphBudget()).isEqualTo(new WholeGraphBudget(100_000, 536_870_912L));
        assertThat(spec(TaskKind.LINK_PREDICTION, unsplitGraph(), "--full-graph-max-memory", "0")
                        .fullGraphMaxBytes())
                .isZero();
    }

    @Test
    void aMemoryBoundThatIsNotASizeIsRefusedWithTheFormat() {
        assertThatThrownBy(() -> spec(TaskKind.LINK_PREDICTION, unsplitGraph(), "--full-graph-max-memory", "8 gigs"))
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("'8 gigs' is not a memory size")
                .hasMessageContaining("e.g. 8GiB");
    }

    private static ExperimentSpec spec(TaskKind kind, HeteroGraph graph, String... args) {
        FinetuneCommand command = new FinetuneCommand();
        new CommandLine(command).parseArgs(args);
        return command.fineTuning().spec(kind, graph);
    }

    private static HeteroGraph unsplitGraph() {
        return graph(null);
    }

    private static HeteroGraph splitGraph() {
        byte[] marks = {SplitMark.TRAIN.code(), SplitMark.TRAIN.code(), SplitMark.VAL.code(), SplitMark.TEST.code()};
        return graph(marks);
    }

    private static HeteroGraph graph(byte[] splits) {
        NodeTable nodes = NodeTable.ofCount("node", 4).withLabels(NodeLabels.single(2, new int[] {0, 1, 0, 1}));
        return new GraphBuilder("four")
                .addNodes(splits == null ? nodes : nodes.withSplits(splits))
                .addEdges(LINK, new int[] {0, 1, 2}, new int[] {1, 2, 3}, null, false)
                .build();
    }
}
