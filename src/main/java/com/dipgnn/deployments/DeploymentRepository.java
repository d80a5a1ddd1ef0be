package com.dipgnn.deployments;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Deployment rows: which model version each deployment name serves. */
@Repository
public class DeploymentRepository {

    /**
     * A deployment's row.
     *
     * @param name deployment name
     * @param modelId the model version it serves (or is switching to)
     * @param embeddingsPath the precomputed embeddings it serves (a server directory), or null
     * @param createdAt first deployed
     * @param updatedAt last (re)deployed
     */
    public record Row(String name, String modelId, String embeddingsPath, Instant createdAt, Instant updatedAt) {}

    private final JdbcClient jdbc;

    public DeploymentRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Points {@code name} at {@code modelId} with its precomputed embeddings ({@code embeddingsPath};
     * null: computed by the service), creating the deployment when new.
     */
    public void upsert(String name, String modelId, String embeddingsPath, Instant now) {
        int updated = jdbc.sql(
                        "UPDATE deployments SET model_id = ?, embeddings_path = ?, updated_at = ? WHERE name = ?")
                .params(modelId, embeddingsPath, Timestamp.from(now), name)
                .update();
        if (updated == 0) {
            jdbc.sql("INSERT INTO deployments (name, model_id, embeddings_path, created_at, updated_at) "
                            + "VALUES (?, ?, ?, ?, ?)")
                    .params(name, modelId, embeddingsPath, Timestamp.from(now), Timestamp.from(now))
                    .update();
        }
    }

    public Optional<Row> find(String name) {
        return jdbc.sql("SELECT * FROM deployments WHERE name = ?")
                .param(name)
                .query(DeploymentRepository::map)
                .optional();
    }

    public List<Row> all() {
        return jdbc.sql("SELECT * FROM deployments ORDER BY name")
                .query(DeploymentRepository::map)
                .list();
    }

    public boolean delete(String name) {
        return jdbc.sql("DELETE FROM deployments WHERE name = ?").param(name).update() > 0;
    }

    private static Row map(ResultSet rs, int row) throws SQLException {
        return new Row(
                rs.getString("name"),
                rs.getString("model_id"),
                rs.getString("embeddings_path"),
                rs.getTimestamp("created_at").toInstant(),
                rs.getTimestamp("updated_at").toInstant());
    }
}
