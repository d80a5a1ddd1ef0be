package com.dipgnn.housekeeping;

import com.dipgnn.config.ServiceProperties;
import com.dipgnn.store.WriteOwner;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The live writers of the shared data directory, by the database's clock: this process registers
 * its owner token ({@link WriteOwner}) in the {@code process_owners} table when it starts, before
 * it writes anything, and renews its heartbeat every {@code dipgnn.housekeeping.heartbeat-interval}.
 * An owner is alive while its heartbeat is at most {@code dipgnn.housekeeping.owner-grace} old;
 * one without a row, or with an older heartbeat, is dead. The row stays when the process stops
 * (another application context of the same JVM may share the token) and expires like a killed
 * process's; expired rows are removed by {@link #forgetDead()}.
 */
@Component
public class ProcessOwners implements DisposableBean {

    private static final Logger LOG = LoggerFactory.getLogger(ProcessOwners.class);

    private final JdbcClient jdbc;
    private final Duration grace;
    private final ScheduledExecutorService heartbeat;

    public ProcessOwners(JdbcClient jdbc, ServiceProperties properties) {
        this.jdbc = jdbc;
        this.grace = properties.housekeeping().ownerGrace();
        beat();
        LOG.info(
                "This process writes as owner {} (heartbeat every {}, dead after {} without one)",
                WriteOwner.current(),
                properties.housekeeping().heartbeatInterval(),
                grace);
        this.heartbeat = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "dipgnn-owner-heartbeat");
            t.setDaemon(true);
            return t;
        });
        long every = properties.housekeeping().heartbeatInterval().toMillis();
        heartbeat.scheduleWithFixedDelay(this::beatQuietly, every, every, TimeUnit.MILLISECONDS);
    }

    /** Renews this process's heartbeat, registering it when its row is missing (first start, or forgotten). */
    final void beat() {
        String token = WriteOwner.current();
        if (jdbc.sql("UPDATE process_owners SET heartbeat_at = CURRENT_TIMESTAMP WHERE token = ?")
                        .param(token)
                        .update()
                == 1) {
            return;
        }
        try {
            jdbc.sql("INSERT INTO process_owners (token, host, pid, started_at, heartbeat_at) "
                            + "VALUES (?, ?, ?, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)")
                    .params(token, host(), ProcessHandle.current().pid())
                    .update();
        } catch (DuplicateKeyException e) { // another application context of this JVM registered it meanwhile
            jdbc.sql("UPDATE process_owners SET heartbeat_at = CURRENT_TIMESTAMP WHERE token = ?")
                    .param(token)
                    .update();
        }
    }

    private void beatQuietly() {
        try {
            beat();
        } catch (RuntimeException e) {
            LOG.warn("Could not renew the heartbeat of owner {}: {}", WriteOwner.current(), e.getMessage());
        }
    }

    /**
     * Whether an owner token is alive now: this process's always, another's while its heartbeat is
     * at most the grace period old by the database's clock.
     *
     * @throws DataAccessException when the database cannot tell (then nothing may be taken for dead)
     */
    public Predicate<String> liveOwners() {
        List<Heartbeat> rows = jdbc.sql("SELECT token, heartbeat_at, CURRENT_TIMESTAMP AS now FROM process_owners")
                .query((rs, n) -> new Heartbeat(
                        rs.getString(1), rs.getObject(2, OffsetDateTime.class), rs.getObject(3, OffsetDateTime.class)))
                .list();
        Set<String> live = new HashSet<>();
        live.add(WriteOwner.current());
        for (Heartbeat row : rows) {
            if (row.age().compareTo(grace) <= 0) {
                live.add(row.token());
            }
        }
        return live::contains;
    }

    /** Removes the rows of owners dead for longer than the grace period; their files are debris either way. */
    public int forgetDead() {
        OffsetDateTime now = jdbc.sql("SELECT CURRENT_TIMESTAMP")
                .query((rs, n) -> rs.getObject(1, OffsetDateTime.class))
                .single();
        return jdbc.sql("DELETE FROM process_owners WHERE heartbeat_at < ? AND token <> ?")
                .params(now.minus(grace.multipliedBy(2)), WriteOwner.current())
                .update();
    }

    @Override
    public void destroy() {
        heartbeat.shutdownNow();
    }

    private static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    private record Heartbeat(String token, OffsetDateTime at, OffsetDateTime now) {
        Duration age() {
            return Duration.between(at, now);
        }
    }
}
