package com.dipgnn.jobs;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Job rows. State changes are conditional updates, so two workers never claim one job. */
@Repository
public class JobRepository {

    private final JdbcClient jdbc;

    public JobRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public void insert(JobRecord j) {
        jdbc.sql("INSERT INTO jobs (id, kind, state, dataset_id, parent_model_id, model_name, parameters, idempotency_key, "
                        + "attempts, cancel_requested, submitted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, FALSE, ?)")
                .params(j.id(), j.kind(), j.state().name(), j.datasetId(), j.parentModelId(), j.modelName(),
                        j.parametersJson(), j.idempotencyKey(), Timestamp.from(j.submittedAt()))
                .update();
    }

    public Optional<JobRecord> find(String id) {
        return jdbc.sql("SELECT * FROM jobs WHERE id = ?").param(id).query(JobRepository::map).optional();
    }

    public Optional<JobRecord> findByIdempotencyKey(String key) {
        return jdbc.sql("SELECT * FROM jobs WHERE idempotency_key = ?").param(key).query(JobRepository::map).optional();
    }

    /** Jobs matching the filters (null = any), newest first. */
    public List<JobRecord> list(JobState state, String datasetId, String kind, int offset, int limit) {
        List<Object> params = new ArrayList<>();
        String where = where(state, datasetId, kind, params);
        params.add(limit);
        params.add(offset);
        return jdbc.sql("SELECT * FROM jobs" + where + " ORDER BY submitted_at DESC, id LIMIT ? OFFSET ?")
                .params(params).query(JobRepository::map).list();
    }

    public long count(JobState state, String datasetId, String kind) {
        List<Object> params = new ArrayList<>();
        return jdbc.sql("SELECT COUNT(*) FROM jobs" + where(state, datasetId, kind, params)).params(params)
                .query(Long.class).single();
    }

    public long countInState(JobState state) {
        return jdbc.sql("SELECT COUNT(*) FROM jobs WHERE state = ?").param(state.name()).query(Long.class).single();
    }

    /** The oldest queued job ids, first come first served. */
    public List<String> queued(int limit) {
        return jdbc.sql("SELECT id FROM jobs WHERE state = 'QUEUED' ORDER BY submitted_at, id LIMIT ?").param(limit)
                .query(String.class).list();
    }

    /** Claims a queued job for running; false when another worker got it first or it was cancelled. */
    public boolean claim(String id, String modelId, Instant now) {
        return jdbc.sql("UPDATE jobs SET state = 'RUNNING', started_at = ?, attempts = attempts + 1, "
                        + "model_id = COALESCE(model_id, ?) WHERE id = ? AND state = 'QUEUED'")
                .params(Timestamp.from(now), modelId, id).update() == 1;
    }

    /** Model ids already allocated to queued or running jobs. */
    public List<String> unfinishedModelIds() {
        return jdbc.sql("SELECT model_id FROM jobs WHERE state IN ('QUEUED', 'RUNNING') AND model_id IS NOT NULL")
                .query(String.class).list();
    }

    public void saveProgress(String id, String progressJson) {
        jdbc.sql("UPDATE jobs SET progress = ? WHERE id = ? AND state = 'RUNNING'").params(progressJson, id).update();
    }

    /** Ends a job that is queued or running; false when it had already ended. */
    public boolean finish(String id, JobState state, String error, Instant now) {
        return jdbc.sql("UPDATE jobs SET state = ?, error = ?, finished_at = ? WHERE id = ? AND state IN ('QUEUED', 'RUNNING')")
                .params(state.name(), error, Timestamp.from(now), id).update() == 1;
    }

    public void saveResumedFrom(String id, long step) {
        jdbc.sql("UPDATE jobs SET resumed_from_step = ? WHERE id = ?").params(step, id).update();
    }

    public void requestCancel(String id) {
        jdbc.sql("UPDATE jobs SET cancel_requested = TRUE WHERE id = ?").param(id).update();
    }

    /** Puts the jobs a previous process left running back in the queue; returns their ids. */
    public List<String> requeueInterrupted() {
        List<String> ids = jdbc.sql("SELECT id FROM jobs WHERE state = 'RUNNING'").query(String.class).list();
        for (String id : ids) {
            jdbc.sql("UPDATE jobs SET state = 'QUEUED' WHERE id = ? AND state = 'RUNNING'").param(id).update();
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
        return new JobRecord(rs.getString("id"), rs.getString("kind"), JobState.valueOf(rs.getString("state")),
                rs.getString("dataset_id"), rs.getString("parent_model_id"), rs.getString("model_name"),
                rs.getString("parameters"), rs.getString("idempotency_key"), rs.getString("progress"),
                rs.getString("error"), rs.getString("model_id"), rs.getInt("attempts"),
                (Long) rs.getObject("resumed_from_step", Long.class), rs.getBoolean("cancel_requested"),
                instant(rs.getTimestamp("submitted_at")), instant(rs.getTimestamp("started_at")),
                instant(rs.getTimestamp("finished_at")));
    }

    private static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }
}
