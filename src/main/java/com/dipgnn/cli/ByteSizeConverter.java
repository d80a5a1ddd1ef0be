package com.dipgnn.cli;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads a memory size as the JVM's {@code -Xmx} and Spring's {@code DataSize} do: a whole number
 * with an optional binary unit, {@code B}, {@code K}/{@code KB}/{@code KiB}, {@code M}/{@code MB}/{@code MiB},
 * {@code G}/{@code GB}/{@code GiB} or {@code T}/{@code TB}/{@code TiB} (powers of 1,024, any case);
 * a bare number is bytes.
 */
public final class ByteSizeConverter implements ITypeConverter<Long> {

    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(?:([kmgt])(?:i?b)?|b)?");

    @Override
    public Long convert(String value) {
        Matcher m = SIZE.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new TypeConversionException("'" + value + "' is not a memory size: give a whole number with an "
                    + "optional unit, e.g. 8GiB, 512MiB or 1073741824 (bytes)");
        }
        int shift = m.group(2) == null ? 0 : 10 * ("kmgt".indexOf(m.group(2).charAt(0)) + 1);
        try {
            long number = Long.parseLong(m.group(1));
            if (number > Long.MAX_VALUE >> shift) {
                throw new NumberFormatException();
            }
            return number << shift;
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + value + "' is larger than " + Long.MAX_VALUE + " bytes");
        }
    }
}
