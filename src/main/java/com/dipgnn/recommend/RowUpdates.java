package com.dipgnn.recommend;

import com.dipgnn.naming.EnumNames;

/**
 * How matrix factorisation's tables are updated each step. Lazy (row-sparse) updates read and
 * update only the rows of the step's users and items, with Adam's moments of the other rows left
 * as they were; dense updates move every row with Adam each step (their momentum keeps moving rows
 * the step did not read), at a cost that grows with the catalog. LightGCN's propagation reads every
 * row each step, so it is always dense.
 */
public enum RowUpdates {

    /** Lazy from {@link #AUTO_LAZY_ROWS} users and items together, dense below (where the published figures were measured). */
    AUTO,
    /** Every row every step. */
    DENSE,
    /** Only the step's rows. */
    LAZY;

    /**
     * The table size (users plus items) from which {@link #AUTO} updates lazily: a dense step then
     * moves at least 64 M floats of weights and moments (at width 64), seconds on a CPU, while a
     * lazy step's cost is its batch's.
     */
    public static final int AUTO_LAZY_ROWS = 1_000_000;

    private static final EnumNames<RowUpdates> NAMES =
            EnumNames.of(RowUpdates.class, "row updates").build();

    /** The name the command line takes ({@link #parse} reads it back). */
    public String cliName() {
        return NAMES.name(this);
    }

    /** Parses a command-line name, case-insensitively. */
    public static RowUpdates parse(String text) {
        return NAMES.parse(text);
    }

    /** Whether matrix factorisation with these users and items is updated row-sparsely. */
    public boolean lazy(int users, int items) {
        return switch (this) {
            case LAZY -> true;
            case DENSE -> false;
            case AUTO -> (long) users + items >= AUTO_LAZY_ROWS;
        };
    }
}
