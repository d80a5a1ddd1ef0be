package com.dipgnn.graph.io;

/** Allocation-free number parsing of a character range, for the hot loops of the loaders. */
final class Numbers {

    /** Returned by {@link #parseLong} for text that is not a whole number. */
    static final long INVALID = Long.MIN_VALUE;

    private static final int MAX_DIGITS = 18;

    private Numbers() {}

    /** The whole number in {@code s[start, end)} (optional sign, up to 18 digits), or {@link #INVALID}. */
    static long parseLong(CharSequence s, int start, int end) {
        int i = start;
        boolean negative = false;
        if (i < end && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
            negative = s.charAt(i) == '-';
            i++;
        }
        if (i == end || end - i > MAX_DIGITS) {
            return INVALID;
        }
        long value = 0;
        for (; i < end; i++) {
            int digit = s.charAt(i) - '0';
            if (digit < 0 || digit > 9) {
                return INVALID;
            }
            value = value * 10 + digit;
        }
        return negative ? -value : value;
    }

    /**
     * The decimal number in {@code s[start, end)}; whole numbers take a fast path.
     *
     * @throws NumberFormatException when the text is not a number
     */
    static float parseFloat(CharSequence s, int start, int end) {
        long whole = parseLong(s, start, end);
        if (whole != INVALID) {
            return whole;
        }
        if (start == end) {
            throw new NumberFormatException("empty");
        }
        return Float.parseFloat(s.subSequence(start, end).toString());
    }

    /** Whether {@code s[start, end)} equals {@code word}. */
    static boolean equalsAt(CharSequence s, int start, int end, String word) {
        if (end - start != word.length()) {
            return false;
        }
        for (int i = 0; i < word.length(); i++) {
            if (s.charAt(start + i) != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
