package com.dipgnn.graph.synthetic;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/** The {@code name=value} parameters after the {@code ?} of a synthetic location. */
final class LocationParameters {

    private final String location;
    private final String form;
    private final Map<String, String> values;

    private LocationParameters(String location, String form, Map<String, String> values) {
        this.location = location;
        this.form = form;
        this.values = values;
    }

    /** The values of a location that starts with {@code prefix}; {@code form} is said in every error. */
    static LocationParameters of(String location, String prefix, String form) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String pair : location.substring(prefix.length()).split("&")) {
            String[] kv = pair.split("=", 2);
            values.put(kv[0], kv.length == 2 ? kv[1] : "");
        }
        return new LocationParameters(location, form, values);
    }

    /** The raw values by name, in the location's order. */
    Map<String, String> values() {
        return values;
    }

    /**
     * @throws IllegalArgumentException when a parameter is not one of {@code allowed}
     */
    LocationParameters requireOnly(Set<String> allowed) {
        for (String name : values.keySet()) {
            if (!allowed.contains(name)) {
                throw invalid("'" + name + "' is not one of its parameters " + allowed, null);
            }
        }
        return this;
    }

    int intValue(String name, Integer fallback) {
        return parse(name, fallback, Integer::parseInt);
    }

    long longValue(String name, Long fallback) {
        return parse(name, fallback, Long::parseLong);
    }

    double doubleValue(String name, Double fallback) {
        return parse(name, fallback, Double::parseDouble);
    }

    private <T> T parse(String name, T fallback, Function<String, T> parser) {
        String text = values.get(name);
        if (text == null) {
            if (fallback == null) {
                throw invalid("'" + name + "' is missing", null);
            }
            return fallback;
        }
        try {
            return parser.apply(text);
        } catch (NumberFormatException e) {
            throw invalid("'" + name + "' is '" + text + "', not a number", e);
        }
    }

    private IllegalArgumentException invalid(String why, Exception cause) {
        return new IllegalArgumentException(
                "'" + location + "' is not a valid synthetic location (" + why + "): write it as " + form, cause);
    }
}
