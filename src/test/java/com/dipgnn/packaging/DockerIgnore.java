package com.dipgnn.packaging;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The rules of a .dockerignore file: Go {@code filepath.Match} patterns ({@code *}, {@code ?})
 * plus {@code **} for any number of directories, {@code !} exceptions, the last matching rule
 * wins, and a path is excluded when it or one of its parent directories is.
 */
final class DockerIgnore {

    private record Rule(Pattern pattern, boolean exception) {}

    private final List<Rule> rules = new ArrayList<>();

    DockerIgnore(String text) {
        for (String raw : text.split("\n")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            boolean exception = line.startsWith("!");
            String pattern = (exception ? line.substring(1) : line).strip();
            while (pattern.startsWith("/")) {
                pattern = pattern.substring(1);
            }
            while (pattern.endsWith("/")) {
                pattern = pattern.substring(0, pattern.length() - 1);
            }
            rules.add(new Rule(Pattern.compile(toRegex(pattern)), exception));
        }
    }

    private static String toRegex(String glob) {
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '*' && i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
                boolean slash = i + 2 < glob.length() && glob.charAt(i + 2) == '/';
                regex.append(slash ? "(?:.*/)?" : ".*");
                i += slash ? 2 : 1;
            } else if (c == '*') {
                regex.append("[^/]*");
            } else if (c == '?') {
                regex.append("[^/]");
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return regex.toString();
    }

    /** Whether the build context leaves out this path (relative to the context, '/'-separated). */
    boolean excludes(String path) {
        String[] parts = path.split("/");
        boolean excluded = false;
        for (Rule rule : rules) {
            StringBuilder prefix = new StringBuilder();
            for (String part : parts) {
                prefix.append(prefix.isEmpty() ? "" : "/").append(part);
                if (rule.pattern().matcher(prefix).matches()) {
                    excluded = !rule.exception();
                    break;
                }
            }
        }
        return excluded;
    }
}
