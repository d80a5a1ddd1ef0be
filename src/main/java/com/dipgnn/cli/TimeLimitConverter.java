package com.dipgnn.cli;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A time limit as people write it: seconds ({@code 90}), or a number with {@code s}, {@code m} or
 * {@code h} ({@code 90s}, {@code 10m}, {@code 1.5h}), or ISO-8601 ({@code PT10M}); positive.
 */
final class TimeLimitConverter implements ITypeConverter<Duration> {

    private static final Pattern AMOUNT = Pattern.compile("([0-9]*\\.?[0-9]+)\\s*([smh]?)");

    @Override
    public Duration convert(String value) {
        Duration limit = parse(value.trim().toLowerCase(Locale.ROOT));
        if (limit == null || limit.isNegative() || limit.isZero()) {
            throw new TypeConversionException(
                    "'" + value + "' is not a time limit: give seconds (90) or 90s, 10m, 1.5h");
        }
        return limit;
    }

    private static Duration parse(String value) {
        Matcher m = AMOUNT.matcher(value);
        if (m.matches()) {
            double amount = Double.parseDouble(m.group(1));
            double seconds = switch (m.group(2)) {
                case "m" -> amount * 60;
                case "h" -> amount * 3600;
                default -> amount;
            };
            return Duration.ofMillis(Math.round(seconds * 1000));
        }
        if (value.startsWith("p")) {
            try {
                return Duration.parse(value.toUpperCase(Locale.ROOT));
            } catch (DateTimeParseException e) {
                return null;
            }
        }
        return null;
    }
}
