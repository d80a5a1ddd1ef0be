package com.dipgnn.jobs.parameters;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.graph.DenseFeatures;
import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeLabels;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.split.EdgeSplitKind;
import com.dipgnn.graph.split.PretrainSplit;
import com.dipgnn.graph.synthetic.CommunityConfig;
import com.dipgnn.graph.synthetic.QueryProductConfig;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import com.dipgnn.jobs.runner.JobParameterException;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.store.InputPreparation;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.store.ModelTask;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/** Each graph-dependent error names its field, what is wrong and the fix. */
class JobParameterValidationTest {

    static final HeteroGraph COMMUNITY = community(1);
    static final long SPLIT_SEED = 5;

    static HeteroGraph community(long seed) {
        return SyntheticGraphs.community(CommunityConfig.defaults()
                .withNumNodes(300)
                .withFeatures(8, 0.5)
                .withSeed(seed));
    }

    /** Users are labeled, items are not; items carry no features. */
    private static HeteroGraph usersAndItems(boolean features) {
        int n = 12;
        int[] labels = new int[n];
        int[] src = new int[n];
        int[] dst = new int[n];
        for (int i = 0; i < n; i++) {
            labels[i] = i % 2;
            src[i] = i;
            dst[i] = (i * 5) % n;
        }
        NodeTable users = NodeTable.ofCount("user", n).withLabels(NodeLabels.single(2, labels));
        if (features) {
            users = users.withFeatures(new DenseFeatures(n, 1, new float[n]));
        }
        return new GraphBuilder("shop")
                .addNodes(users)
                .addNodes(NodeTable.ofCount("item", n))
                .addEdges(new RelationType("user", "bought", "item"), src, dst, null, true)
                .build();
    }

    static ModelManifest pretrainedOn(HeteroGraph graph, long splitSeed, ModelConfig model) {
        return pretrainedOn(graph, new PretrainSplit.NodeTransfer(splitSeed, "node"), model);
    }

    /** A model as a pre-training job records it after pre-training on {@code split} of {@code graph}. */
    private static ModelManifest pretrainedOn(HeteroGraph graph, PretrainSplit split, ModelConfig model) {
        long splitSeed = split.seed();
        HeteroGraph part = split.graph(graph);
        return ModelManifest.of(
                model,
                GraphSchema.of(part),
                new ModelTask.Pretraining("dipgnn", "discriminator", part.name()),
                "community",
                part.fingerprint(),
                splitSeed,
                InputPreparation.defaults(),
                Map.of());
    }

    private static FinetuneParameters finetune(
            String task,
            String targetType,
            String relation,
            String pretrained,
            Integer layers,
            String split,
            Long splitSeed) {
        return new FinetuneParameters(
                task,
                targetType,
                relation,
                pretrained,
                null,
                layers,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                split,
                splitSeed,
                null,
                null,
                null,
                null);
    }

    private static PretrainParameters pretrain(String method, Integer hidden, String splitNodeType, String keep) {
        return new PretrainParameters(
                method,
                null,
                null,
                hidden,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                splitNodeType,
                null,
                null,
                keep);
    }

    static void assertRefused(ThrowingCallable call, String field, String... fixes) {
        assertThatThrownBy(call).isInstanceOfSatisfying(JobParameterException.class, e -> {
            org.assertj.core.api.Assertions.assertThat(e.field()).isEqualTo(field);
            org.assertj.core.api.Assertions.assertThat(e.reason()).contains(fixes);
            org.assertj.core.api.Assertions.assertThat(e.getMessage()).startsWith(field + ": ");
        });
    }

    @Test
    void pretrainingWithTheDefaultsFitsALabeledGraph() {
        assertThatCode(() -> PretrainParameters.defaults().validateAgainst(COMMUNITY, null))
                .doesNotThrowAnyException();
    }

    @Test
    void anUnknownSplitNodeTypeListsTheGraphsTypes() {
        assertRefused(
                () -> pretrain(null, null, "paper", null).validateAgainst(COMMUNITY, null),
                "splitNodeType",
                "'paper'",
                "[node]");
    }

