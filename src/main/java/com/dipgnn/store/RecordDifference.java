package com.dipgnn.store;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The components in which two records differ, found by walking their record components (nested
 * records of the same type recursively), so that a refused resume names what changed instead of
 * printing both configurations whole. A difference reads {@code path: was -> now}, the path the
 * components' names from the outer record down, joined by dots ({@code training.batchSize: 32 -> 16}).
 */
public final class RecordDifference {

    private RecordDifference() {}

    /** Each differing leaf component as {@code path: was -> now}, in declaration order; empty when equal. */
    public static List<String> between(Record was, Record now) {
        List<String> differences = new ArrayList<>();
        walk("", was, now, differences);
        return differences;
    }

    /**
     * What a refused resume says about the settings: {@code checkpoint -> now: } and the differences,
     * joined by {@code "; "}.
     */
    public static String describe(Record was, Record now) {
        return "checkpoint -> now: " + String.join("; ", between(was, now));
    }

    private static void walk(String path, Object was, Object now, List<String> differences) {
        if (Objects.equals(was, now)) {
            return;
        }
        if (was instanceof Record a && now instanceof Record b && a.getClass() == b.getClass()) {
            for (RecordComponent component : a.getClass().getRecordComponents()) {
                String name = path.isEmpty() ? component.getName() : path + "." + component.getName();
                walk(name, value(component, a), value(component, b), differences);
            }
            return;
        }
        differences.add((path.isEmpty() ? "settings" : path) + ": " + was + " -> " + now);
    }

    private static Object value(RecordComponent component, Record record) {
        Method accessor = component.getAccessor();
        try {
            accessor.setAccessible(true); // records nested in package-private classes
            return accessor.invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + component.getName() + " of " + record.getClass(), e);
        }
    }
}
