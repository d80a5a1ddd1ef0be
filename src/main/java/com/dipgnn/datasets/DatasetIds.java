package com.dipgnn.datasets;

import com.dipgnn.errors.InvalidInputException;
import java.util.regex.Pattern;

/** The rule for resource names chosen by users (data sets, model names, deployments). */
public final class DatasetIds {

    /** Lower-case letters, digits, '.', '_' and '-', starting with a letter or digit, at most 64 characters. */
    public static final String PATTERN = "^[a-z0-9][a-z0-9._-]{0,63}$";

    private static final Pattern NAME = Pattern.compile(PATTERN);

    private DatasetIds() {}

    /** Returns {@code name} when it follows the rule. */
    public static String require(String field, String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new InvalidInputException(
                    field,
                    field + " '" + name + "' is not a valid name: use 1 to 64 lower-case "
                            + "letters, digits, '.', '_' or '-', starting with a letter or digit");
        }
        return name;
    }
}
