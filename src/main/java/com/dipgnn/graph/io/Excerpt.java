package com.dipgnn.graph.io;

import java.util.List;

/**
 * A value read from an input file, as error messages may show it: quoted, at most
 * {@link #MAX_CHARS} characters of it, and with control and other invisible characters escaped
 * ({@code \n}, {@code \t}, {@code \u0000}), so that a message never carries more of a file (a
 * system file reached through a link, a line of a gigabyte) than the offending field's start.
 */
public final class Excerpt {

    /** The most characters of a value a message shows. */
    public static final int MAX_CHARS = 40;
    /** The most values of a list a message shows. */
    public static final int MAX_ITEMS = 8;

    private Excerpt() {}

    /** {@code value} quoted with single quotes, shortened and escaped. */
    public static String of(CharSequence value) {
        if (value == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder("'");
        int shown = Math.min(value.length(), MAX_CHARS);
        for (int i = 0; i < shown; i++) {
            escape(value.charAt(i), out);
        }
        out.append('\'');
        if (value.length() > MAX_CHARS) {
            out.append("... (").append(value.length()).append(" characters)");
        }
        return out.toString();
    }

    /** A list of values, each an {@link #of excerpt}, at most {@link #MAX_ITEMS} of them. */
    public static String ofAll(List<String> values) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < Math.min(values.size(), MAX_ITEMS); i++) {
            out.append(i == 0 ? "" : ", ").append(of(values.get(i)));
        }
        if (values.size() > MAX_ITEMS) {
            out.append(", ... (").append(values.size()).append(" in all)");
        }
        return out.toString();
    }

    private static void escape(char c, StringBuilder out) {
        switch (c) {
            case '\n' -> out.append("\\n");
            case '\r' -> out.append("\\r");
            case '\t' -> out.append("\\t");
            case '\\' -> out.append("\\\\");
            case '\'' -> out.append("\\'");
            default -> {
                if (Character.isISOControl(c)
                        || Character.getType(c) == Character.FORMAT
                        || Character.isSurrogate(c)
                        || !Character.isDefined(c)) {
                    out.append(String.format("\\u%04x", (int) c));
                } else {
                    out.append(c);
                }
            }
        }
    }
}
