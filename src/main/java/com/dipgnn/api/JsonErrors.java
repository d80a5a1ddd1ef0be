package com.dipgnn.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.util.Collection;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Says what is wrong with a request body in the client's terms (JSON types and field names),
 * never in the server's (Java class names, Jackson's settings), for problem details and the Open
 * Inference Protocol's errors.
 */
final class JsonErrors {

    private JsonErrors() {}

    /** The offending field as a dotted path ({@code parameters.steps}, {@code inputs[0].data[2]}), or null. */
    static String field(JsonMappingException e) {
        String duplicate = duplicateField(e);
        if (e.getPath().isEmpty()) {
            return duplicate;
        }
        StringBuilder out = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                out.append(out.isEmpty() ? "" : ".").append(r.getFieldName());
            } else {
                out.append('[').append(r.getIndex()).append(']');
            }
        }
        return duplicate == null ? out.toString() : out + "." + duplicate;
    }

    /** The name of a field given twice in one object, or null (Jackson's strict duplicate detection). */
    private static String duplicateField(JsonProcessingException e) {
        Matcher m = DUPLICATE.matcher(String.valueOf(e.getOriginalMessage()));
        return m.find() ? m.group(1) : null;
    }

    private static final Pattern DUPLICATE = Pattern.compile("Duplicate field '([^']{1,64})'");

    /** What is wrong, e.g. {@code expected an integer; got 32.7}. */
    static String problem(JsonProcessingException e) {
        if (duplicateField(e) != null) {
            return "the field is given twice; give it once";
        }
        if (e instanceof UnrecognizedPropertyException unknown) {
            Collection<Object> known = unknown.getKnownPropertyIds();
            return "unknown field '" + ProblemDetailsAdvice.excerpt(unknown.getPropertyName()) + "'"
                    + (known == null || known.isEmpty()
                            ? ""
                            : "; the known fields are "
                                    + known.stream()
                                            .map(String::valueOf)
                                            .sorted()
                                            .collect(Collectors.joining(", ")));
        }
        if (e instanceof InvalidFormatException format) {
            return "expected " + expected(format.getTargetType()) + "; got "
                    + ProblemDetailsAdvice.excerpt(format.getValue());
        }
        if (e instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null) {
            return "expected " + expected(mismatch.getTargetType()) + received(e.getOriginalMessage());
        }
        if (e instanceof JsonMappingException) {
            return "the value does not fit this field";
        }
        return "not valid JSON (" + ProblemDetailsAdvice.excerpt(firstLine(e.getOriginalMessage())) + ")"
                + (e.getLocation() != null
                        ? " at line " + e.getLocation().getLineNr() + ", column "
                                + e.getLocation().getColumnNr()
                        : "");
    }

    private static String expected(Class<?> type) {
        if (type == null) {
            return "another value";
        }
        if (type == Integer.class
                || type == int.class
                || type == Long.class
                || type == long.class
                || type == Short.class
                || type == short.class) {
            return "an integer (no fraction, within its range)";
        }
        if (Number.class.isAssignableFrom(type) || type == double.class || type == float.class) {
            return "a number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == String.class || type.isEnum()) {
            return "a string";
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list";
        }
        return "an object";
    }

    /** The kind of JSON value Jackson's message says it met, as " ; got a string" etc. */
    private static String received(String message) {
        String m = message == null ? "" : message;
        if (m.contains("START_ARRAY") || m.contains("Array value")) {
            return "; got a list";
        }
        if (m.contains("START_OBJECT") || m.contains("Object value")) {
            return "; got an object";
        }
        if (m.contains("VALUE_TRUE") || m.contains("VALUE_FALSE") || m.contains("Boolean value")) {
            return "; got true or false";
        }
        if (m.contains("String value") || m.contains("VALUE_STRING")) {
            return "; got a string";
        }
        if (m.contains("Floating-point value") || m.contains("Float value") || m.contains("VALUE_NUMBER_FLOAT")) {
            return "; got a number with a fraction";
        }
        if (m.contains("Integer value") || m.contains("VALUE_NUMBER_INT")) {
            return "; got an integer";
        }
        if (m.contains("out of range")) {
            return "; got a number out of its range";
        }
        if (m.contains("null")) {
            return "; got null";
        }
        return "";
    }

    private static String firstLine(String s) {
        return s == null ? "" : s.split("\n")[0];
    }
}
