package com.dipgnn.jobs.migration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
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
        Map<String, String> pinned = pinnedParameters(connection);
        try (PreparedStatement update = connection.prepareStatement("UPDATE jobs SET parameters = ? WHERE id = ?")) {
            for (Map.Entry<String, String> job : pinned.entrySet()) {
                update.setString(1, job.getValue());
                update.setString(2, job.getKey());
                update.addBatch();
            }
            update.executeBatch();
        }
    }

    /** The rewritten parameters of the fine-tuning jobs that lack the field, by job id. */
    private static Map<String, String> pinnedParameters(Connection connection) throws SQLException {
        Map<String, String> pinned = new LinkedHashMap<>();
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT id, parameters FROM jobs WHERE kind = 'FINETUNE'");
             ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                String id = rows.getString(1);
                String rewritten = pinned(id, rows.getString(2));
                if (rewritten != null) {
                    pinned.put(id, rewritten);
                }
            }
        }
        return pinned;
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
            throw new IllegalStateException("job " + jobId + ": stored parameters are not JSON ("
                    + e.getOriginalMessage() + "); fix or delete the row, then start the service again", e);
        }
    }
}
