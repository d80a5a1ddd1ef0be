package com.dipgnn.pretraining;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.FineTuneConfig;
import com.dipgnn.finetuning.FineTuneExperiment;
import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.FeatureScaling;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.StepRandom;
import com.dipgnn.graph.split.PretrainSplit;
import com.dipgnn.graph.synthetic.QueryProductConfig;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.optim.ModelInitialization;
import com.dipgnn.optim.OptimizerConfig;
import com.dipgnn.optim.TrainingListener;
import com.dipgnn.sampling.FullGraphSampler;
import com.dipgnn.sampling.SamplingConfig;
import com.dipgnn.serving.DeploymentOptions;
import com.dipgnn.serving.ModelDeployment;
import com.dipgnn.serving.NewNode;
import com.dipgnn.store.ModelStore;
import com.dipgnn.text.TextInputConfig;
import com.dipgnn.text.TextInputs;
import com.dipgnn.text.TextInputsFile;
import com.dipgnn.text.Tokenizer;
import com.dipgnn.text.Vocabulary;
import com.dipgnn.text.VocabularyConfig;
import com.dipgnn.text.VocabularyIO;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The text pair inside DiP-GNN on a small query-product graph whose products have text only (so
 * their inputs are derived from it): token masking per step, the pair's loss terms, the
 * vocabulary's round trip through a pre-trained and a fine-tuned model into a deployment, and
 * the ablation without the pair.
 */
class TextPairPretrainingTest {

    private static final ModelConfig MODEL = new ModelConfig(Backbone.HGT, 2, 16, 2, 0.1, 0.0);
    private static final TextInputConfig TEXT = new TextInputConfig(new VocabularyConfig(500, 1, 16, 50), 64);
    private static final TextPairConfig PAIR =
            new TextPairConfig(new com.dipgnn.model.TransformerConfig(16, 1, 2, 32, 0.1), 0.2, 96);

    /** Queries have 8-dim features and text; products have text only. */
    static HeteroGraph graph() {
        HeteroGraph g = SyntheticGraphs.queryProduct(QueryProductConfig.defaults()
                .withSize(120, 160, 900)
                .withNumCategories(4)
                .withFeatures(8, 1.0)
                .withSeed(4));
        return g.withNodes(g.nodes("product").withFeatures(null));
    }

    private static PretrainConfig config(PretrainMethod method) {
        return PretrainConfig.PAPER_DEFAULT
                .withMethod(method)
                .withSteps(3)
                .withLogEvery(3)
                .withCheckpointEvery(0)
                .withSampling(new SamplingConfig(2, 32), 16, 100_000)
                .withObjectiveWeights(15, 1.0, 20.0, 0.2)
                .withTextPair(PAIR);
    }

    @Test
    void eachStepMasksAFifthOfTheChosenTextsTokensWithinTheTokenBudget() {
        HeteroGraph raw = graph();
        TextInputs text =
                TextInputs.learnForSplit(raw, PretrainSplit.NONE, TEXT).orElseThrow();
        HeteroGraph g = text.apply(raw, null);
        NodeTokens tokens = NodeTokens.of(g, text.tokenizer());
        PretrainBatchSampler sampler =
                new PretrainBatchSampler(g, new FullGraphSampler(), config(PretrainMethod.DIPGNN), tokens);
        int texts = 0;
        for (long step = 1; step <= 5; step++) {
            PretrainBatch batch = sampler.prepare(step, StepRandom.rngFor(1, step));
            assertThat(batch.texts()).extracting(MaskedTexts::type).containsExactlyInAnyOrder("query", "product");
            for (MaskedTexts t : batch.texts()) {
                assertThat(batch.featureMasked().get(t.type()))
                        .as("texts of nodes whose features are generated")
                        .contains(t.nodes());
                assertThat((long) t.nodes().length * t.original().length())
                        .isLessThanOrEqualTo(PAIR.maxTokensPerStep());
                int longest = 0;
                for (int b = 0; b < t.nodes().length; b++) {
                    longest = Math.max(longest, t.original().lengths()[b]);
                }
                assertThat(t.original().length())
                        .as("padded to the longest text of the step")
                        .isEqualTo(longest);
                int length = t.original().length();
                for (int b = 0; b < t.nodes().length; b++) {
                    int words = 0;
                    int masked = 0;
                    for (int i = b * length; i < (b + 1) * length; i++) {
                        words += t.original().mask()[i] && t.original().ids()[i] >= Vocabulary.NUM_SPECIAL ? 1 : 0;
                        masked += t.masked()[i] ? 1 : 0;
                    }
                    // 20% of the words, rounded at random, and at least one (TokenMaskingTest checks long texts)
                    assertThat(masked)
                            .as("text %d of %s", b, t.type())
                            .isBetween(Math.max(1, (int) Math.floor(0.2 * words)), Math.max(1, (int)
                                    Math.ceil(0.2 * words)));
                    texts++;
                }
                int[] input = t.input();
                for (int i = 0; i < input.length; i++) {
                    int id = t.original().ids()[i];
                    if (t.masked()[i]) {
                        assertThat(input[i]).isEqualTo(Vocabulary.MASK);
                        assertThat(id).as("only word tokens are masked").isGreaterThanOrEqualTo(Vocabulary.NUM_SPECIAL);
                    } else {
                        assertThat(input[i]).isEqualTo(id);
                    }
                }
            }
        }
        assertThat(texts).isGreaterThan(20);
    }

