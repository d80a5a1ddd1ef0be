package com.dipgnn.testing;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What the tests print when no PostgreSQL is configured and its tests are skipped: why, and the
 * exact command that runs them (said once per test JVM, on standard error, so the build shows it).
 */
public final class PostgresSkip {

    /** The reason and the command, as the console and the skipped tests' reports show them. */
    public static final String MESSAGE = "PostgreSQL tests skipped: DIPGNN_TEST_POSTGRES_URL is not set. "
            + "Run them with: eval \"$(.ci/postgres.sh start)\" && ./mvnw verify "
            + "(the script starts a throw-away server on 127.0.0.1:54329, installing Debian's postgresql if "
            + "missing; or point DIPGNN_TEST_POSTGRES_URL, _USER and _PASSWORD at your own)";

    private static final AtomicBoolean SAID = new AtomicBoolean();

    private PostgresSkip() {}

    /** Prints {@link #MESSAGE} the first time it is called in this JVM. */
    public static void announce() {
        if (SAID.compareAndSet(false, true)) {
            System.err.println("[dipgnn] " + MESSAGE);
        }
    }
}
