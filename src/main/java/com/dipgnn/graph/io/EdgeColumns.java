package com.dipgnn.graph.io;

/**
 * The edges of one relation as read from a file.
 *
 * @param src source node ids
 * @param dst target node ids
 * @param splits split mark codes per edge, or null when no edge is in a split
 */
record EdgeColumns(int[] src, int[] dst, byte[] splits) {}
