package com.dipgnn.graph.synthetic;

/** Argument checks shared by the generator configurations, with messages that name the field. */
final class ConfigChecks {

    private ConfigChecks() {}

    static void atLeast(String config, String field, long value, long min) {
        if (value < min) {
            throw new IllegalArgumentException(config + "." + field + " is " + value + " but must be at least " + min);
        }
    }

    static void fraction(String config, String field, double value) {
        if (!(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException(config + "." + field + " is " + value + " but must be in [0, 1]");
        }
    }

    static void positive(String config, String field, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(
                    config + "." + field + " is " + value + " but must be a positive number");
        }
    }

    static void nonNegative(String config, String field, double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(
                    config + "." + field + " is " + value + " but must be a non-negative number");
        }
    }
}
