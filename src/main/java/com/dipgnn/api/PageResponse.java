package com.dipgnn.api;

import java.util.List;

/**
 * One page of a list.
 *
 * @param items this page's items
 * @param page zero-based page number
 * @param size page size asked for
 * @param total items in all pages
 */
public record PageResponse<T>(List<T> items, int page, int size, long total) {

    /**
     * The largest page number a list takes: with the largest page size (500) the offset stays far
     * inside the database's integer range.
     */
    public static final int MAX_PAGE = 1_000_000;
}
