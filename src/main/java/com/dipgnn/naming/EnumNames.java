package com.dipgnn.naming;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The names of one enum's values on the command line and in the job API, read back
 * case-insensitively. A value's name is its constant in lower case with hyphens for underscores
 * ({@code MOST_LIKELY} is {@code most-likely}) unless the enum gives another; besides its name a
 * value may take aliases, and its constant's own spelling (with hyphens or underscores) is always
 * accepted. An unknown name fails with the allowed ones: {@code unknown generated edges 'argmax':
 * use sampled or most-likely}.
 *
 * <p>An enum declares its names once, {@code static final EnumNames<X> NAMES =
 * EnumNames.of(X.class, "what it sets").build()}; {@link #forType} and {@link #nameOf} find them
 * from the enum's class (an enum that declares none has the default names).
 *
 * @param <E> the enum
 */
public final class EnumNames<E extends Enum<E>> {

    private static final Map<Class<?>, EnumNames<?>> DECLARED = new ConcurrentHashMap<>();

    private final Class<E> type;
    private final String what;
    private final Map<E, String> names;
    private final Map<E, List<String>> aliases;
    private final Map<E, String> notes;
    private final Map<String, E> byName;

    private EnumNames(Builder<E> builder) {
        this.type = builder.type;
        this.what = builder.what;
        this.names = Collections.unmodifiableMap(new EnumMap<>(builder.names));
        Map<E, List<String>> copied = new EnumMap<>(type);
        builder.aliases.forEach((value, list) -> copied.put(value, List.copyOf(list)));
        this.aliases = Collections.unmodifiableMap(copied);
        this.notes = Collections.unmodifiableMap(new EnumMap<>(builder.notes));
        Map<String, E> lookup = new LinkedHashMap<>();
        for (E value : type.getEnumConstants()) {
            accept(lookup, kebab(value), value);
            accept(lookup, names.get(value), value);
            aliases.getOrDefault(value, List.of()).forEach(alias -> accept(lookup, alias, value));
        }
        this.byName = Collections.unmodifiableMap(lookup);
    }

    private static <E> void accept(Map<String, E> lookup, String name, E value) {
        E earlier = lookup.putIfAbsent(normalize(name), value);
        if (earlier != null && earlier != value) {
            throw new IllegalArgumentException("'" + name + "' names both " + earlier + " and " + value);
        }
    }

    /**
     * The names of {@code type}'s values, to adjust and {@link Builder#build build}.
     *
     * @param what what the values set, for the error message (e.g. {@code "loss reduction"})
     */
    public static <E extends Enum<E>> Builder<E> of(Class<E> type, String what) {
        return new Builder<>(type, what);
    }

    /**
     * The names {@code type} declares, or the default names when it declares none (its {@code
     * what} then its simple name in words).
     */
    @SuppressWarnings("unchecked")
    public static <E extends Enum<E>> EnumNames<E> forType(Class<E> type) {
        type.getEnumConstants(); // initialises the enum, which declares its names
        EnumNames<?> declared = DECLARED.get(type);
        return declared != null ? (EnumNames<E>) declared : new Builder<>(type, words(type.getSimpleName())).names();
    }

    /** The name of {@code value} ({@link #name}) among the names its enum declares. */
    public static <E extends Enum<E>> String nameOf(E value) {
        return forType(value.getDeclaringClass()).name(value);
    }

    /** The default name of {@code value}: its constant in lower case, hyphens for underscores. */
    public static String kebab(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * The value named {@code text} (its name, an alias or its constant; any case; surrounding
     * blanks ignored).
     *
     * @throws IllegalArgumentException naming the allowed names, when none is named so
     */
    public E parse(String text) {
        E value = text == null ? null : byName.get(normalize(text));
        if (value == null) {
            throw new IllegalArgumentException("unknown " + what + " '" + text + "': use " + choices());
        }
        return value;
    }

    /** Whether {@link #parse} reads {@code text}. */
    public boolean accepts(String text) {
        return text != null && byName.containsKey(normalize(text));
    }

    /** The name of {@code value}, the one {@link #parse} reads back. */
    public String name(E value) {
        return names.get(Objects.requireNonNull(value, "value"));
    }

    /** The names of the values, in declaration order. */
    public List<String> names() {
        return List.copyOf(names.values());
    }

    /** What the values set, as error messages say it. */
    public String what() {
        return what;
    }

    /** The enum. */
    public Class<E> type() {
        return type;
    }

    /**
     * The allowed names as a sentence: each name with its aliases ({@code holdout|per-user}; a
     * blank one unshown) and its note in parentheses, the last after "or".
     */
    public String choices() {
        List<String> shown = new ArrayList<>();
        for (Map.Entry<E, String> entry : names.entrySet()) {
            List<String> spellings = new ArrayList<>();
            spellings.add(entry.getValue());
            aliases.getOrDefault(entry.getKey(), List.of()).stream()
                    .filter(alias -> !alias.isBlank())
                    .forEach(spellings::add);
            String note = notes.get(entry.getKey());
            shown.add(String.join("|", spellings) + (note == null ? "" : " (" + note + ")"));
        }
        int last = shown.size() - 1;
        return last == 0 ? shown.get(0) : String.join(", ", shown.subList(0, last)) + " or " + shown.get(last);
    }

    private static String normalize(String name) {
        return name.trim().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static String words(String camelCase) {
        return camelCase.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
    }

    /**
     * Names under construction: the default names, then the enum's own.
     *
     * @param <E> the enum
     */
    public static final class Builder<E extends Enum<E>> {

        private final Class<E> type;
        private final String what;
        private final Map<E, String> names;
        private final Map<E, List<String>> aliases;
        private final Map<E, String> notes;

        private Builder(Class<E> type, String what) {
            this.type = Objects.requireNonNull(type, "type");
            this.what = Objects.requireNonNull(what, "what");
            this.names = new EnumMap<>(type);
            this.aliases = new EnumMap<>(type);
            this.notes = new EnumMap<>(type);
            for (E value : type.getEnumConstants()) {
                names.put(value, kebab(value));
            }
        }

        /** Names {@code value} {@code name} instead of its default name. */
        public Builder<E> name(E value, String name) {
            names.put(value, Objects.requireNonNull(name, "name"));
            return this;
        }

        /** Accepts {@code aliases} for {@code value} too (the error message lists them). */
        public Builder<E> alias(E value, String... aliases) {
            this.aliases.computeIfAbsent(value, v -> new ArrayList<>()).addAll(List.of(aliases));
            return this;
        }

        /** Explains {@code value} in the error message, in parentheses after its name. */
        public Builder<E> note(E value, String note) {
            notes.put(value, Objects.requireNonNull(note, "note"));
            return this;
        }

        /** The names, declared for the enum ({@link EnumNames#forType} finds them). */
        public EnumNames<E> build() {
            EnumNames<E> built = names();
            DECLARED.put(type, built);
            return built;
        }

        private EnumNames<E> names() {
            return new EnumNames<>(this);
        }
    }
}
