package com.dipgnn.jobs.parameters;

import static com.dipgnn.jobs.parameters.JobParameterValidationTest.COMMUNITY;
import static com.dipgnn.jobs.parameters.JobParameterValidationTest.SPLIT_SEED;
import static com.dipgnn.jobs.parameters.JobParameterValidationTest.assertRefused;
import static com.dipgnn.jobs.parameters.JobParameterValidationTest.pretrainedOn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.dipgnn.model.Backbone;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.PropagationConfig;
import com.dipgnn.model.PropagationConfig.LayerCombination;
import com.dipgnn.store.ModelManifest;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** Both jobs' {@code propagation} field: it reaches the model, and only the propagation backbone takes it. */
class PropagationParametersTest {

    private static final ValidatorFactory FACTORY = jakarta.validation.Validation.buildDefaultValidatorFactory();
    private static final Validator VALIDATOR = FACTORY.getValidator();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final PropagationConfig GCN = new PropagationConfig(true, LayerCombination.SUM);
    private static final String GCN_JSON = "\"propagation\": {\"layerWeights\": true, \"layerCombination\": \"sum\"}";

    @AfterAll
    static void close() {
        FACTORY.close();
    }

    @Test
    void pretrainingTakesTheOptionsIntoItsModelAndItsManifest() throws Exception {
        PretrainParameters job = pretrain("\"backbone\": \"propagation\", \"hidden\": 16, \"heads\": 1, " + GCN_JSON);
        assertThat(VALIDATOR.validate(job)).isEmpty();
        assertThatCode(() -> job.validateAgainst(COMMUNITY, null)).doesNotThrowAnyException();
        assertThat(job.modelConfig().backbone()).isEqualTo(Backbone.PROPAGATION);
        assertThat(job.modelConfig().propagation()).isEqualTo(GCN);
        assertThat(pretrainedOn(COMMUNITY, SPLIT_SEED, job.modelConfig())
                        .modelConfig()
                        .propagation())
                .isEqualTo(GCN);
    }

    @Test
    void absentOptionsAreFilledWithLightGcnForThePropagationBackboneOnly() throws Exception {
        PretrainParameters lightGcn =
                pretrain("\"backbone\": \"propagation\", \"propagation\": {\"layerWeights\": true}");
        assertThat(lightGcn.propagation()).isEqualTo(new PropagationParameters(true, "mean"));
        assertThat(pretrain("\"backbone\": \"propagation\"").propagation())
                .isEqualTo(new PropagationParameters(false, "mean"));
        assertThat(pretrain("\"backbone\": \"propagation\"").modelConfig().propagation())
                .isEqualTo(PropagationConfig.DEFAULT);
        assertThat(PretrainParameters.defaults().propagation()).isNull();
        assertThat(FinetuneParameters.defaults().withDefaults(null).propagation())
                .isNull();
        assertThat(finetune("\"backbone\": \"propagation\"").withDefaults(null).propagation())
                .isEqualTo(new PropagationParameters(false, "mean"));
    }

    @Test
    void fineTuningFromScratchTakesTheOptions() throws Exception {
        FinetuneParameters job = finetune("\"backbone\": \"propagation\", " + GCN_JSON);
        assertThat(job.toSpec(null).model().propagation()).isEqualTo(GCN);
        assertThat(job.withDefaults(null).propagation()).isEqualTo(new PropagationParameters(true, "sum"));
        assertThatCode(() -> job.validateAgainst(COMMUNITY, null)).doesNotThrowAnyException();
    }

    @Test
    void anotherBackboneRefusesTheOptions() throws Exception {
        assertRefused(
                () -> pretrain(GCN_JSON).validateAgainst(COMMUNITY, null),
                "propagation",
                "backbone hgt would ignore",
                "use backbone propagation");
        assertRefused(
                () -> finetune("\"backbone\": \"gat\", " + GCN_JSON).validateAgainst(COMMUNITY, null),
                "propagation",
                "backbone gat would ignore");
        assertThatCode(() -> pretrain("\"propagation\": {}").validateAgainst(COMMUNITY, null))
                .as("an empty object names no option")
                .doesNotThrowAnyException();
    }

    @Test
    void anUnknownLayerCombinationIsNamedByBeanValidation() throws Exception {
        String bad = "\"backbone\": \"propagation\", \"propagation\": {\"layerCombination\": \"max\"}";
        assertThat(VALIDATOR.validate(pretrain(bad)))
                .extracting(v -> v.getPropertyPath().toString())
                .containsExactly("propagation.layerCombination");
        assertThat(VALIDATOR.validate(finetune(bad)))
                .extracting(v -> v.getPropertyPath().toString())
                .containsExactly("propagation.layerCombination");
    }

    @Test
    void fineTuningFromAPretrainedModelKeepsItsOptionsAndRefusesOthers() throws Exception {
        ModelConfig saved = new ModelConfig(Backbone.PROPAGATION, 2, 16, 1, 0.2, 0.0).withPropagation(GCN);
        ModelManifest model = pretrainedOn(COMMUNITY, SPLIT_SEED, saved);
        String start = "\"pretrainedModelId\": \"m1\", \"splitSeed\": " + SPLIT_SEED;
        FinetuneParameters same = finetune(start);
        assertThatCode(() -> same.validateAgainst(COMMUNITY, model)).doesNotThrowAnyException();
        assertThat(same.toSpec(model).model().propagation()).isEqualTo(GCN);
        assertThat(same.withDefaults(model).propagation()).isEqualTo(new PropagationParameters(true, "sum"));
        assertRefused(
                () -> finetune(start + ", \"propagation\": {\"layerWeights\": false}")
                        .validateAgainst(COMMUNITY, model),
                "propagation.layerWeights",
                "the pre-trained model has propagation.layerWeights true");
        assertRefused(
                () -> finetune(start + ", \"propagation\": {\"layerCombination\": \"mean\"}")
                        .validateAgainst(COMMUNITY, model),
                "propagation.layerCombination",
                "use sum");
    }

    private static PretrainParameters pretrain(String fields) throws Exception {
        return JSON.readValue("{" + fields + "}", PretrainParameters.class);
    }

    private static FinetuneParameters finetune(String fields) throws Exception {
        return JSON.readValue("{" + fields + "}", FinetuneParameters.class);
    }
}
