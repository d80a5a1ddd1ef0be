package com.dipgnn.architecture.cyclic.a;

import com.dipgnn.architecture.cyclic.b.Pong;

/** Half of a deliberate package cycle, for the test that proves the cycle rule can fail. */
public final class Ping {

    private Ping() {}

    /** Calls across the cycle. */
    public static int serve(int n) {
        return n <= 0 ? 0 : Pong.serve(n - 1) + 1;
    }
}
