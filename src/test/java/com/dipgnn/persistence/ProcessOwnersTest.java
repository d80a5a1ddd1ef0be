package com.dipgnn.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.config.ServiceProperties;
import com.dipgnn.housekeeping.ProcessOwners;
import com.dipgnn.store.WriteOwner;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Owner liveness by the database's clock, on every database the service supports: a process
 * registers itself when it starts; another owner lives while its heartbeat is within the grace
 * period, and is dead without a row or with an older heartbeat.
 */
class ProcessOwnersTest {

    static Stream<Databases.Db> databases() {
        return Databases.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void anOwnerLivesWhileItsHeartbeatIsWithinTheGracePeriodByTheDatabasesClock(Databases.Db db) {
        JdbcClient jdbc = JdbcClient.create(db.dataSource());
        ServiceProperties properties = com.dipgnn.testing.TestProperties.of(Path.of("unused"));
        ProcessOwners owners = new ProcessOwners(jdbc, properties);
        try {
            assertThat(jdbc.sql("SELECT COUNT(*) FROM process_owners WHERE token = ?")
                            .param(WriteOwner.current())
                            .query(Integer.class)
                            .single())
                    .as("registered when created")
                    .isEqualTo(1);
            Duration grace = properties.housekeeping().ownerGrace();
            insert(jdbc, "o0000000000f1", Duration.ofSeconds(5));
            insert(jdbc, "o0000000000f2", grace.minusSeconds(20));
            insert(jdbc, "o0000000000d1", grace.plusSeconds(20));
            insert(jdbc, "o0000000000d2", grace.multipliedBy(3));

            Predicate<String> live = owners.liveOwners();

            assertThat(live)
                    .accepts(WriteOwner.current(), "o0000000000f1", "o0000000000f2")
                    .rejects("o0000000000d1", "o0000000000d2", "o00000000none");
            assertThat(owners.forgetDead())
                    .as("rows dead for twice the grace period")
                    .isEqualTo(1);
            assertThat(owners.liveOwners()).accepts("o0000000000f1").rejects("o0000000000d1", "o0000000000d2");

            // a process whose row was forgotten (say, after a long pause) registers again with its next beat
            jdbc.sql("DELETE FROM process_owners WHERE token = ?")
                    .param(WriteOwner.current())
                    .update();
            new ProcessOwners(jdbc, properties).destroy();
            assertThat(jdbc.sql("SELECT COUNT(*) FROM process_owners WHERE token = ?")
                            .param(WriteOwner.current())
                            .query(Integer.class)
                            .single())
                    .isEqualTo(1);
        } finally {
            owners.destroy();
        }
    }

    /** A row whose heartbeat is {@code age} old by the database's clock. */
    private static void insert(JdbcClient jdbc, String token, Duration age) {
        OffsetDateTime now = jdbc.sql("SELECT CURRENT_TIMESTAMP")
                .query((rs, n) -> rs.getObject(1, OffsetDateTime.class))
                .single();
        jdbc.sql("INSERT INTO process_owners (token, host, pid, started_at, heartbeat_at) VALUES (?, 'h', 1, ?, ?)")
                .params(token, now.minus(age), now.minus(age))
                .update();
    }
}
