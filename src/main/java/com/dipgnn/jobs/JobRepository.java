package com.dipgnn.jobs;

import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.support.JdbcUtils;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Job rows, and the job queue that workers on several machines drain. A worker claims the oldest
 * claimable job with {@code SELECT … FOR UPDATE SKIP LOCKED} (two workers never wait for or get
 * the same row) and holds a lease on it that it renews while it trains; every later change a
 * worker makes is conditional on still holding the lease, so a worker that lost its job to
 * another (its lease expired) changes nothing.
 */
@Repository
public class JobRepository {

    private static final String LEASED = " WHERE id = ? AND state = 'RUNNING' AND lease_owner = ?";

    private final JdbcClient jdbc;
    private final TransactionTemplate transaction;
    private final boolean embedded;

    public JobRepository(DataSource dataSource) {
        this.jdbc = JdbcClient.create(dataSource);
        this.transaction = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        this.embedded = isH2(dataSource);
    }

    /**
     * Whether the job table lives in the embedded H2 database, which one process at a time opens:
     * then every running job at a start was left by this process's predecessor.
     */
    public boolean embeddedDatabase() {
        return embedded;
    }

    public void insert(JobRecord j) {
        jdbc.sql(
                        "INSERT INTO jobs (id, kind, state, dataset_id, parent_model_id, model_name, parameters, idempotency_key, "
                                + "attempts, cancel_requested, submitted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, FALSE, ?)")
                .params(
                        j.id(),
                        j.kind(),
                        j.state().name(),
                        j.datasetId(),
                        j.parentModelId(),
                        j.modelName(),
                        j.parametersJson(),
                        j.idempotencyKey(),
                        Timestamp.from(j.submittedAt()))
                .update();
    }

    public Optional<JobRecord> find(String id) {
        return jdbc.sql("SELECT * FROM jobs WHERE id = ?")
                .param(id)
                .query(JobRepository::map)
                .optional();
    }

    public Optional<JobRecord> findByIdempotencyKey(String key) {
        return jdbc.sql("SELECT * FROM jobs WHERE idempotency_key = ?")
                .param(key)
                .query(JobRepository::map)
                .optional();
    }

    /** Jobs matching the filters (null = any), newest first. */
    public List<JobRecord> list(JobState state, String datasetId, String kind, int offset, int limit) {
        List<Object> params = new ArrayList<>();
        String where = where(state, datasetId, kind, params);
        params.add(limit);
        params.add(offset);
        return jdbc.sql("SELECT * FROM jobs" + where + " ORDER BY submitted_at DESC, id LIMIT ? OFFSET ?")
                .params(params)
                .query(JobRepository::map)
                .list();
    }

    public long count(JobState state, String datasetId, String kind) {
        List<Object> params = new ArrayList<>();
        return jdbc.sql("SELECT COUNT(*) FROM jobs" + where(state, datasetId, kind, params))
                .params(params)
                .query(Long.class)
                .single();
    }

    public long countInState(JobState state) {
        return jdbc.sql("SELECT COUNT(*) FROM jobs WHERE state = ?")
                .param(state.name())
                .query(Long.class)
                .single();
    }

    /**
     * Claims the oldest job that is queued, or running under another worker's expired lease, for
     * {@code owner} until {@code leaseUntil}; a job claimed for the first time gets
     * {@code newModelId} as its output model id.
     *
     * @return the claimed job's id, or empty when no job is claimable
     */
    public Optional<String> claimNext(String owner, String newModelId, Instant now, Instant leaseUntil) {
        return transaction.execute(status -> {
            Optional<String> id = jdbc.sql("SELECT id FROM jobs WHERE state = 'QUEUED' OR (state = 'RUNNING' "
                            + "AND (lease_expires_at IS NULL OR lease_expires_at < ?) "
                            + "AND (lease_owner IS NULL OR lease_owner <> ?)) "
                            + "ORDER BY submitted_at, id LIMIT 1 FOR UPDATE SKIP LOCKED")
                    .params(Timestamp.from(now), owner)
                    .query(String.class)
                    .optional();
            id.ifPresent(job -> jdbc.sql("UPDATE jobs SET state = 'RUNNING', started_at = ?, attempts = attempts + 1, "
                            + "model_id = COALESCE(model_id, ?), lease_owner = ?, lease_expires_at = ? WHERE id = ?")
                    .params(Timestamp.from(now), newModelId, owner, Timestamp.from(leaseUntil), job)
                    .update());
            return id;
        });
    }

    /** Extends {@code owner}'s lease on a running job; false when the lease was lost to another worker. */
    public boolean renewLease(String id, String owner, Instant leaseUntil) {
        return jdbc.sql("UPDATE jobs SET lease_expires_at = ?" + LEASED)
                        .params(Timestamp.from(leaseUntil), id, owner)
                        .update()
                == 1;
    }

    /** Whether a cancel was asked for the job (by any process). */
    public boolean cancelRequested(String id) {
        return jdbc.sql("SELECT cancel_requested FROM jobs WHERE id = ?")
                .param(id)
                .query(Boolean.class)
                .optional()
                .orElse(false);
    }

