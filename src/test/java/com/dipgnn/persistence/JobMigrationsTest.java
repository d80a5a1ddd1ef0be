package com.dipgnn.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.jobs.JobRecord;
import com.dipgnn.jobs.JobRepository;
import com.dipgnn.jobs.JobState;
import com.dipgnn.jobs.parameters.FinetuneParameters;
import com.dipgnn.jobs.parameters.PretrainParameters;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.stream.Stream;
import org.flywaydb.core.api.MigrationVersion;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The Java migrations of stored jobs, on every database the service supports. */
class JobMigrationsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant T0 = Instant.parse("2026-11-27T10:00:00Z");

    /** A link job on an edge split as a service before the field stored it: no linkTemperature. */
    private static final String LINK_JOB_BEFORE_THE_FIELD = "{\"task\":\"link\",\"split\":\"dataset\","
            + "\"backbone\":\"gat\",\"layers\":2,\"hidden\":64,\"heads\":4,\"steps\":846,\"batchSize\":8192,"
            + "\"linkLoss\":\"softmax\",\"linkNegatives\":\"uniform-logq\",\"popularityPrior\":\"auto\"}";

    private static final String LINK_JOB_WITH_THE_FIELD =
            "{\"task\":\"link\",\"split\":\"dataset\"," + "\"steps\":846,\"linkTemperature\":0.025}";
    private static final String PRETRAIN_JOB = "{\"method\":\"dipgnn\",\"steps\":300}";

    static Stream<Databases.Db> databasesBeforeTheLinkTemperaturePin() {
        return Databases.all(MigrationVersion.fromVersion("3")).stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databasesBeforeTheLinkTemperaturePin")
    void fineTuningJobsStoredWithoutALinkTemperatureResumeWithTheOneTheyRanWith(Databases.Db db) throws Exception {
        JobRepository jobs = new JobRepository(db.dataSource());
        jobs.insert(job("old", "FINETUNE", JobState.RUNNING, LINK_JOB_BEFORE_THE_FIELD));
        jobs.insert(job("new", "FINETUNE", JobState.QUEUED, LINK_JOB_WITH_THE_FIELD));
        jobs.insert(job("pre", "PRETRAIN", JobState.RUNNING, PRETRAIN_JOB));
        // what the bug was: read as they stand, the old job's parameters take today's edge-split default
        assertThat(parameters(jobs, "old").toSpec(null).temperature()).isEqualTo(0.025);

        Databases.migrateToLatest(db);

        assertThat(parameters(jobs, "old").toSpec(null).temperature()).isEqualTo(0.1);
        JsonNode old = JSON.readTree(jobs.find("old").orElseThrow().parametersJson());
        JsonNode before = JSON.readTree(LINK_JOB_BEFORE_THE_FIELD);
        assertThat(old.size()).isEqualTo(before.size() + 1);
        before.fieldNames().forEachRemaining(f -> assertThat(old.get(f)).as(f).isEqualTo(before.get(f)));
        assertThat(jobs.find("new").orElseThrow().parametersJson()).isEqualTo(LINK_JOB_WITH_THE_FIELD);
        assertThat(JSON.readTree(jobs.find("pre").orElseThrow().parametersJson())
                        .has("linkTemperature"))
                .isFalse();
    }

    static Stream<Databases.Db> databasesBeforeTheGeneratorSharePin() {
        return Databases.all(MigrationVersion.fromVersion("5")).stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databasesBeforeTheGeneratorSharePin")
    void preTrainingJobsStoredWithoutAGeneratorShareResumeWithTheGeneratorsEveryPick(Databases.Db db) throws Exception {
        JobRepository jobs = new JobRepository(db.dataSource());
        jobs.insert(job("old", "PRETRAIN", JobState.RUNNING, PRETRAIN_JOB));
        String chosen = "{\"method\":\"dipgnn\",\"steps\":300,\"generatorShare\":0.25}";
        jobs.insert(job("chosen", "PRETRAIN", JobState.QUEUED, chosen));
        jobs.insert(job("link", "FINETUNE", JobState.QUEUED, LINK_JOB_WITH_THE_FIELD));
        // read as it stands, the old job takes today's default: uniform negatives
        assertThat(pretrain(jobs, "old").toPretrainConfig().variant().generatorShare())
                .isEqualTo(0.0);

        Databases.migrateToLatest(db);

        assertThat(pretrain(jobs, "old").toPretrainConfig().variant().generatorShare())
                .isEqualTo(1.0);
        JsonNode old = JSON.readTree(jobs.find("old").orElseThrow().parametersJson());
        // pinned by migrations 6 and 7: generatorShare and textWarmupSteps
        assertThat(old.size()).isEqualTo(JSON.readTree(PRETRAIN_JOB).size() + 2);
        assertThat(JSON.readTree(jobs.find("chosen").orElseThrow().parametersJson())
                        .get("generatorShare")
                        .asDouble())
                .isEqualTo(0.25);
        assertThat(jobs.find("link").orElseThrow().parametersJson()).isEqualTo(LINK_JOB_WITH_THE_FIELD);
    }

    static Stream<Databases.Db> databasesBeforeTheTextWarmupPin() {
        return Databases.all(MigrationVersion.fromVersion("6")).stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databasesBeforeTheTextWarmupPin")
    void preTrainingJobsStoredWithoutATextWarmupResumeWithoutOne(Databases.Db db) throws Exception {
        JobRepository jobs = new JobRepository(db.dataSource());
        jobs.insert(job("old", "PRETRAIN", JobState.RUNNING, PRETRAIN_JOB));
        String chosen = "{\"method\":\"dipgnn\",\"steps\":300,\"textWarmupSteps\":40}";
        jobs.insert(job("chosen", "PRETRAIN", JobState.QUEUED, chosen));
        jobs.insert(job("link", "FINETUNE", JobState.QUEUED, LINK_JOB_WITH_THE_FIELD));
        // read as it stands, the old job takes today's default: the text pair warmed up over 100 steps
        assertThat(pretrain(jobs, "old").toPretrainConfig().textWarmupSteps()).isEqualTo(100);

        Databases.migrateToLatest(db);

        assertThat(pretrain(jobs, "old").toPretrainConfig().textWarmupSteps()).isZero();
        JsonNode old = JSON.readTree(jobs.find("old").orElseThrow().parametersJson());
        assertThat(old.get("textWarmupSteps").isIntegralNumber())
                .as("an integer field stays an integer")
                .isTrue();
        assertThat(old.size()).isEqualTo(JSON.readTree(PRETRAIN_JOB).size() + 1);
        assertThat(jobs.find("chosen").orElseThrow().parametersJson()).isEqualTo(chosen);
        assertThat(jobs.find("link").orElseThrow().parametersJson()).isEqualTo(LINK_JOB_WITH_THE_FIELD);
    }

    private static PretrainParameters pretrain(JobRepository jobs, String id) throws Exception {
        return JSON.readValue(jobs.find(id).orElseThrow().parametersJson(), PretrainParameters.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databasesBeforeTheLinkTemperaturePin")
    void everyJobIsPinnedWhenThereAreMoreThanOneBatchOfThem(Databases.Db db) throws Exception {
        JobRepository jobs = new JobRepository(db.dataSource());
        int count = 1_201; // two full batches of 500 and a partial one
        for (int i = 0; i < count; i++) {
            jobs.insert(job(String.format("old-%04d", i), "FINETUNE", JobState.SUCCEEDED, LINK_JOB_BEFORE_THE_FIELD));
        }

        Databases.migrateToLatest(db);

        for (int i = 0; i < count; i++) {
            assertThat(parameters(jobs, String.format("old-%04d", i)).linkTemperature())
                    .as("job %d", i)
                    .isEqualTo(0.1);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databasesBeforeTheLinkTemperaturePin")
    void aJobWhoseParametersAreNotJsonStopsTheMigrationNamingTheJob(Databases.Db db) {
        JobRepository jobs = new JobRepository(db.dataSource());
        jobs.insert(job("broken", "FINETUNE", JobState.QUEUED, "{\"task\":\"link\","));

        assertThatThrownBy(() -> Databases.migrateToLatest(db))
                .hasStackTraceContaining("job broken")
                .hasStackTraceContaining("fix or delete the row");
        assertThat(jobs.find("broken").orElseThrow().parametersJson()).isEqualTo("{\"task\":\"link\",");
    }

    private static FinetuneParameters parameters(JobRepository jobs, String id) throws Exception {
        return JSON.readValue(jobs.find(id).orElseThrow().parametersJson(), FinetuneParameters.class);
    }

    private static JobRecord job(String id, String kind, JobState state, String parameters) {
        return new JobRecord(
                id,
                kind,
                state,
                "gowalla",
                null,
                "m-" + id,
                parameters,
                null,
                null,
                null,
                null,
                null,
                0,
                null,
                false,
                T0,
                null,
                null);
    }
}
