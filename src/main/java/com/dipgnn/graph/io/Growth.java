package com.dipgnn.graph.io;

/** How the readers' primitive lists grow: by half, never past their cap. */
final class Growth {

    /** The most elements an array may have on common JVMs. */
    static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    private Growth() {}

    /** {@code cap} within what one array can hold. */
    static int cap(long cap) {
        if (cap < 0) {
            throw new IllegalArgumentException("a list's cap must not be negative; got " + cap);
        }
        return (int) Math.min(cap, MAX_ARRAY);
    }

    /** The first array's length: the wanted capacity (at least 16), within the cap. */
    static int initial(int capacity, int cap) {
        return Math.min(Math.max(capacity, 16), cap);
    }

    /**
     * The next length of a full array of {@code size} elements: half as much again, at most the cap.
     *
     * @throws IllegalStateException when the list holds its cap already (its reader did not check first)
     */
    static int next(int size, int cap) {
        if (size >= cap) {
            throw new IllegalStateException("a list of at most " + cap + " values is full: its reader must refuse"
                    + " the input before adding more");
        }
        return (int) Math.min(cap, Math.max(16L, size + (long) (size >> 1)));
    }
}
