package com.dipgnn.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** The per-client lockout after failed authentications, on a clock the test moves. */
class FailedAuthLimiterTest {

    private final MovableClock clock = new MovableClock();
    private final FailedAuthLimiter limiter = new FailedAuthLimiter(3, Duration.ofSeconds(60), 4, clock);

    @Test
    void theLimitThFailureLocksTheClientOutForOneWindowAndOnlyThatClient() {
        assertThat(limiter.failed("10.0.0.1")).isFalse();
        assertThat(limiter.failed("10.0.0.1")).isFalse();
        assertThat(limiter.lockedOut("10.0.0.1")).isEmpty();
        clock.advance(Duration.ofSeconds(10));
        assertThat(limiter.failed("10.0.0.1")).isTrue();
        assertThat(limiter.lockedOut("10.0.0.1")).contains(Duration.ofSeconds(60));
        assertThat(limiter.lockedOut("10.0.0.2")).isEmpty();
        clock.advance(Duration.ofSeconds(59));
        assertThat(limiter.lockedOut("10.0.0.1")).contains(Duration.ofSeconds(1));
        clock.advance(Duration.ofSeconds(1));
        assertThat(limiter.lockedOut("10.0.0.1")).isEmpty();
    }

    @Test
    void failuresSpreadWiderThanTheWindowNeverLockOut() {
        for (int i = 0; i < 10; i++) {
            assertThat(limiter.failed("10.0.0.1")).isFalse();
            assertThat(limiter.failed("10.0.0.1")).isFalse();
            clock.advance(Duration.ofSeconds(61));
        }
        assertThat(limiter.lockedOut("10.0.0.1")).isEmpty();
    }

    @Test
    void memoryIsBoundedExpiredClientsGoFirstThenTheOldest() {
        limiter.failed("old");
        clock.advance(Duration.ofSeconds(61));
        for (String client : new String[] {"a", "b", "c"}) {
            limiter.failed(client);
            clock.advance(Duration.ofSeconds(1));
        }
        limiter.failed("d"); // full: "old" has expired and goes, though "a" failed less recently than "d"
        assertThat(limiter.tracked()).isEqualTo(4);
        assertThat(limiter.tracks("old")).isFalse();
        assertThat(limiter.tracks("a")).isTrue();
        limiter.failed("e"); // full, nothing expired: the least recent failure, "a", goes
        assertThat(limiter.tracks("a")).isFalse();
        assertThat(limiter.tracks("b")).isTrue();
        for (int i = 0; i < 1000; i++) {
            limiter.failed("x" + i);
        }
        assertThat(limiter.tracked()).isEqualTo(4);
    }

    @Test
    void aLimitOfZeroTurnsTheLockoutOff() {
        FailedAuthLimiter off = new FailedAuthLimiter(0, Duration.ofSeconds(60), 4, clock);
        for (int i = 0; i < 100; i++) {
            assertThat(off.failed("10.0.0.1")).isFalse();
        }
        assertThat(off.lockedOut("10.0.0.1")).isEmpty();
        assertThat(off.tracked()).isZero();
    }

    /** A clock that moves only when told. */
    static final class MovableClock extends Clock {
        private Instant now = Instant.parse("2026-11-28T12:00:00Z");

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }
}