    @Test
    void aFeaturesOnlyMethodOnAFeaturelessGraphSuggestsTheEdgeMethods() {
        assertRefused(
                () -> pretrain("dipgnn-features", null, null, null).validateAgainst(usersAndItems(false), null),
                "method",
                "has none",
                "dipgnn-edges");
        assertThatCode(() -> pretrain("dipgnn-features", null, null, null).validateAgainst(usersAndItems(true), null))
                .doesNotThrowAnyException();
    }

    @Test
    void anUnknownMethodListsTheMethods() {
        assertRefused(
                () -> pretrain("bert", null, null, null).validateAgainst(COMMUNITY, null),
                "method",
                "'bert'",
                "gpt-gnn");
    }

    @Test
    void keepingANetworkTheMethodDoesNotTrainIsRefused() {
        assertRefused(
                () -> pretrain("gae", null, null, "discriminator").validateAgainst(COMMUNITY, null),
                "keep",
                "trains no discriminator",
                "generator");
    }

    @Test
    void aHiddenWidthThatHeadsDoNotDivideIsRefused() {
        assertRefused(
                () -> pretrain(null, 100, null, null).validateAgainst(COMMUNITY, null),
                "hidden",
                "multiple of the 8 heads",
                "96");
    }

    @Test
    void nodeClassificationNeedsALabeledTargetType() {
        HeteroGraph shop = usersAndItems(true);
        assertRefused(
                () -> finetune("node", "seller", null, null, null, null, null).validateAgainst(shop, null),
                "targetType",
                "no node type 'seller'",
                "[user, item]");
        assertRefused(
                () -> finetune("node", "item", null, null, null, null, null).validateAgainst(shop, null),
                "targetType",
                "has no labels",
                "[user]");
        assertThatCode(() ->
                        finetune("node", null, null, null, null, null, null).validateAgainst(shop, null))
                .doesNotThrowAnyException();
    }

    @Test
    void aFieldTheTaskWouldIgnoreIsRefused() {
        HeteroGraph shop = usersAndItems(true);
        assertRefused(
                () -> finetune("link", "nosuchtype", null, null, null, null, null)
                        .validateAgainst(shop, null),
                "targetType",
                "the link task would ignore it",
                "task node");
        assertRefused(
                () -> finetune("node", null, "bought", null, null, null, null).validateAgainst(shop, null),
                "relation",
                "the node task would ignore it",
                "task link");
    }

    @Test
    void severalLabeledTypesMustBeNamed() {
        HeteroGraph clicks =
                SyntheticGraphs.queryProduct(QueryProductConfig.defaults().withSize(200, 300, 1200));
        assertRefused(
                () -> FinetuneParameters.defaults().validateAgainst(clicks, null),
                "targetType",
                "several labeled node types",
                "query",
                "product");
    }

    @Test
    void anUnknownRelationListsThePredictableOnes() {
        HeteroGraph shop = usersAndItems(true);
        assertRefused(
                () -> finetune("link", null, "sold", null, null, null, null).validateAgainst(shop, null),
                "relation",
                "'sold'",
                "user__bought__item");
        // "bought" is accepted; this tiny graph then fails the next check: too few candidates for 255 negatives
        assertRefused(
                () -> finetune("link", null, "bought", null, null, null, null).validateAgainst(shop, null),
                "relation",
                "255 negative 'item' nodes",
                "only 4 of them");
    }

    @Test
    void aPretrainedModelOfThisGraphAndSplitSeedIsAccepted() {
        ModelManifest model = pretrainedOn(COMMUNITY, SPLIT_SEED, ModelConfig.PAPER_DEFAULT);
        assertThatCode(() -> finetune("node", null, null, "m1", null, null, SPLIT_SEED)
                        .validateAgainst(COMMUNITY, model))
                .doesNotThrowAnyException();
    }

    @Test
    void aMissingPretrainedModelIsNamed() {
        assertRefused(
                () -> finetune("node", null, null, "m1", null, null, SPLIT_SEED).validateAgainst(COMMUNITY, null),
                "pretrainedModelId",
                "'m1' was not found",
                "omit pretrainedModelId");
    }

    @Test
    void aFineTunedModelIsNoPretrainedModel() {
        ModelManifest fineTuned = ModelManifest.of(
                ModelConfig.PAPER_DEFAULT,
                GraphSchema.of(COMMUNITY),
                new ModelTask.NodeClassification("node", 4, false, 10, 10, 10),
                "community",
                COMMUNITY.fingerprint(),
                SPLIT_SEED,
                InputPreparation.defaults(),
                Map.of());
        assertRefused(
                () -> finetune("node", null, null, "m1", null, null, SPLIT_SEED).validateAgainst(COMMUNITY, fineTuned),
                "pretrainedModelId",
                "not a pre-trained one");
    }

