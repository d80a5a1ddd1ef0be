package com.dipgnn.datasets;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Data set rows, and the questions about their use that deletion needs. */
@Repository
public class DatasetRepository {

    private final JdbcClient jdbc;
    private final ObjectMapper json;

    public DatasetRepository(JdbcClient jdbc, ObjectMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    public void insert(Dataset d) {
        jdbc.sql(
                        "INSERT INTO datasets (id, source, location, fingerprint, summary, created_at) VALUES (?, ?, ?, ?, ?, ?)")
                .params(
                        d.id(),
                        d.source().name(),
                        d.location(),
                        d.fingerprint(),
                        write(d.summary()),
                        Timestamp.from(d.createdAt()))
                .update();
    }

    public Optional<Dataset> find(String id) {
        return jdbc.sql("SELECT * FROM datasets WHERE id = ?")
                .param(id)
                .query(this::map)
                .optional();
    }

    public List<Dataset> list(int offset, int limit) {
        return jdbc.sql("SELECT * FROM datasets ORDER BY created_at, id LIMIT ? OFFSET ?")
                .params(limit, offset)
                .query(this::map)
                .list();
    }

    public long count() {
        return jdbc.sql("SELECT COUNT(*) FROM datasets").query(Long.class).single();
    }

    public boolean delete(String id) {
        return jdbc.sql("DELETE FROM datasets WHERE id = ?").param(id).update() > 0;
    }

    /** Ids of queued or running jobs on the data set. */
    public List<String> activeJobs(String id) {
        return jdbc.sql(
                        "SELECT id FROM jobs WHERE dataset_id = ? AND state IN ('QUEUED', 'RUNNING') ORDER BY submitted_at")
                .param(id)
                .query(String.class)
                .list();
    }

    /** Names of deployments serving a model trained on the data set. */
    public List<String> deployments(String id) {
        return jdbc.sql("SELECT d.name FROM deployments d JOIN models m ON m.id = d.model_id WHERE m.dataset_id = ? "
                        + "ORDER BY d.name")
                .param(id)
                .query(String.class)
                .list();
    }

    private Dataset map(ResultSet rs, int row) throws SQLException {
        try {
            return new Dataset(
                    rs.getString("id"),
                    DatasetSource.valueOf(rs.getString("source")),
                    rs.getString("location"),
                    rs.getString("fingerprint"),
                    json.readValue(rs.getString("summary"), DatasetSummary.class),
                    rs.getTimestamp("created_at").toInstant());
        } catch (JsonProcessingException e) {
            throw new SQLException("data set " + rs.getString("id") + " has an unreadable summary", e);
        }
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
