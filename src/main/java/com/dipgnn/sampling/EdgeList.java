package com.dipgnn.sampling;

import java.util.Arrays;

/**
 * Edges of one relation inside a sampled subgraph, in local node ids, sorted by destination and
 * then by source.
 *
 * @param src local id (in the source type's node list) of each edge's source
 * @param dst local id (in the target type's node list) of each edge's destination
 */
public record EdgeList(int[] src, int[] dst) {

    public EdgeList {
        if (src.length != dst.length) {
            throw new IllegalArgumentException("edge list arrays differ in length");
        }
    }

    public int size() {
        return src.length;
    }

    /** Sorts an unordered edge list by destination, then source. */
    public static EdgeList sorted(int[] src, int[] dst) {
        long[] keys = new long[src.length];
        for (int i = 0; i < src.length; i++) {
            keys[i] = ((long) dst[i] << 32) | (src[i] & 0xffffffffL);
        }
        Arrays.sort(keys);
        int[] s = new int[src.length];
        int[] d = new int[src.length];
        for (int i = 0; i < keys.length; i++) {
            d[i] = (int) (keys[i] >>> 32);
            s[i] = (int) keys[i];
        }
        return new EdgeList(s, d);
    }
}
