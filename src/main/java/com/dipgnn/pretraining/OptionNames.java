package com.dipgnn.pretraining;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The names the CLI and the job API give the values of the objective's enums: lower case, words
 * joined by hyphens ({@code MOST_LIKELY} is {@code most-likely}), read case-insensitively.
 */
final class OptionNames {

    private OptionNames() {}

    /** The name of {@code value}. */
    static String of(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * The value of {@code type} named {@code name}.
     *
     * @param what what the value sets, for the message (e.g. "feature replacement")
     * @throws IllegalArgumentException naming the values there are, when none is named so
     */
    static <E extends Enum<E>> E parse(Class<E> type, String name, String what) {
        for (E value : type.getEnumConstants()) {
            if (name != null && of(value).equalsIgnoreCase(name.trim())) {
                return value;
            }
        }
        throw new IllegalArgumentException("unknown " + what + " '" + name + "': use "
                + Arrays.stream(type.getEnumConstants()).map(OptionNames::of).collect(Collectors.joining(" or ")));
    }
}
