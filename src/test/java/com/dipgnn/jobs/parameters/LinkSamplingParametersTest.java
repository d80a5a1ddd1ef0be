package com.dipgnn.jobs.parameters;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.finetuning.LinkSampling;
import com.dipgnn.finetuning.LinkSamplingMode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** A fine-tuning job's link sampling: defaults, what reaches the experiment, and bean validation. */
class LinkSamplingParametersTest {

    private static final ValidatorFactory FACTORY = jakarta.validation.Validation.buildDefaultValidatorFactory();
    private static final Validator VALIDATOR = FACTORY.getValidator();
    private static final ObjectMapper JSON = new ObjectMapper();

    @AfterAll
    static void close() {
        FACTORY.close();
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
        FinetuneParameters job = JSON.readValue(
                "{\"task\": \"link\", \"linkSampling\": {\"mode\": \"fanout\", \"fanouts\": [15, 5]}}",
                FinetuneParameters.class);
        FinetuneParameters modeOnly = JSON.readValue(
                "{\"task\": \"link\", \"linkSampling\": {\"mode\": \"fanout\"}}", FinetuneParameters.class);

        assertThat(VALIDATOR.validate(job)).isEmpty();
        assertThat(job.toSpec(null).linkSampling())
                .isEqualTo(new LinkSampling(LinkSamplingMode.FANOUT, List.of(15, 5)));
        assertThat(modeOnly.toSpec(null).linkSampling())
                .isEqualTo(new LinkSampling(LinkSamplingMode.FANOUT, List.of(10, 10)));
        assertThat(JSON.readValue(JSON.writeValueAsString(job), FinetuneParameters.class))
                .isEqualTo(job);
    }

    @Test
    void beanValidationNamesAnUnknownModeAndAnOutOfRangeFanOut() throws Exception {
        FinetuneParameters badMode = JSON.readValue(
                "{\"task\": \"link\", \"linkSampling\": {\"mode\": \"ladies\"}}", FinetuneParameters.class);
        FinetuneParameters zero = JSON.readValue(
                "{\"task\": \"link\", \"linkSampling\": {\"fanouts\": [10, 0]}}", FinetuneParameters.class);
        FinetuneParameters empty =
                JSON.readValue("{\"task\": \"link\", \"linkSampling\": {\"fanouts\": []}}", FinetuneParameters.class);

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
