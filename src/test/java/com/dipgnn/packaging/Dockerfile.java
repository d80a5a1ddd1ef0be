package com.dipgnn.packaging;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Dockerfile read into its instructions and stages: enough of Docker's syntax for static checks
 * (comments, line continuations, exec-form JSON arrays, ENV key=value pairs).
 */
final class Dockerfile {

    record Instruction(String keyword, String arguments, int line) {

        /** The arguments of an exec-form (JSON array) instruction, or the shell form as one item. */
        List<String> execForm() {
            String a = arguments.trim();
            if (a.startsWith("[")) {
                try {
                    return new ObjectMapper().readValue(a, new TypeReference<List<String>>() {});
                } catch (Exception e) {
                    throw new IllegalStateException("line " + line + ": bad JSON array: " + a, e);
                }
            }
            return List.of(a);
        }
    }

    record Stage(String name, String image, List<Instruction> instructions) {

        List<Instruction> all(String keyword) {
            return instructions.stream()
                    .filter(i -> i.keyword().equals(keyword))
                    .toList();
        }

        Optional<Instruction> last(String keyword) {
            List<Instruction> found = all(keyword);
            return found.isEmpty() ? Optional.empty() : Optional.of(found.get(found.size() - 1));
        }

        /** ENV variables set in this stage (the last value wins). */
        Map<String, String> env() {
            Map<String, String> env = new LinkedHashMap<>();
            for (Instruction i : all("ENV")) {
                env.putAll(keyValues(i.arguments()));
            }
            return env;
        }

        /** The shell commands of every RUN, joined. */
        String runs() {
            return String.join(
                    "\n", all("RUN").stream().map(Instruction::arguments).toList());
        }
    }

    final List<Instruction> beforeFirstStage = new ArrayList<>();
    final List<Stage> stages = new ArrayList<>();

    static Dockerfile parse(String text) {
        Dockerfile file = new Dockerfile();
        String[] lines = text.split("\n", -1);
        StringBuilder current = null;
        int start = 0;
        for (int n = 0; n < lines.length; n++) {
            String line = lines[n].stripTrailing();
            if (line.strip().startsWith("#")) {
                continue; // comments (and parser directives), also inside continued instructions
            }
            if (current == null) {
                if (line.isBlank()) {
                    continue;
                }
                current = new StringBuilder();
                start = n + 1;
            }
            boolean continues = line.endsWith("\\");
            current.append(continues ? line.substring(0, line.length() - 1) : line)
                    .append(continues ? " " : "");
            if (!continues) {
                file.add(current.toString().strip(), start);
                current = null;
            }
        }
        if (current != null) {
            file.add(current.toString().strip(), start);
        }
        return file;
    }

    private void add(String instruction, int line) {
        String[] parts = instruction.split("\\s+", 2);
        Instruction i = new Instruction(parts[0].toUpperCase(Locale.ROOT), parts.length > 1 ? parts[1] : "", line);
        if (i.keyword().equals("FROM")) {
            String[] from = i.arguments().split("\\s+");
            String name =
                    from.length >= 3 && from[from.length - 2].equalsIgnoreCase("AS") ? from[from.length - 1] : null;
            String image = from[0].startsWith("--") ? from[1] : from[0];
            stages.add(new Stage(name, image, new ArrayList<>()));
        } else if (stages.isEmpty()) {
            beforeFirstStage.add(i);
        } else {
            stages.get(stages.size() - 1).instructions().add(i);
        }
    }

    Stage stage(String name) {
        return stages.stream()
                .filter(s -> name.equals(s.name()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no stage named " + name));
    }

    Stage finalStage() {
        return stages.get(stages.size() - 1);
    }

    /** The ARGs declared before the first FROM, with their defaults ("" when none). */
    Map<String, String> globalArgs() {
        Map<String, String> args = new LinkedHashMap<>();
        beforeFirstStage.stream().filter(i -> i.keyword().equals("ARG")).forEach(i -> {
            String a = i.arguments().trim();
            args.putAll(a.contains("=") ? keyValues(a) : Map.of(a, ""));
        });
        return args;
    }

    /** The image (or stage) a stage starts from when no --build-arg is given: {@code ${ARG}} resolved to its default. */
    String defaultImage(Stage stage) {
        Matcher arg = Pattern.compile("\\$\\{(\\w+)}").matcher(stage.image());
        StringBuilder resolved = new StringBuilder();
        while (arg.find()) {
            String value = globalArgs().get(arg.group(1));
            if (value == null) {
                throw new AssertionError("FROM " + stage.image() + ": no global ARG " + arg.group(1));
            }
            arg.appendReplacement(resolved, Matcher.quoteReplacement(value));
        }
        return arg.appendTail(resolved).toString();
    }

    /**
     * ENV and ARG style pairs: {@code K=V K2="v w"}, or the legacy {@code K V} form. Quotes are
     * removed; a backslash escapes the next character.
     */
    static Map<String, String> keyValues(String arguments) {
        Map<String, String> pairs = new LinkedHashMap<>();
        List<String> words = words(arguments);
        if (words.size() >= 1 && !words.get(0).contains("=")) {
            pairs.put(words.get(0), String.join(" ", words.subList(1, words.size())));
            return pairs;
        }
        for (String word : words) {
            int eq = word.indexOf('=');
            if (eq < 0) {
                pairs.put(word, null); // ARG without a default
            } else {
                pairs.put(word.substring(0, eq), word.substring(eq + 1));
            }
        }
        return pairs;
    }

    private static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        char quote = 0;
        boolean inWord = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length()) {
                word.append(text.charAt(++i));
                inWord = true;
            } else if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
