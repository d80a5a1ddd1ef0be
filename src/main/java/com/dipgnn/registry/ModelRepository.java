package com.dipgnn.registry;

import com.dipgnn.store.ManifestMigration;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Model version rows. */
@Repository
public class ModelRepository {

    private final JdbcClient jdbc;
    private final ObjectMapper json;

    public ModelRepository(JdbcClient jdbc, ObjectMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    public void insert(ModelVersion m) {
        jdbc.sql(
                        "INSERT INTO models (id, name, version, kind, dataset_id, job_id, parent_model_id, manifest, size_bytes, "
                                + "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(
                        m.id(),
                        m.name(),
                        m.version(),
                        m.kind().name(),
                        m.datasetId(),
                        m.jobId(),
                        m.parentModelId(),
                        write(m.manifest()),
                        m.sizeBytes(),
                        Timestamp.from(m.createdAt()))
                .update();
    }

    public int nextVersion(String name) {
        return jdbc.sql("SELECT COALESCE(MAX(version), 0) + 1 FROM models WHERE name = ?")
                .param(name)
                .query(Integer.class)
                .single();
    }

    public Optional<ModelVersion> find(String id) {
        return jdbc.sql("SELECT * FROM models WHERE id = ?")
                .param(id)
                .query(this::map)
                .optional();
    }

    /** Versions matching the filters (null = any), newest first. */
    public List<ModelVersion> list(ModelFilter filter, int offset, int limit) {
        List<Object> params = new ArrayList<>();
        String where = where(filter, params);
        params.add(limit);
        params.add(offset);
        return jdbc.sql("SELECT * FROM models" + where + " ORDER BY created_at DESC, id LIMIT ? OFFSET ?")
                .params(params)
                .query(this::map)
                .list();
    }

    public long count(ModelFilter filter) {
        List<Object> params = new ArrayList<>();
        return jdbc.sql("SELECT COUNT(*) FROM models" + where(filter, params))
                .params(params)
                .query(Long.class)
                .single();
    }

    public List<String> allIds() {
        return jdbc.sql("SELECT id FROM models").query(String.class).list();
    }

    public boolean delete(String id) {
        return jdbc.sql("DELETE FROM models WHERE id = ?").param(id).update() > 0;
    }

    /** Names of deployments serving the model. */
    public List<String> deployments(String id) {
        return jdbc.sql("SELECT name FROM deployments WHERE model_id = ? ORDER BY name")
                .param(id)
                .query(String.class)
                .list();
    }

    /** Ids of queued or running jobs that fine-tune from the model. */
    public List<String> activeChildJobs(String id) {
        return jdbc.sql("SELECT id FROM jobs WHERE parent_model_id = ? AND state IN ('QUEUED', 'RUNNING')")
                .param(id)
                .query(String.class)
                .list();
    }

    private static String where(ModelFilter filter, List<Object> params) {
        List<String> clauses = new ArrayList<>();
        if (filter.name() != null) {
            clauses.add("name = ?");
            params.add(filter.name());
        }
        if (filter.datasetId() != null) {
            clauses.add("dataset_id = ?");
            params.add(filter.datasetId());
        }
        if (filter.kind() != null) {
            clauses.add("kind = ?");
            params.add(filter.kind().name());
        }
        return clauses.isEmpty() ? "" : " WHERE " + String.join(" AND ", clauses);
    }

    private ModelVersion map(ResultSet rs, int row) throws SQLException {
        try {
            return new ModelVersion(
                    rs.getString("id"),
                    rs.getString("name"),
                    rs.getInt("version"),
                    ModelKind.valueOf(rs.getString("kind")),
                    rs.getString("dataset_id"),
                    rs.getString("job_id"),
                    rs.getString("parent_model_id"),
                    ManifestMigration.read(json, json.readTree(rs.getString("manifest"))),
                    rs.getLong("size_bytes"),
                    rs.getTimestamp("created_at").toInstant());
        } catch (IOException | IllegalArgumentException e) {
            throw new SQLException("model " + rs.getString("id") + " has an unreadable manifest", e);
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
