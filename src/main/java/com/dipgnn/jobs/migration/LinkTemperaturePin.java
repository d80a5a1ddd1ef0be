package com.dipgnn.jobs.migration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.Context;
import org.flywaydb.core.api.migration.JavaMigration;

/**
 * Migration 4: fine-tuning jobs stored before they had a {@code linkTemperature} get the one they
 * ran with, 0.1. Without it a newer service reads the absent field as today's default (0.025 on an
 * edge split), so an interrupted link job resumed after an upgrade would meet a checkpoint trained
 * at 0.1, be refused and lose its training. Fields already present are left as they are.
 */
public final class LinkTemperaturePin implements JavaMigration {

    /** The link softmax's temperature of every fine-tuning job before the field existed. */
    static final double TEMPERATURE_BEFORE_THE_FIELD = 0.1;

    static final String FIELD = "linkTemperature";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int BATCH = 500;

    @Override
    public MigrationVersion getVersion() {
        return MigrationVersion.fromVersion("4");
    }

    @Override
    public String getDescription() {
        return "pin linkTemperature 0.1 on fine-tuning jobs stored without it";
    }

    @Override
    public Integer getChecksum() {
        return 4_001; // changes only if this migration did, which a released one never does
    }

    @Override
    public boolean canExecuteInTransaction() {
        return true;
    }

    @Override
    public void migrate(Context context) throws Exception {
        Connection connection = context.getConnection();
        try (PreparedStatement select =
                        connection.prepareStatement("SELECT id, parameters FROM jobs WHERE kind = 'FINETUNE'");
                PreparedStatement update = connection.prepareStatement("UPDATE jobs SET parameters = ? WHERE id = ?")) {
            select.setFetchSize(BATCH); // rows stream in, rewrites go out in batches: memory stays bounded
            int pending = 0;
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    pending += queue(update, rows.getString(1), rows.getString(2));
                    if (pending == BATCH) {
                        update.executeBatch();
                        pending = 0;
                    }
                }
            }
            if (pending > 0) {
                update.executeBatch();
            }
        }
    }

    /** Adds the job's rewrite to the update's batch: 1 when it needs one, 0 when it has the field. */
    private static int queue(PreparedStatement update, String jobId, String parameters) throws SQLException {
        String rewritten = pinned(jobId, parameters);
        if (rewritten == null) {
            return 0;
        }
        update.setString(1, rewritten);
        update.setString(2, jobId);
        update.addBatch();
        return 1;
    }

    /** The parameters with the field added, or null when they have it already. */
    static String pinned(String jobId, String parameters) {
        try {
            JsonNode tree = JSON.readTree(parameters);
            if (!(tree instanceof ObjectNode object)) {
                throw new IllegalStateException("job " + jobId + ": stored parameters are not a JSON object");
            }
            if (object.has(FIELD)) {
                return null;
            }
            object.put(FIELD, TEMPERATURE_BEFORE_THE_FIELD);
            return JSON.writeValueAsString(object);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(
                    "job " + jobId + ": stored parameters are not JSON (" + e.getOriginalMessage()
                            + "); fix or delete the row, then start the service again",
                    e);
        }
    }
}
