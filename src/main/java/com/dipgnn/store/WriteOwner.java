package com.dipgnn.store;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Who is writing an in-progress file: every process (JVM) has one random owner token, and every
 * temporary name it writes embeds it right after the kind of write and before a random part:
 * {@code .<name>.partial-<token>-<n>} directories, {@code <file>.<token>-<n>.tmp} files,
 * {@code .upload-<token>-<nonce>} archives and {@code .partial-<token>-<nonce>} extractions,
 * checkpoint {@code .partial-<token>-<n>} and {@code .latest-<token>-<n>.tmp}, and a spool
 * directory named the token itself. Whoever cleans up asks whether the owner still lives (the
 * service keeps a heartbeat per token in its database) instead of how old the file is.
 */
public final class WriteOwner {

    /** What a token looks like: {@code o} and 12 lowercase hexadecimal digits (48 random bits). */
    private static final Pattern TOKEN = Pattern.compile("o[0-9a-f]{12}");
    /** A token after a kind's separator, followed by a random part (and perhaps {@code .tmp}) to the end of the name. */
    private static final Pattern IN_NAME = Pattern.compile("[.-](" + TOKEN.pattern() + ")-[0-9A-Za-z-]*(\\.tmp)?$");

    private static final String CURRENT = generate();

    private WriteOwner() {}

    /** This process's token. */
    public static String current() {
        return CURRENT;
    }

    /** What this process's temporary names embed after their kind: its token and a dash. */
    public static String tag() {
        return CURRENT + "-";
    }

    /**
     * The owner token a temporary file or directory name embeds, or empty for a name without one
     * (written by a version before owner tokens). A bare token (a spool directory) is its own owner.
     */
    public static Optional<String> of(String fileName) {
        if (TOKEN.matcher(fileName).matches()) {
            return Optional.of(fileName);
        }
        Matcher m = IN_NAME.matcher(fileName);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /** Whether {@code fileName} is a temporary name of this process or one without an owner token. */
    public static boolean ownedHereOrUnowned(String fileName) {
        return of(fileName).map(CURRENT::equals).orElse(true);
    }

    private static String generate() {
        byte[] bits = new byte[6];
        new SecureRandom().nextBytes(bits);
        return "o" + HexFormat.of().formatHex(bits);
    }
}
