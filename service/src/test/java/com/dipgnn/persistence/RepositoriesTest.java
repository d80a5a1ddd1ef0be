package com.dipgnn.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.datasets.Dataset;
import com.dipgnn.datasets.DatasetRepository;
import com.dipgnn.datasets.DatasetSource;
import com.dipgnn.datasets.DatasetSummary;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import com.dipgnn.jobs.JobRecord;
import com.dipgnn.jobs.JobRepository;
import com.dipgnn.jobs.JobState;
import com.dipgnn.model.Backbone;
import com.dipgnn.registry.ModelFilter;
import com.dipgnn.registry.ModelKind;
import com.dipgnn.registry.ModelRepository;
import com.dipgnn.registry.ModelVersion;
import com.dipgnn.training.ModelManifest;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The repositories against every database the service supports: same schema, same answers. */
class RepositoriesTest {

    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule());
    private static final Instant T0 = Instant.parse("2026-11-23T10:00:00Z");

    static Stream<Databases.Db> databases() {
        return Databases.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void datasetsRoundTripWithTheirSummary(Databases.Db db) {
        DatasetRepository repo = new DatasetRepository(JdbcClient.create(db.dataSource()), JSON);
        DatasetSummary summary = DatasetSummary.of(SyntheticGraphs.queryProduct(0));
        repo.insert(new Dataset("qp", DatasetSource.BUILTIN, "synthetic:query-product", "f1", summary, T0));
        repo.insert(new Dataset("other", DatasetSource.DIRECTORY, "/data/g", "f2", summary, T0.plusSeconds(1)));
        Dataset back = repo.find("qp").orElseThrow();
        assertThat(back.summary()).isEqualTo(summary);
        assertThat(back.createdAt()).isEqualTo(T0);
        assertThat(repo.list(0, 10)).extracting(Dataset::id).containsExactly("qp", "other");
        assertThat(repo.list(1, 10)).extracting(Dataset::id).containsExactly("other");
        assertThat(repo.count()).isEqualTo(2);
        assertThatThrownBy(() -> repo.insert(new Dataset("qp", DatasetSource.UPLOAD, "x", "f", summary, T0)))
                .isInstanceOf(DuplicateKeyException.class);
        assertThat(repo.delete("other")).isTrue();
        assertThat(repo.find("other")).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void jobsAreClaimedOnceAndRequeuedAfterACrash(Databases.Db db) {
        JobRepository jobs = new JobRepository(JdbcClient.create(db.dataSource()));
        DatasetRepository datasets = new DatasetRepository(JdbcClient.create(db.dataSource()), JSON);
        jobs.insert(job("j1", "key-1", T0));
        jobs.insert(job("j2", null, T0.plusSeconds(1)));
        jobs.insert(job("j3", null, T0.plusSeconds(2)));
        assertThatThrownBy(() -> jobs.insert(job("j4", "key-1", T0))).isInstanceOf(DuplicateKeyException.class);
        assertThat(jobs.findByIdempotencyKey("key-1")).map(JobRecord::id).contains("j1");
        assertThat(jobs.queued(10)).containsExactly("j1", "j2", "j3");

        assertThat(jobs.claim("j1", "mv-1", T0)).isTrue();
        assertThat(jobs.claim("j1", "mv-other", T0)).as("a running job is not claimed twice").isFalse();
        assertThat(datasets.activeJobs("qp")).containsExactly("j1", "j2", "j3");
        jobs.saveProgress("j1", "{\"step\":3}");
        JobRecord running = jobs.find("j1").orElseThrow();
        assertThat(running.state()).isEqualTo(JobState.RUNNING);
        assertThat(running.progressJson()).isEqualTo("{\"step\":3}");
        assertThat(running.attempts()).isEqualTo(1);

        assertThat(jobs.requeueInterrupted()).containsExactly("j1");
        assertThat(jobs.claim("j1", "mv-2", T0)).isTrue();
        JobRecord resumed = jobs.find("j1").orElseThrow();
        assertThat(resumed.modelId()).as("the model id survives a restart").isEqualTo("mv-1");
        assertThat(resumed.attempts()).isEqualTo(2);

        assertThat(jobs.finish("j1", JobState.SUCCEEDED, null, T0)).isTrue();
        assertThat(jobs.finish("j1", JobState.FAILED, "late", T0)).as("an ended job stays ended").isFalse();
        assertThat(jobs.finish("j2", JobState.CANCELLED, null, T0)).isTrue();
        assertThat(jobs.claim("j2", "mv-3", T0)).as("a cancelled job never starts").isFalse();
        assertThat(jobs.list(JobState.SUCCEEDED, null, null, 0, 10)).extracting(JobRecord::id).containsExactly("j1");
        assertThat(jobs.list(null, "qp", "PRETRAIN", 0, 10)).extracting(JobRecord::id).containsExactly("j3", "j2", "j1");
        assertThat(jobs.count(JobState.QUEUED, null, null)).isEqualTo(1);
        assertThat(datasets.activeJobs("qp")).containsExactly("j3");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void modelVersionsCountUpPerNameAndKnowTheirDeployments(Databases.Db db) {
        JdbcClient jdbc = JdbcClient.create(db.dataSource());
        ModelRepository models = new ModelRepository(jdbc, JSON);
        DatasetRepository datasets = new DatasetRepository(jdbc, JSON);
        assertThat(models.nextVersion("rec")).isEqualTo(1);
        models.insert(model("mv-a", "rec", 1, ModelKind.PRETRAINED, T0));
        assertThat(models.nextVersion("rec")).isEqualTo(2);
        models.insert(model("mv-b", "rec", 2, ModelKind.FINETUNED, T0.plusSeconds(5)));
        assertThatThrownBy(() -> models.insert(model("mv-c", "rec", 2, ModelKind.FINETUNED, T0)))
                .isInstanceOf(DuplicateKeyException.class);
        ModelVersion back = models.find("mv-b").orElseThrow();
        assertThat(back.manifest()).isEqualTo(manifest());
        assertThat(models.list(new ModelFilter("rec", null, null), 0, 10)).extracting(ModelVersion::id)
                .containsExactly("mv-b", "mv-a");
        assertThat(models.list(new ModelFilter(null, "qp", ModelKind.PRETRAINED), 0, 10)).extracting(ModelVersion::id)
                .containsExactly("mv-a");
        assertThat(models.count(new ModelFilter(null, null, ModelKind.FINETUNED))).isEqualTo(1);

        jdbc.sql("INSERT INTO deployments (name, model_id, created_at, updated_at) VALUES ('recommendations', 'mv-b', ?, ?)")
                .params(java.sql.Timestamp.from(T0), java.sql.Timestamp.from(T0)).update();
        assertThat(models.deployments("mv-b")).containsExactly("recommendations");
        assertThat(datasets.deployments("qp")).containsExactly("recommendations");
        assertThat(models.delete("mv-a")).isTrue();
        assertThat(models.allIds()).containsExactly("mv-b");
    }

    private static JobRecord job(String id, String key, Instant at) {
        return new JobRecord(id, "PRETRAIN", JobState.QUEUED, "qp", null, "m", "{}", key, null, null, null, 0, null, false,
                at, null, null);
    }

    private static ModelVersion model(String id, String name, int version, ModelKind kind, Instant at) {
        return new ModelVersion(id, name, version, kind, "qp", "j1", null, manifest(), 1234, at.truncatedTo(ChronoUnit.MILLIS));
    }

    private static ModelManifest manifest() {
        return new ModelManifest(1, "2026-11-23T10:00:00Z", "test", Backbone.HGT, 2, 16, 2, 0.2, 0.0,
                Map.of("query", 32, "product", 33), List.of("query__clicked__product", "product__rev_clicked__query"),
                Map.of("kind", "link"), "qp", "fp", 0, Map.of("steps", 10), Map.of("test", Map.of("mrr", 0.5)));
    }
}
