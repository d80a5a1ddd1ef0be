package com.dipgnn.finetuning;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code name=value} components in which two settings strings (records' {@code toString},
 * as checkpoints store them) differ, so that a refused resume names what changed instead of
 * printing both strings whole.
 */
public final class SettingsDifference {

    /** A record component: a name, '=', and a value up to the next ", ", '[' , ']' or " | ". */
    private static final Pattern COMPONENT = Pattern.compile("(\\w+)=([^\\[\\]|]*?)(?=, |\\[|\\]|\\s\\||$)");

    private SettingsDifference() {}

    /**
     * Each component whose values differ, as {@code name: was -> now}, in the order they first
     * appear; empty when the strings differ only outside {@code name=value} components.
     */
    public static List<String> between(String was, String now) {
        Map<String, List<String>> before = components(was);
        Map<String, List<String>> after = components(now);
        Set<String> names = new LinkedHashSet<>(before.keySet());
        names.addAll(after.keySet());
        List<String> differences = new ArrayList<>();
        for (String name : names) {
            List<String> a = before.getOrDefault(name, List.of());
            List<String> b = after.getOrDefault(name, List.of());
            if (!a.equals(b)) {
                differences.add(name + ": " + show(a) + " -> " + show(b));
            }
        }
        return differences;
    }

    /**
     * What a refused resume says about the settings: {@code checkpoint -> now: } and the differing
     * components, or the checkpoint's whole settings string where no component differs.
     */
    public static String describe(String was, String now) {
        List<String> changed = between(was, now);
        return changed.isEmpty() ? was : "checkpoint -> now: " + String.join("; ", changed);
    }

    private static Map<String, List<String>> components(String settings) {
        Map<String, List<String>> values = new LinkedHashMap<>();
        Matcher m = COMPONENT.matcher(settings);
        while (m.find()) {
            List<String> seen = values.computeIfAbsent(m.group(1), n -> new ArrayList<>());
            if (!seen.contains(m.group(2))) {
                seen.add(m.group(2)); // a record nested twice (the training config) counts once
            }
        }
        return values;
    }

    private static String show(List<String> values) {
        return values.isEmpty() ? "(absent)" : values.size() == 1 ? values.get(0) : values.toString();
    }
}