    @Test
    void theLinkTaskFineTunesAModelPreTrainedOnTheTrainingEdgesOfItsEdgeSplit() {
        RelationType relation = COMMUNITY.relationTypes().stream()
                .filter(r -> !r.isReverse())
                .findFirst()
                .orElseThrow();
        ModelManifest holdout = pretrainedOn(
                COMMUNITY,
                new PretrainSplit.TrainingEdges(EdgeSplitKind.HOLDOUT, relation, SPLIT_SEED),
                ModelConfig.PAPER_DEFAULT);
        // as `finetune --task link --split holdout --pretrained DIR` does
        assertThatCode(() -> finetune("link", null, null, "m1", null, "holdout", SPLIT_SEED)
                        .validateAgainst(COMMUNITY, holdout))
                .doesNotThrowAnyException();
        // another edge split would fine-tune on edges pre-training saw, and a transfer model saw other edges
        assertRefused(
                () -> finetune("link", null, null, "m1", null, "leave-one-out", SPLIT_SEED)
                        .validateAgainst(COMMUNITY, holdout),
                "pretrainedModelId",
                "under split leave-one-out",
                "with the same split");
        ModelManifest transfer = pretrainedOn(COMMUNITY, SPLIT_SEED, ModelConfig.PAPER_DEFAULT);
        assertRefused(
                () -> finetune("link", null, null, "m1", null, "holdout", SPLIT_SEED)
                        .validateAgainst(COMMUNITY, transfer),
                "pretrainedModelId",
                "under split holdout");
    }

    @Test
    void fineTuningFromAPretrainedModelNeedsTheTransferSplit() {
        ModelManifest model = pretrainedOn(COMMUNITY, SPLIT_SEED, ModelConfig.PAPER_DEFAULT);
        assertRefused(
                () -> finetune("node", null, null, "m1", null, "dataset", SPLIT_SEED)
                        .validateAgainst(COMMUNITY, model),
                "split",
                "use split transfer");
    }

    @Test
    void anotherSplitSeedThanPretrainingsIsRefused() {
        ModelManifest model = pretrainedOn(COMMUNITY, SPLIT_SEED, ModelConfig.PAPER_DEFAULT);
        assertRefused(
                () -> finetune("node", null, null, "m1", null, null, 6L).validateAgainst(COMMUNITY, model),
                "splitSeed",
                "split seed 5",
                "use splitSeed 5");
    }

    @Test
    void anArchitectureOtherThanThePretrainedModelsIsRefused() {
        ModelManifest model = pretrainedOn(COMMUNITY, SPLIT_SEED, ModelConfig.PAPER_DEFAULT);
        assertRefused(
                () -> finetune("node", null, null, "m1", 2, null, SPLIT_SEED).validateAgainst(COMMUNITY, model),
                "layers",
                "has layers 3",
                "omit layers or use 3");
    }

    @Test
    void aModelPretrainedOnAnotherDataSetIsRefused() {
        ModelManifest sameShapeOtherData = pretrainedOn(community(2), SPLIT_SEED, ModelConfig.PAPER_DEFAULT);
        assertRefused(
                () -> finetune("node", null, null, "m1", null, null, SPLIT_SEED)
                        .validateAgainst(COMMUNITY, sameShapeOtherData),
                "pretrainedModelId",
                "fingerprint",
                "pre-trained on this data set");
        ModelManifest otherSchema = ModelManifest.of(
                ModelConfig.PAPER_DEFAULT,
                GraphSchema.of(usersAndItems(true)),
                new ModelTask.Pretraining("dipgnn", "discriminator", "shop-pretrain"),
                "shop",
                "abc",
                SPLIT_SEED,
                InputPreparation.defaults(),
                Map.of());
        assertRefused(
                () -> finetune("node", null, null, "m1", null, null, SPLIT_SEED)
                        .validateAgainst(COMMUNITY, otherSchema),
                "pretrainedModelId",
                "another data set");
    }
}
