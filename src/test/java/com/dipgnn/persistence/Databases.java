package com.dipgnn.persistence;

import static org.assertj.core.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationVersion;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * The databases the persistence tests run on: an in-memory H2 always, and PostgreSQL when
 * {@code DIPGNN_TEST_POSTGRES_URL} points at one ({@code .ci/postgres.sh} starts it; CI sets
 * {@code DIPGNN_TEST_REQUIRE_POSTGRES=true} so a missing server fails instead of skipping).
 * Each call gives a freshly migrated, empty schema.
 */
final class Databases {

    private Databases() {}

    /** A named, migrated, empty database. */
    record Db(String name, DataSource dataSource) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** Flyway's locations as the service's application.yml names them. */
    static final String[] MIGRATIONS = {"classpath:db/migration", "classpath:com/dipgnn/jobs/migration"};

    static List<Db> all() {
        return all(MigrationVersion.LATEST);
    }

    /** The databases migrated up to {@code target} (to test a migration on the rows before it). */
    static List<Db> all(MigrationVersion target) {
        List<Db> dbs = new ArrayList<>();
        dbs.add(migrated("h2", h2(), target));
        String url = System.getenv("DIPGNN_TEST_POSTGRES_URL");
        if (url != null && !url.isBlank()) {
            dbs.add(new Db("postgresql", postgres(url, target)));
        } else if (Boolean.parseBoolean(System.getenv("DIPGNN_TEST_REQUIRE_POSTGRES"))) {
            fail(
                    "DIPGNN_TEST_REQUIRE_POSTGRES is set but DIPGNN_TEST_POSTGRES_URL is not; start one with .ci/postgres.sh");
        } else {
            com.dipgnn.testing.PostgresSkip.announce();
        }
        return dbs;
    }

    private static DataSource h2() {
        return new DriverManagerDataSource("jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1", "sa", "");
    }

    /** Migrates {@code db} on to the latest version. */
    static void migrateToLatest(Db db) {
        Flyway.configure()
                .dataSource(db.dataSource())
                .locations(MIGRATIONS)
                .load()
                .migrate();
    }

    private static DataSource postgres(String url, MigrationVersion target) {
        String user = System.getenv().getOrDefault("DIPGNN_TEST_POSTGRES_USER", "postgres");
        String password = System.getenv().getOrDefault("DIPGNN_TEST_POSTGRES_PASSWORD", "");
        String schema = "t" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        DriverManagerDataSource ds = new DriverManagerDataSource(
                url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema, user, password);
        ds.setSchema(schema);
        Flyway.configure()
                .dataSource(url, user, password)
                .schemas(schema)
                .createSchemas(true)
                .locations(MIGRATIONS)
                .target(target)
                .load()
                .migrate();
        return ds;
    }

    private static Db migrated(String name, DataSource ds, MigrationVersion target) {
        Flyway.configure()
                .dataSource(ds)
                .locations(MIGRATIONS)
                .target(target)
                .load()
                .migrate();
        return new Db(name, ds);
    }
}
