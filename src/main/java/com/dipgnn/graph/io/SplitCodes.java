package com.dipgnn.graph.io;

import com.dipgnn.graph.SplitMark;

/** Helpers for columns of {@link SplitMark} codes. */
final class SplitCodes {

    private SplitCodes() {}

    /** The codes, or null when there are none or every code is {@link SplitMark#NONE}. */
    static byte[] nullIfNone(byte[] codes) {
        if (codes == null) {
            return null;
        }
        for (byte code : codes) {
            if (code != SplitMark.NONE.code()) {
                return codes;
            }
        }
        return null;
    }
}