    /** Gives a running job back to the queue, e.g. when its worker shuts down; false when the lease was lost. */
    public boolean release(String id, String owner) {
        return jdbc.sql("UPDATE jobs SET state = 'QUEUED', lease_owner = NULL, lease_expires_at = NULL" + LEASED)
                        .params(id, owner)
                        .update()
                == 1;
    }

    /** Model ids already allocated to queued or running jobs. */
    public List<String> unfinishedModelIds() {
        return jdbc.sql("SELECT model_id FROM jobs WHERE state IN ('QUEUED', 'RUNNING') AND model_id IS NOT NULL")
                .query(String.class)
                .list();
    }

    /** Stores the progress of a job {@code owner} runs; false when the lease was lost. */
    public boolean saveProgress(String id, String owner, String progressJson) {
        return jdbc.sql("UPDATE jobs SET progress = ?" + LEASED)
                        .params(progressJson, id, owner)
                        .update()
                == 1;
    }

    /** Ends a job {@code owner} runs; false when its lease was lost (another worker has the job now). */
    public boolean finishLeased(String id, String owner, JobState state, String error, Instant now) {
        return jdbc.sql("UPDATE jobs SET state = ?, error = ?, finished_at = ?" + LEASED)
                        .params(state.name(), error, Timestamp.from(now), id, owner)
                        .update()
                == 1;
    }

    /** Ends a job that is queued or running, whoever runs it; false when it had already ended. */
    public boolean finish(String id, JobState state, String error, Instant now) {
        return jdbc.sql(
                                "UPDATE jobs SET state = ?, error = ?, finished_at = ? WHERE id = ? AND state IN ('QUEUED', 'RUNNING')")
                        .params(state.name(), error, Timestamp.from(now), id)
                        .update()
                == 1;
    }

    public void saveResumedFrom(String id, long step) {
        jdbc.sql("UPDATE jobs SET resumed_from_step = ? WHERE id = ?")
                .params(step, id)
                .update();
    }

    public void requestCancel(String id) {
        jdbc.sql("UPDATE jobs SET cancel_requested = TRUE WHERE id = ?")
                .param(id)
                .update();
    }

    /**
     * Puts running jobs back in the queue: all of them ({@code owner} null; only when no other
     * process can be running jobs, see {@link #embeddedDatabase()}), or those leased by
     * {@code owner} (a worker restarted under the same name). Returns their ids.
     */
    public List<String> requeueInterrupted(String owner) {
        String mine = owner == null ? "" : " AND lease_owner = ?";
        List<Object> params = owner == null ? List.of() : List.of(owner);
        List<String> ids = jdbc.sql("SELECT id FROM jobs WHERE state = 'RUNNING'" + mine)
                .params(params)
                .query(String.class)
                .list();
        for (String id : ids) {
            List<Object> p = new ArrayList<>(List.of(id));
            p.addAll(params);
            jdbc.sql("UPDATE jobs SET state = 'QUEUED', lease_owner = NULL, lease_expires_at = NULL "
                            + "WHERE id = ? AND state = 'RUNNING'" + mine)
                    .params(p)
                    .update();
        }
        return ids;
    }

    private static String where(JobState state, String datasetId, String kind, List<Object> params) {
        List<String> clauses = new ArrayList<>();
        if (state != null) {
            clauses.add("state = ?");
            params.add(state.name());
        }
        if (datasetId != null) {
            clauses.add("dataset_id = ?");
            params.add(datasetId);
        }
        if (kind != null) {
            clauses.add("kind = ?");
            params.add(kind);
        }
        return clauses.isEmpty() ? "" : " WHERE " + String.join(" AND ", clauses);
    }

    private static JobRecord map(ResultSet rs, int row) throws SQLException {
        return new JobRecord(
                rs.getString("id"),
                rs.getString("kind"),
                JobState.valueOf(rs.getString("state")),
                rs.getString("dataset_id"),
                rs.getString("parent_model_id"),
                rs.getString("model_name"),
                rs.getString("parameters"),
                rs.getString("idempotency_key"),
                rs.getString("progress"),
                rs.getString("error"),
                rs.getString("model_id"),
                rs.getString("lease_owner"),
                rs.getInt("attempts"),
                (Long) rs.getObject("resumed_from_step", Long.class),
                rs.getBoolean("cancel_requested"),
                instant(rs.getTimestamp("submitted_at")),
                instant(rs.getTimestamp("started_at")),
                instant(rs.getTimestamp("finished_at")));
    }

    private static boolean isH2(DataSource dataSource) {
        try {
            String product = JdbcUtils.extractDatabaseMetaData(dataSource, DatabaseMetaData::getDatabaseProductName);
            return product != null && product.toLowerCase(Locale.ROOT).contains("h2");
        } catch (org.springframework.jdbc.support.MetaDataAccessException e) {
            throw new IllegalStateException("cannot tell which database holds the job table: " + e.getMessage(), e);
        }
    }

    private static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }
}
