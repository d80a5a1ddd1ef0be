package com.dipgnn.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.datasets.Dataset;
import com.dipgnn.datasets.DatasetRepository;
import com.dipgnn.datasets.DatasetSource;
import com.dipgnn.datasets.DatasetSummary;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import com.dipgnn.jobs.JobRecord;
import com.dipgnn.jobs.JobRepository;
import com.dipgnn.jobs.JobState;
import com.dipgnn.model.Backbone;
import com.dipgnn.registry.ModelFilter;
import com.dipgnn.registry.ModelKind;
import com.dipgnn.registry.ModelRepository;
import com.dipgnn.registry.ModelVersion;
import com.dipgnn.store.InputPreparation;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.store.ModelTask;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.sql.Connection;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The repositories against every database the service supports: same schema, same answers. */
class RepositoriesTest {

    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule());
    private static final Instant T0 = Instant.parse("2026-11-23T10:00:00Z");
    private static final Instant LEASE = T0.plusSeconds(60);

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
        JobRepository jobs = new JobRepository(db.dataSource());
        DatasetRepository datasets = new DatasetRepository(JdbcClient.create(db.dataSource()), JSON);
        jobs.insert(job("j1", "key-1", T0));
        jobs.insert(job("j2", null, T0.plusSeconds(1)));
        jobs.insert(job("j3", null, T0.plusSeconds(2)));
        assertThatThrownBy(() -> jobs.insert(job("j4", "key-1", T0))).isInstanceOf(DuplicateKeyException.class);
        assertThat(jobs.findByIdempotencyKey("key-1")).map(JobRecord::id).contains("j1");
        assertThat(jobs.embeddedDatabase()).isEqualTo(db.name().equals("h2"));

        assertThat(jobs.claimNext("w1", "mv-1", T0, LEASE)).as("oldest first").contains("j1");
        assertThat(datasets.activeJobs("qp")).containsExactly("j1", "j2", "j3");
        assertThat(jobs.saveProgress("j1", "w1", "{\"step\":3}")).isTrue();
        JobRecord running = jobs.find("j1").orElseThrow();
        assertThat(running.state()).isEqualTo(JobState.RUNNING);
        assertThat(running.progressJson()).isEqualTo("{\"step\":3}");
        assertThat(running.attempts()).isEqualTo(1);
        assertThat(running.worker()).isEqualTo("w1");

        assertThat(jobs.requeueInterrupted(null)).containsExactly("j1");
        assertThat(jobs.claimNext("w1", "mv-2", T0, LEASE)).contains("j1");
        JobRecord resumed = jobs.find("j1").orElseThrow();
        assertThat(resumed.modelId()).as("the model id survives a restart").isEqualTo("mv-1");
        assertThat(resumed.attempts()).isEqualTo(2);

        assertThat(jobs.finishLeased("j1", "w1", JobState.SUCCEEDED, null, T0)).isTrue();
        assertThat(jobs.finish("j1", JobState.FAILED, "late", T0))
                .as("an ended job stays ended")
                .isFalse();
        assertThat(jobs.finish("j2", JobState.CANCELLED, null, T0)).isTrue();
        assertThat(jobs.claimNext("w1", "mv-3", T0, LEASE))
                .as("a cancelled job never starts")
                .contains("j3");
        assertThat(jobs.claimNext("w1", "mv-4", T0, LEASE)).isEmpty();
        assertThat(jobs.list(JobState.SUCCEEDED, null, null, 0, 10))
                .extracting(JobRecord::id)
                .containsExactly("j1");
        assertThat(jobs.list(null, "qp", "PRETRAIN", 0, 10))
                .extracting(JobRecord::id)
                .containsExactly("j3", "j2", "j1");
        assertThat(jobs.count(JobState.RUNNING, null, null)).isEqualTo(1);
        assertThat(datasets.activeJobs("qp")).containsExactly("j3");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void aJobWhoseLeaseExpiredIsTakenOverAndItsFormerWorkerChangesNothing(Databases.Db db) {
        JobRepository jobs = new JobRepository(db.dataSource());
        jobs.insert(job("j1", null, T0));
        jobs.insert(job("j2", null, T0.plusSeconds(1)));
        assertThat(jobs.claimNext("w1", "mv-1", T0, T0.plusSeconds(60))).contains("j1");
        assertThat(jobs.claimNext("w2", "mv-2", T0, T0.plusSeconds(60))).contains("j2");
        assertThat(jobs.claimNext("w3", "mv-3", T0.plusSeconds(30), T0.plusSeconds(90)))
                .as("leases still held")
                .isEmpty();
        assertThat(jobs.renewLease("j1", "w2", T0.plusSeconds(120)))
                .as("only the holder renews")
                .isFalse();
        assertThat(jobs.renewLease("j1", "w1", T0.plusSeconds(120))).isTrue();

        // w1 dies: its lease on j1 expires at +120 s; w2's own expired lease on j2 is not taken by w2 itself
        assertThat(jobs.claimNext("w2", "mv-x", T0.plusSeconds(130), T0.plusSeconds(190)))
                .contains("j1");
        JobRecord taken = jobs.find("j1").orElseThrow();
        assertThat(taken.worker()).isEqualTo("w2");
        assertThat(taken.attempts()).isEqualTo(2);
        assertThat(taken.modelId()).as("the same output model").isEqualTo("mv-1");
        assertThat(jobs.renewLease("j1", "w1", T0.plusSeconds(200))).isFalse();
        assertThat(jobs.saveProgress("j1", "w1", "{}")).isFalse();
        assertThat(jobs.finishLeased("j1", "w1", JobState.FAILED, "stale", T0)).isFalse();
        assertThat(jobs.release("j1", "w1")).isFalse();
        assertThat(jobs.finishLeased("j1", "w2", JobState.SUCCEEDED, null, T0.plusSeconds(140)))
                .isTrue();
        assertThat(jobs.find("j1").orElseThrow().error()).isNull();

        assertThat(jobs.release("j2", "w2"))
                .as("a worker that shuts down gives its job back")
                .isTrue();
        assertThat(jobs.find("j2").orElseThrow().state()).isEqualTo(JobState.QUEUED);
        assertThat(jobs.claimNext("w3", "mv-y", T0.plusSeconds(150), T0.plusSeconds(210)))
                .contains("j2");
        assertThat(jobs.requeueInterrupted("w1")).as("not w1's any more").isEmpty();
        assertThat(jobs.requeueInterrupted("w3"))
                .as("a worker restarted under its name")
                .containsExactly("j2");
        jobs.requestCancel("j2");
        assertThat(jobs.cancelRequested("j2")).isTrue();
        assertThat(jobs.cancelRequested("j1")).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void aLockedJobIsSkippedNotWaitedFor(Databases.Db db) throws Exception {
        JobRepository jobs = new JobRepository(db.dataSource());
        jobs.insert(job("j1", null, T0));
        jobs.insert(job("j2", null, T0.plusSeconds(1)));
        try (Connection other = db.dataSource().getConnection()) {
            other.setAutoCommit(false);
            try (var lock = other.prepareStatement("SELECT id FROM jobs WHERE id = 'j1' FOR UPDATE")) {
                lock.executeQuery().close();
            }
            // another worker is between its SELECT and its UPDATE of j1
            var claim = CompletableFuture.supplyAsync(() -> jobs.claimNext("w2", "mv-2", T0, LEASE));
            assertThat(claim.get(20, TimeUnit.SECONDS)).contains("j2");
            other.rollback();
        }
        assertThat(jobs.claimNext("w1", "mv-1", T0, LEASE)).contains("j1");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void concurrentWorkersClaimEveryJobExactlyOnce(Databases.Db db) throws Exception {
        JobRepository jobs = new JobRepository(db.dataSource());
        int n = 40;
        for (int i = 0; i < n; i++) {
            jobs.insert(job(String.format("j%02d", i), null, T0.plusSeconds(i)));
        }
        var pool = Executors.newFixedThreadPool(6);
        try {
            List<Future<List<String>>> workers = new ArrayList<>();
            for (int w = 0; w < 6; w++) {
                String owner = "w" + w;
                workers.add(pool.submit(() -> {
                    List<String> mine = new ArrayList<>();
                    for (var id = jobs.claimNext(owner, "mv-" + owner, T0, LEASE);
                            id.isPresent();
                            id = jobs.claimNext(owner, "mv-" + owner, T0, LEASE)) {
                        mine.add(id.get());
                    }
                    return mine;
                }));
            }
            List<String> claimed = new ArrayList<>();
            for (var w : workers) {
                claimed.addAll(w.get(60, TimeUnit.SECONDS));
            }
            assertThat(claimed).hasSize(n).doesNotHaveDuplicates();
            assertThat(jobs.list(JobState.RUNNING, null, null, 0, 100))
                    .hasSize(n)
                    .allSatisfy(j -> assertThat(j.attempts()).isEqualTo(1));
        } finally {
            pool.shutdownNow();
        }
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
        assertThat(models.list(new ModelFilter("rec", null, null), 0, 10))
                .extracting(ModelVersion::id)
                .containsExactly("mv-b", "mv-a");
        assertThat(models.list(new ModelFilter(null, "qp", ModelKind.PRETRAINED), 0, 10))
                .extracting(ModelVersion::id)
                .containsExactly("mv-a");
        assertThat(models.count(new ModelFilter(null, null, ModelKind.FINETUNED)))
                .isEqualTo(1);

        jdbc.sql(
                        "INSERT INTO deployments (name, model_id, created_at, updated_at) VALUES ('recommendations', 'mv-b', ?, ?)")
                .params(Timestamp.from(T0), Timestamp.from(T0))
                .update();
        assertThat(models.deployments("mv-b")).containsExactly("recommendations");
        assertThat(datasets.deployments("qp")).containsExactly("recommendations");
        assertThat(models.delete("mv-a")).isTrue();
        assertThat(models.allIds()).containsExactly("mv-b");
    }

    private static JobRecord job(String id, String key, Instant at) {
        return new JobRecord(
                id,
                "PRETRAIN",
                JobState.QUEUED,
                "qp",
                null,
                "m",
                "{}",
                key,
                null,
                null,
                null,
                null,
                0,
                null,
                false,
                at,
                null,
                null);
    }

    private static ModelVersion model(String id, String name, int version, ModelKind kind, Instant at) {
        return new ModelVersion(
                id, name, version, kind, "qp", "j1", null, manifest(), 1234, at.truncatedTo(ChronoUnit.MILLIS));
    }

    private static ModelManifest manifest() {
        return new ModelManifest(
                ModelManifest.FORMAT,
                "2026-11-23T10:00:00Z",
                "test",
                null,
                Backbone.HGT,
                2,
                16,
                2,
                0.2,
                0.0,
                Map.of("query", 32, "product", 33),
                List.of("query__clicked__product", "product__rev_clicked__query"),
                ModelTask.LinkPrediction.untrained(RelationType.parse("query__clicked__product"), 0.1),
                "qp",
                "fp",
                0,
                InputPreparation.defaults(),
                Map.of(),
                null,
                Map.of("test", Map.of("mrr", 0.5)),
                null,
                null,
                null,
                null);
    }
}
