package com.dipgnn.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The service's Flyway configuration finds every migration, the Java ones beside the SQL ones (a
 * location missing from application.yml would only be warned about, and its migrations skipped).
 */
class SchemaMigrationsIT extends ServiceTestBase {

    @Autowired
    private DataSource dataSource;

    /** The migrations applied, in order, as "version type" (SQL or JDBC). */
    static final List<String> ALL_MIGRATIONS =
            List.of("1 SQL", "2 SQL", "3 SQL", "4 JDBC", "5 SQL", "6 JDBC", "7 JDBC");

    @Test
    void theServiceAppliesTheJavaMigrationsAsWellAsTheSqlOnes() {
        assertThat(applied(dataSource)).isEqualTo(ALL_MIGRATIONS);
    }

    /** The successful versioned migrations in Flyway's history of {@code dataSource}'s schema (not its creation). */
    static List<String> applied(DataSource dataSource) {
        return JdbcClient.create(dataSource)
                .sql("SELECT \"version\", \"type\" FROM \"flyway_schema_history\" "
                        + "WHERE \"success\" AND \"version\" IS NOT NULL ORDER BY \"installed_rank\"")
                .query((rs, n) -> rs.getString(1) + " " + rs.getString(2))
                .list();
    }
}