    @Test
    void dipGnnTrainsThePairAndItsVocabularyTravelsThroughEveryModel(@TempDir Path dir) throws Exception {
        HeteroGraph raw = graph();
        ExperimentSpec spec = new ExperimentSpec(
                TaskKind.NODE_CLASSIFICATION,
                "product",
                null,
                SplitMode.TRANSFER,
                3,
                1.0,
                MODEL,
                new FineTuneConfig(4, 32, 2, 0, OptimizerConfig.FINE_TUNING, 0),
                new SamplingConfig(2, 32),
                100_000,
                false,
                31,
                31,
                0.1);
        FineTuneExperiment scratch = new FineTuneExperiment(raw, "qp", spec, Device.cpu());
        TextInputs text = scratch.textInputs();
        assertThat(text.derivedTypes()).containsExactlyInAnyOrder("query", "product");
        assertThat(text.textOnlyTypes())
                .as("queries read their text after their 8 features")
                .containsExactly("product");
        HeteroGraph part = scratch.pretrainGraph();
        assertThat(part.nodes("product").hasTextDerivedFeatures()).isTrue();

        Path pretrained = dir.resolve("pretrained");
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            PretrainResult result = new Pretrainer(config(PretrainMethod.DIPGNN), PretrainListener.NONE)
                    .run(part, text, MODEL, manager, null);
            assertThat(result.networks().modules())
                    .containsKeys(
                            PretrainNetworks.GENERATOR_TEXT,
                            PretrainNetworks.DISCRIMINATOR_TEXT,
                            PretrainNetworks.GENERATOR_TEXT_INPUTS);
            assertThat(result.networks().generatorFeatures().head("product"))
                    .as("text is generated by the pair")
                    .isNull();
            assertThat(result.networks().generatorFeatures().head("query"))
                    .as("features and text columns")
                    .isNotNull();
            Map<String, Double> last =
                    result.history().get(result.history().size() - 1).metrics();
            assertThat(last.get(PretrainMetrics.GEN_TEXT_LOSS)).isFinite().isPositive();
            assertThat(last.get(PretrainMetrics.DISC_TEXT_LOSS)).isFinite().isPositive();
            assertThat(last.get(PretrainMetrics.DISC_TEXT_ACCURACY)).isBetween(0.0, 1.0);
            assertThat(last.get(PretrainMetrics.TEXT_REPLACED)).isBetween(0.0, 0.35);
            PretrainedModels.save(
                    pretrained,
                    result,
                    config(PretrainMethod.DIPGNN),
                    MODEL,
                    part,
                    "qp",
                    3,
                    text,
                    scratch.featureScaling());
        }
        assertThat(VocabularyIO.exists(pretrained)).isTrue();
        TextInputs stored = TextInputsFile.load(pretrained);
        assertThat(stored.fingerprint()).isEqualTo(text.fingerprint());
        assertThat(new Tokenizer(stored.vocabulary())
                        .encode(raw.nodes("product").text()[7]))
                .containsExactly(text.tokenizer().encode(raw.nodes("product").text()[7]));

