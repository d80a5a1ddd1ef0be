package com.dipgnn.jobs.parameters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.LinkSampling;
import com.dipgnn.finetuning.LinkSamplingMode;
import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.jobs.runner.JobParameterException;
import com.dipgnn.model.NodeInputConfig;
import com.dipgnn.model.TypeSelection;
import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.ranking.RankingLoss;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A fine-tuning job has the command line's recommendation settings: the edge splits, the link
 * loss and negatives, structural inputs, the embeddings' row dropout and the link sampling.
 */
class RecommendationJobParametersTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ValidatorFactory FACTORY = Validation.buildDefaultValidatorFactory();
    private static final Validator VALIDATOR = FACTORY.getValidator();

    @AfterAll
    static void close() {
        FACTORY.close();
    }

    private static FinetuneParameters parse(String json) throws Exception {
        return JSON.readValue(json, FinetuneParameters.class);
    }

    @Test
    void aLinkJobOnAnEdgeSplitCarriesItsObjectiveAndInputsIntoTheSpec() throws Exception {
        FinetuneParameters p = parse("{\"task\": \"link\", \"split\": \"holdout\", \"linkLoss\": \"bpr\", "
                + "\"linkNegatives\": \"in-batch\", \"structuralInputs\": \"none\", \"embeddingRowDropout\": 0.25}");

        ExperimentSpec spec = p.toSpec(null);

        assertThat(spec.split()).isEqualTo(SplitMode.HOLDOUT);
        assertThat(spec.linkLoss()).isEqualTo(RankingLoss.BPR);
        assertThat(spec.linkNegatives()).isEqualTo(NegativeSampling.IN_BATCH);
        NodeInputConfig inputs = spec.model().nodeInputs();
        assertThat(inputs.structural()).isEqualTo(TypeSelection.NONE);
        assertThat(inputs.rowDropout()).isEqualTo(0.25);
        assertThat(inputs.embeddings()).isEqualTo(TypeSelection.AUTO);
        assertThat(parse("{\"task\": \"link\", \"split\": \"leave-one-out\"}")
                        .toSpec(null)
                        .split())
                .isEqualTo(SplitMode.LEAVE_ONE_OUT);
    }

    @Test
    void aLinkJobOnAnEdgeSplitTakesTheRecommendationDefaults() throws Exception {
        ExperimentSpec spec =
                parse("{\"task\": \"link\", \"split\": \"dataset\"}").toSpec(null);

        assertThat(spec.model().backbone()).isEqualTo(com.dipgnn.model.Backbone.GAT);
        assertThat(spec.model().layers()).isEqualTo(2);
        assertThat(spec.model().hidden()).isEqualTo(64);
        assertThat(spec.model().heads()).isEqualTo(4);
        assertThat(spec.training().steps()).isEqualTo(1500);
        assertThat(spec.training().batchSize()).isEqualTo(1024);
        assertThat(spec.training().optimizer().learningRate()).isEqualTo(0.005);
        assertThat(spec.fullGraphMaxNodes()).isEqualTo(100_000);
        assertThat(spec.linkNegatives()).isEqualTo(NegativeSampling.UNIFORM_LOGQ);
        // BPR takes the uniform pool, and is not refused for a default it did not ask for
        FinetuneParameters bpr = parse("{\"task\": \"link\", \"split\": \"dataset\", \"linkLoss\": \"bpr\"}");
        assertThat(bpr.linkNegatives()).isEqualTo("uniform");
        assertThat(bpr.toSpec(null).linkNegatives()).isEqualTo(NegativeSampling.UNIFORM);
        // the transfer split keeps the paper's Table 7
        ExperimentSpec transfer = parse("{\"task\": \"link\"}").toSpec(null);
        assertThat(transfer.model().backbone()).isEqualTo(com.dipgnn.model.Backbone.HGT);
        assertThat(transfer.model().hidden()).isEqualTo(400);
        assertThat(transfer.training().steps()).isEqualTo(1600);
    }

    @Test
    void absentFieldsKeepThePapersObjective() throws Exception {
        ExperimentSpec spec = parse("{\"task\": \"link\"}").toSpec(null);

        assertThat(spec.linkLoss()).isEqualTo(RankingLoss.SOFTMAX);
        assertThat(spec.linkNegatives()).isEqualTo(NegativeSampling.UNIFORM);
        assertThat(spec.model().nodeInputs()).isEqualTo(NodeInputConfig.DEFAULT);
    }

    @Test
    void aNodeJobOnAnEdgeSplitIsRefusedNamingTheSplitsThatWork() throws Exception {
        FinetuneParameters p = parse("{\"task\": \"node\", \"split\": \"holdout\"}");

        assertThatThrownBy(p::splitMode).isInstanceOfSatisfying(JobParameterException.class, e -> {
            assertThat(e.field()).isEqualTo("split");
            assertThat(e.getMessage()).contains("transfer").contains("dataset");
        });
    }

    @Test
    void beanValidationNamesTheBadRecommendationFields() throws Exception {
        FinetuneParameters bad = parse("{\"task\": \"link\", \"split\": \"random\", \"linkLoss\": \"ce\", "
                + "\"linkNegatives\": \"popular\", \"embeddingRowDropout\": 1.0}");

        Set<String> fields = VALIDATOR.validate(bad).stream()
                .map(v -> v.getPropertyPath().toString())
                .collect(Collectors.toSet());

        assertThat(fields).containsExactlyInAnyOrder("split", "linkLoss", "linkNegatives", "embeddingRowDropout");
    }

    @Test
    void theLogQCorrectedPoolGoesIntoTheSpecWithSoftmaxAndIsRefusedWithBpr() throws Exception {
        assertThat(parse("{\"task\": \"link\", \"linkNegatives\": \"uniform-logq\"}")
                        .toSpec(null)
                        .linkNegatives())
                .isEqualTo(NegativeSampling.UNIFORM_LOGQ);
        FinetuneParameters bpr =
                parse("{\"task\": \"link\", \"linkLoss\": \"bpr\", \"linkNegatives\": \"uniform-logq\"}");

        assertThat(VALIDATOR.validate(bpr)).isEmpty();
        assertThatThrownBy(() -> bpr.validateAgainst(com.dipgnn.graph.synthetic.SyntheticGraphs.community(1), null))
                .isInstanceOfSatisfying(JobParameterException.class, e -> {
                    assertThat(e.field()).isEqualTo("linkNegatives");
                    assertThat(e.getMessage()).contains("softmax");
                });
    }

    @Test
    void aStructuralInputOnAMissingTypeNamesTheField() throws Exception {
        FinetuneParameters p = parse("{\"task\": \"link\", \"structuralInputs\": \"nosuchtype\"}");

        assertThatThrownBy(() -> p.validateAgainst(com.dipgnn.graph.synthetic.SyntheticGraphs.community(1), null))
                .isInstanceOfSatisfying(
                        JobParameterException.class, e -> assertThat(e.field()).isEqualTo("structuralInputs"));
    }

    @Test
    void anAbsentSettingIsTheWholeGraphAndIsStoredFilled() {
        FinetuneParameters job = FinetuneParameters.forTask("link");

        assertThat(job.toSpec(null).linkSampling()).isEqualTo(LinkSampling.DEFAULT);
        assertThat(job.withDefaults(null).linkSampling())
                .isEqualTo(new LinkSamplingParameters("full", List.of(10, 10)));
    }

    @Test
    void fanOutsReachTheExperiment() throws Exception {
        FinetuneParameters job =
                parse("{\"task\": \"link\", \"linkSampling\": {\"mode\": \"fanout\", \"fanouts\": [15, 5]}}");
        FinetuneParameters modeOnly = parse("{\"task\": \"link\", \"linkSampling\": {\"mode\": \"fanout\"}}");

        assertThat(VALIDATOR.validate(job)).isEmpty();
        assertThat(job.toSpec(null).linkSampling())
                .isEqualTo(new LinkSampling(LinkSamplingMode.FANOUT, List.of(15, 5)));
        assertThat(modeOnly.toSpec(null).linkSampling())
                .isEqualTo(new LinkSampling(LinkSamplingMode.FANOUT, List.of(10, 10)));
        assertThat(parse(JSON.writeValueAsString(job))).isEqualTo(job);
    }

    @Test
    void beanValidationNamesAnUnknownModeAndAnOutOfRangeFanOut() throws Exception {
        FinetuneParameters badMode = parse("{\"task\": \"link\", \"linkSampling\": {\"mode\": \"ladies\"}}");
        FinetuneParameters zero = parse("{\"task\": \"link\", \"linkSampling\": {\"fanouts\": [10, 0]}}");
        FinetuneParameters empty = parse("{\"task\": \"link\", \"linkSampling\": {\"fanouts\": []}}");

        assertThat(VALIDATOR.validate(badMode))
                .extracting(v -> v.getPropertyPath().toString())
                .containsExactly("linkSampling.mode");
        assertThat(VALIDATOR.validate(zero))
                .extracting(v -> v.getPropertyPath().toString())
                .containsExactly("linkSampling.fanouts[1].<list element>");
        assertThat(VALIDATOR.validate(empty))
                .extracting(v -> v.getPropertyPath().toString())
                .containsExactly("linkSampling.fanouts");
    }
}
