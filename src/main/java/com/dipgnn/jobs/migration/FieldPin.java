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
 * A migration that gives every stored job of one kind without a parameter field the value it ran
 * with, so that a newer service does not read the absent field as a changed default (an
 * interrupted job resumed after an upgrade would meet a checkpoint trained with the old value, be
 * refused and lose its training). Fields already present are left as they are. Rows stream in and
 * rewrites go out in batches, so memory stays bounded.
 */
abstract class FieldPin implements JavaMigration {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int BATCH = 500;

    private final int version;
    private final String kind;
    private final String field;
    private final Number value;

    /**
     * @param version the migration's version
     * @param kind the jobs' kind ({@code PRETRAIN}, {@code FINETUNE})
     * @param field the parameter pinned
     * @param value what every job of that kind ran with before the field existed (an {@link Integer} is
     *     written as a JSON integer, for integer fields)
     */
    FieldPin(int version, String kind, String field, Number value) {
        this.version = version;
        this.kind = kind;
        this.field = field;
        this.value = value;
    }

    @Override
    public MigrationVersion getVersion() {
        return MigrationVersion.fromVersion(Integer.toString(version));
    }

    @Override
    public String getDescription() {
        return "pin " + field + " " + value + " on " + kind.toLowerCase(java.util.Locale.ROOT)
                + " jobs stored without it";
    }

    @Override
    public Integer getChecksum() {
        return version * 1_000 + 1; // changes only if this migration did, which a released one never does
    }

    @Override
    public boolean canExecuteInTransaction() {
        return true;
    }

    @Override
    public void migrate(Context context) throws Exception {
        Connection connection = context.getConnection();
        try (PreparedStatement select = connection.prepareStatement("SELECT id, parameters FROM jobs WHERE kind = ?");
                PreparedStatement update = connection.prepareStatement("UPDATE jobs SET parameters = ? WHERE id = ?")) {
            select.setString(1, kind);
            select.setFetchSize(BATCH);
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
    private int queue(PreparedStatement update, String jobId, String parameters) throws SQLException {
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
    String pinned(String jobId, String parameters) {
        try {
            JsonNode tree = JSON.readTree(parameters);
            if (!(tree instanceof ObjectNode object)) {
                throw new IllegalStateException("job " + jobId + ": stored parameters are not a JSON object");
            }
            if (object.has(field)) {
                return null;
            }
            if (value instanceof Integer whole) {
                object.put(field, whole);
            } else {
                object.put(field, value.doubleValue());
            }
            return JSON.writeValueAsString(object);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(
                    "job " + jobId + ": stored parameters are not JSON (" + e.getOriginalMessage()
                            + "); fix or delete the row, then start the service again",
                    e);
        }
    }
}
