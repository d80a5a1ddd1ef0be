package com.dipgnn.security;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Failed authentications per client, and the lockout that follows too many: a client (a remote
 * address) that fails {@code limit} times within {@code window} of its first failure is refused
 * for one {@code window} from its last failure, whatever token it sends then, so it cannot go on
 * guessing. Refusals during a lockout do not extend it (no token is examined). Memory is bounded:
 * at most {@code maxClients} clients are tracked; when full, clients whose failures have expired
 * go first, then the one that failed least recently.
 */
final class FailedAuthLimiter {

    private final int limit;
    private final Duration window;
    private final int maxClients;
    private final Clock clock;
    /** Clients in the order of their last failure, oldest first (re-inserted on each failure). */
    private final LinkedHashMap<String, Failures> clients = new LinkedHashMap<>();

    private static final class Failures {
        private Instant first;
        private Instant last;
        private int count;
        private Instant lockedUntil;
    }

    /**
     * @param limit failures within a window that lock a client out; 0 turns the limit off
     * @param window how long failures are counted, and how long a lockout lasts
     * @param maxClients most clients tracked at once
     */
    FailedAuthLimiter(int limit, Duration window, int maxClients, Clock clock) {
        if (limit < 0 || window.isNegative() || window.isZero() || maxClients < 1) {
            throw new IllegalArgumentException("dipgnn.security.failed-auth-limit must be 0 or more, "
                    + "failed-auth-window positive and failed-auth-max-clients at least 1; got " + limit + ", " + window
                    + ", " + maxClients);
        }
        this.limit = limit;
        this.window = window;
        this.maxClients = maxClients;
        this.clock = clock;
    }

    /** How long {@code client} is still locked out, or empty when it may authenticate. */
    synchronized Optional<Duration> lockedOut(String client) {
        Failures f = clients.get(client);
        Instant now = clock.instant();
        if (f == null || f.lockedUntil == null || !now.isBefore(f.lockedUntil)) {
            return Optional.empty();
        }
        return Optional.of(Duration.between(now, f.lockedUntil));
    }

    /**
     * Records a failed authentication of {@code client}.
     *
     * @return true when this failure locks the client out
     */
    synchronized boolean failed(String client) {
        if (limit == 0) {
            return false;
        }
        Instant now = clock.instant();
        Failures f = clients.remove(client);
        if (f == null || !now.isBefore(f.first.plus(window))) {
            f = new Failures();
            f.first = now;
        }
        f.last = now;
        f.count++;
        boolean locks = f.count >= limit && (f.lockedUntil == null || !now.isBefore(f.lockedUntil));
        if (locks) {
            f.lockedUntil = now.plus(window);
            f.first = now; // failures after the lockout count anew
            f.count = 0;
        }
        makeRoom(now);
        clients.put(client, f);
        return locks;
    }

    /** Clients tracked now. */
    synchronized int tracked() {
        return clients.size();
    }

    /** Whether {@code client}'s failures are remembered now. */
    synchronized boolean tracks(String client) {
        return clients.containsKey(client);
    }

    private void makeRoom(Instant now) {
        Iterator<Map.Entry<String, Failures>> oldest = clients.entrySet().iterator();
        while (oldest.hasNext()) {
            Failures f = oldest.next().getValue();
            boolean expired = !now.isBefore(f.last.plus(window));
            if (!expired && clients.size() < maxClients) {
                return;
            }
            oldest.remove();
        }
    }
}
