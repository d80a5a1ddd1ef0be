package com.dipgnn.architecture.cyclic.b;

import com.dipgnn.architecture.cyclic.a.Ping;

/** The other half of the deliberate package cycle. */
public final class Pong {

    private Pong() {}

    /** Calls back across the cycle. */
    public static int serve(int n) {
        return n <= 0 ? 0 : Ping.serve(n - 1) + 1;
    }
}