        Path tuned = dir.resolve("tuned");
        FineTuneExperiment.fromPretrained(pretrained, raw, "qp", spec, Device.cpu(), null)
                .run(1, TrainingListener.NONE, tuned, ModelStore.readEncoderWeights(pretrained));
        assertThat(TextInputsFile.load(tuned).fingerprint()).isEqualTo(text.fingerprint());
        // the queries' dense features are standardised with the pre-training part's statistics, everywhere
        FeatureScaling scaling = scratch.featureScaling();
        assertThat(scaling.types()).containsOnlyKeys("query");
        assertThat(FeatureScaling.loadIfPresent(pretrained)).contains(scaling);
        assertThat(FeatureScaling.loadIfPresent(tuned)).contains(scaling);

        ModelDeployment deployment = ModelDeployment.deploy(tuned, raw, DeploymentOptions.defaults(), null);
        try (deployment) {
            assertThat(deployment.graph().nodes("product").hasTextDerivedFeatures())
                    .isTrue();
            assertThat(deployment.graph().nodes("query").dataFeatures().gather(new int[] {4}))
                    .containsExactly(scaling.applyRow(
                            "query", raw.nodes("query").features().gather(new int[] {4})));
            assertThat(deployment.graph().nodes("product").featureDim())
                    .isEqualTo(text.columns().get("product").width());

            // a new product described by its text embeds exactly like one given its TF-IDF row
            String title = raw.nodes("product").text()[7];
            Map<String, int[]> links = Map.of("query__clicked__product", new int[] {1, 2});
            float[] row = new float[text.columns().get("product").width()];
            stored.fillRow("product", stored.tokenizer().encode(title), row, 0);
            assertThat(deployment.embedNewNode(new NewNode("product", null, links, title)))
                    .containsExactly(deployment.embedNewNode(new NewNode("product", row, links)));
            // a new query reads its text after its features: the text changes its embedding
            float[] features = raw.nodes("query").features().gather(new int[] {4});
            String query = raw.nodes("query").text()[4];
            Map<String, int[]> clicked = Map.of("query__clicked__product", new int[] {1, 2});
            assertThat(deployment.embedNewNode(new NewNode("query", features, clicked, query)))
                    .isNotEqualTo(deployment.embedNewNode(new NewNode("query", features, clicked)));
            assertThatThrownBy(() -> deployment.embedNewNode(new NewNode("query", null, Map.of(), "shoes")))
                    .hasMessageContaining("has 8 features")
                    .hasMessageContaining("beside them the model reads its text");
            assertThatThrownBy(() -> deployment.embedNewNode(new NewNode("product", new float[] {1}, links, title)))
                    .hasMessageContaining("send none");
            assertThatThrownBy(() -> deployment.embedNewNode(new NewNode("product", new float[] {1}, links)))
                    .hasMessageContaining("send its text instead");
            assertThatThrownBy(() -> deployment.embedNewNode(new NewNode("product", null, links)))
                    .hasMessageContaining("send the new node's text");
        }
    }

    @Test
    void aModelPretrainedWithoutTextInputsIsFineTunedOnTheGraphAsItSawIt(@TempDir Path dir) throws Exception {
        HeteroGraph raw = graph();
        ExperimentSpec spec = new ExperimentSpec(
                TaskKind.NODE_CLASSIFICATION,
                "product",
                null,
                SplitMode.TRANSFER,
                3,
                1.0,
                MODEL,
                new FineTuneConfig(2, 32, 2, 0, OptimizerConfig.FINE_TUNING, 0),
                new SamplingConfig(2, 32),
                100_000,
                false,
                31,
                31,
                0.1);
        // a model from before text inputs existed: products featureless, no vocabulary stored
        HeteroGraph part = new PretrainSplit.NodeTransfer(3, "product").graph(raw);
        Path pretrained = dir.resolve("pretrained");
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            PretrainResult result = new Pretrainer(config(PretrainMethod.DIPGNN), PretrainListener.NONE)
                    .run(part, MODEL, manager, null);
            PretrainedModels.save(pretrained, result, config(PretrainMethod.DIPGNN), MODEL, part, "qp", 3, null, null);
        }
        FineTuneExperiment experiment =
                FineTuneExperiment.fromPretrained(pretrained, raw, "qp", spec, Device.cpu(), null);
        assertThat(experiment.textInputs()).isNull();
        assertThat(experiment.graph().nodes("product").featureDim()).isZero();
        experiment.run(1, TrainingListener.NONE, dir.resolve("tuned"), ModelStore.readEncoderWeights(pretrained));
        assertThat(TextInputsFile.exists(dir.resolve("tuned"))).isFalse();
    }

    @Test
    void textCountsAsSomethingToLearnForTheMethodsThatReadIt() {
        HeteroGraph textOnly = graph().withNodes(graph().nodes("query").withFeatures(null));
        PretrainMethod.DIPGNN_FEATURES.requireSomethingToLearn(textOnly);
        HeteroGraph bare = textOnly.withNodes(com.dipgnn.graph.NodeTable.ofCount("query", textOnly.numNodes("query")))
                .withNodes(com.dipgnn.graph.NodeTable.ofCount("product", textOnly.numNodes("product")));
        assertThatThrownBy(() -> PretrainMethod.DIPGNN_FEATURES.requireSomethingToLearn(bare))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("node features or text")
                .hasMessageContaining("use dipgnn or dipgnn-edges");
    }

    @Test
    void theDiscriminatorSeesTheInputsOfTheCorruptedTextOnTheChosenNodesOnlyAndVectorColumnsStay() {
        HeteroGraph raw = graph();
        TextInputs text =
                TextInputs.learnForSplit(raw, PretrainSplit.NONE, TEXT).orElseThrow();
        HeteroGraph g = text.apply(raw, null);
        PretrainConfig config = config(PretrainMethod.DIPGNN);
        PretrainBatch batch = new PretrainBatchSampler(
                        g, new FullGraphSampler(), config, NodeTokens.of(g, text.tokenizer()))
                .prepare(1, StepRandom.rngFor(2, 1));
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            PretrainNetworks networks = new PretrainNetworks(
                    PretrainMethod.DIPGNN,
                    com.dipgnn.model.GraphSchema.of(g),
                    MODEL,
                    List.of(g.relationTypes().get(0)),
                    text,
                    PAIR);
            ModelInitialization.initialize(
                    1, manager, networks.modules().values().toArray(com.dipgnn.model.GraphModule[]::new));
            TextFeatureObjective objective = new TextFeatureObjective(
                    text, networks.generatorTextInputs(), networks.generatorText(), networks.discriminatorText());
            com.dipgnn.model.GraphBatch gen = new com.dipgnn.model.GraphBatch(manager, g, batch.unmasked());
            float[] queriesBefore = gen.input("query").toFloatArray();
            TextFeatureObjective.TextStep step = (TextFeatureObjective.TextStep) objective.begin(gen, batch, false);
            // the generator: a chosen query keeps its 8 features, its text columns become the stand-in
            int q = batch.texts().stream().map(MaskedTexts::type).toList().indexOf("query");
            int queryWidth = g.nodes("query").featureDim();
            float[] standIn =
                    networks.generatorTextInputs().vector("query").getArray().toFloatArray();
            float[] queriesSeen = gen.input("query").toFloatArray();
            Set<Integer> chosenQueries = new HashSet<>();
            for (int node : batch.texts().get(q).nodes()) {
                chosenQueries.add(node);
            }
            assertThat(chosenQueries).isNotEmpty();
            for (int node = 0; node < gen.numNodes("query"); node++) {
                for (int j = 0; j < queryWidth; j++) {
                    float want = j < 8 || !chosenQueries.contains(node)
                            ? queriesBefore[node * queryWidth + j]
                            : standIn[j - 8];
                    assertThat(queriesSeen[node * queryWidth + j])
                            .as("query %d column %d", node, j)
                            .isCloseTo(want, org.assertj.core.api.Assertions.within(1e-6f));
                }
            }
            Map<String, ai.djl.ndarray.NDArray> h = new LinkedHashMap<>();
            for (String type : g.nodeTypes()) {
                h.put(type, manager.randomNormal(new ai.djl.ndarray.types.Shape(gen.numNodes(type), MODEL.hidden())));
            }
            step.generate(h);
            com.dipgnn.model.GraphBatch disc = new com.dipgnn.model.GraphBatch(manager, g, batch.unmasked());
            float[] before = disc.input("product").toFloatArray();
            step.corrupt(disc);
            float[] after = disc.input("product").toFloatArray();

            int k = batch.texts().stream().map(MaskedTexts::type).toList().indexOf("product");
            MaskedTexts t = batch.texts().get(k);
            int width = text.columns().get("product").width();
            float[] expected = before.clone();
            for (int b = 0; b < t.nodes().length; b++) {
                int start = b * t.original().length();
                int[] ids = Arrays.copyOfRange(
                        step.corrupted().get(k), start, start + t.original().lengths()[b]);
                text.fillRow("product", ids, expected, t.nodes()[b] * width);
            }
            assertThat(after).containsExactly(expected, org.assertj.core.api.Assertions.within(1e-6f));
            assertThat(t.nodes().length).isPositive();

            // the discriminator: a chosen query keeps its features; its text columns are the corrupted text's
            float[] queriesAfter = disc.input("query").toFloatArray();
            MaskedTexts tq = batch.texts().get(q);
            float[] expectedQueries = queriesBefore.clone();
            for (int b = 0; b < tq.nodes().length; b++) {
                int start = b * tq.original().length();
                int[] ids = Arrays.copyOfRange(
                        step.corrupted().get(q), start, start + tq.original().lengths()[b]);
                text.fillRow("query", ids, expectedQueries, tq.nodes()[b] * queryWidth + 8);
            }
            assertThat(queriesAfter).containsExactly(expectedQueries, org.assertj.core.api.Assertions.within(1e-6f));
        }
    }

    /**
     * The text pair's warmup reaches its Transformers alone: after one step from the same initialisation,
     * a run whose pair warms up over 4 steps (factor 1/4) and one without leave the GNN discriminator the
     * same, and the text discriminator 3/4 of the learning rate apart where its gradient is not negligible
     * (Adam's first update moves each weight by the rate times its factor).
     */
    @Test
    void theTextPairsWarmupSlowsItsTransformersAloneOnTheFirstStep() throws Exception {
        HeteroGraph raw = graph();
        TextInputs text =
                TextInputs.learnForSplit(raw, PretrainSplit.NONE, TEXT).orElseThrow();
        PretrainConfig plain = config(PretrainMethod.DIPGNN).withSteps(1).withLogEvery(1);
        Map<String, Map<String, float[]>> a = afterOneStep(plain, raw, text);
        Map<String, Map<String, float[]>> b =
                afterOneStep(plain.toBuilder().textWarmupSteps(4).build(), raw, text);
        assertThat(PretrainWarmupTest.largestDifference(
                        a.get(PretrainNetworks.DISCRIMINATOR), b.get(PretrainNetworks.DISCRIMINATOR)))
                .isZero();
        assertThat(PretrainWarmupTest.largestDifference(
                        a.get(PretrainNetworks.DISCRIMINATOR_TEXT), b.get(PretrainNetworks.DISCRIMINATOR_TEXT)))
                .isCloseTo(0.75e-3, org.assertj.core.api.Assertions.within(0.05e-3));
    }

    private static Map<String, Map<String, float[]>> afterOneStep(
            PretrainConfig config, HeteroGraph raw, TextInputs text) throws Exception {
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            PretrainResult result = new Pretrainer(config, PretrainListener.NONE)
                    .run(text.apply(raw, null), text, MODEL, manager, null);
            Map<String, Map<String, float[]>> out = new LinkedHashMap<>();
            for (String name : List.of(PretrainNetworks.DISCRIMINATOR, PretrainNetworks.DISCRIMINATOR_TEXT)) {
                out.put(name, result.networks().modules().get(name).snapshot());
            }
            return out;
        }
    }

    @Test
    void theAblationWithoutThePairTrainsNoTextNetworks() throws Exception {
        HeteroGraph raw = graph();
        TextInputs text =
                TextInputs.learnForSplit(raw, PretrainSplit.NONE, TEXT).orElseThrow();
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            PretrainResult result = new Pretrainer(config(PretrainMethod.DIPGNN_NO_TEXT), PretrainListener.NONE)
                    .run(text.apply(raw, null), text, MODEL, manager, null);
            assertThat(result.networks().hasTextPair()).isFalse();
            assertThat(result.networks().modules())
                    .doesNotContainKeys(PretrainNetworks.GENERATOR_TEXT, PretrainNetworks.DISCRIMINATOR_TEXT);
            assertThat(result.finalMetrics())
                    .doesNotContainKey(PretrainMetrics.GEN_TEXT_LOSS)
                    .containsKey(PretrainMetrics.GEN_FEATURE_LOSS);
        }
    }
}
