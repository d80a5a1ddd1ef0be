package com.dipgnn.bench;

import ai.djl.pytorch.jni.JniUtils;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * PyTorch's operator profile of a pass of training steps: {@link #record} writes the profiler's
 * Chrome trace (one complete event per operator call, with its input shapes; open it in
 * chrome://tracing or Perfetto), and {@link #summarise} reads such a trace back as self time per
 * operator: an event's duration less that of the events nested in it on the
 * same thread. docs/engine.md ("Where a pre-training step's time goes") shows what it found.
 */
public final class OperatorProfile {

    private OperatorProfile() {}

    /**
     * One operator's calls in a pass.
     *
     * @param operator the operator's name, e.g. {@code aten::mul}
     * @param selfMillisPerStep its self time in ms, divided by the steps of the pass
     * @param share its fraction of the pass's whole self time
     * @param callsPerStep its calls divided by the steps of the pass
     * @param heaviestShapes the input shapes (as the trace gives them, e.g. {@code [[14378,8,50],[14378,8,1]]})
     *     whose calls took the most of its self time
     */
    public record OperatorTime(
            String operator, double selfMillisPerStep, double share, double callsPerStep, String heaviestShapes) {}

    /** Runs {@code pass} under PyTorch's profiler (input shapes recorded) and writes its trace to {@code trace}. */
    public static <T> T record(Path trace, Supplier<T> pass) {
        JniUtils.startProfile(false, true, false);
        try {
            return pass.get();
        } finally {
            JniUtils.stopProfile(trace.toString());
        }
    }

    /**
     * The {@code top} operators of a trace by self time, largest first.
     *
     * @param trace a Chrome trace as {@link #record} writes it
     * @param steps the steps the traced pass ran, to give figures per step
     */
    public static List<OperatorTime> summarise(Path trace, int top, int steps) {
        Map<String, double[]> byOperator = new LinkedHashMap<>(); // operator -> {self micros, calls}
        Map<String, Map<String, Double>> byShapes = new HashMap<>(); // operator -> shapes -> self micros
        double total = 0;
        for (Event e : selfTimes(read(trace))) {
            double[] sum = byOperator.computeIfAbsent(e.name(), k -> new double[2]);
            sum[0] += e.self();
            sum[1] += 1;
            byShapes.computeIfAbsent(e.name(), k -> new HashMap<>()).merge(e.shapes(), e.self(), Double::sum);
            total += e.self();
        }
        double all = total;
        return byOperator.entrySet().stream()
                .sorted(Comparator.comparingDouble((Map.Entry<String, double[]> x) -> -x.getValue()[0]))
                .limit(top)
                .map(x -> new OperatorTime(
                        x.getKey(),
                        x.getValue()[0] / 1e3 / steps,
                        all == 0 ? 0 : x.getValue()[0] / all,
                        x.getValue()[1] / steps,
                        heaviest(byShapes.get(x.getKey()))))
                .toList();
    }

    private static String heaviest(Map<String, Double> selfByShapes) {
        return selfByShapes.entrySet().stream()
                .max(Map.Entry.comparingByValue())
                .orElseThrow()
                .getKey();
    }

    /** A complete ("X") event: start and duration in microseconds, and its self time once computed. */
    private record Event(String name, String shapes, String thread, double start, double duration, double self) {

        double end() {
            return start + duration;
        }

        Event withSelf(double value) {
            return new Event(name, shapes, thread, start, duration, value);
        }
    }

    /** The complete events of a trace, read one at a time (a long pass's trace is tens of MB). */
    private static List<Event> read(Path trace) {
        List<Event> events = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        try (JsonParser parser = json.getFactory().createParser(trace.toFile())) {
            JsonToken first = parser.nextToken();
            if (first == JsonToken.START_OBJECT) { // {"traceEvents": [...], ...}
                while (parser.nextToken() == JsonToken.FIELD_NAME && !"traceEvents".equals(parser.currentName())) {
                    parser.nextToken();
                    parser.skipChildren();
                }
                parser.nextToken();
            }
            if (parser.currentToken() != JsonToken.START_ARRAY) {
                throw new IOException("no list of trace events");
            }
            while (parser.nextToken() == JsonToken.START_OBJECT) {
                JsonNode n = json.readTree(parser);
                if ("X".equals(n.path("ph").asText())) {
                    events.add(new Event(
                            n.path("name").asText(),
                            n.path("shape").toString().replace(" ", ""),
                            n.path("tid").asText(),
                            n.path("ts").asDouble(),
                            n.path("dur").asDouble(),
                            0));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the profiler trace " + trace + ": " + e.getMessage(), e);
        }
        return events;
    }

    /** Each event with its duration less the durations of its direct children on the same thread. */
    private static List<Event> selfTimes(List<Event> events) {
        List<Event> sorted = new ArrayList<>(events);
        sorted.sort(Comparator.comparing(Event::thread)
                .thenComparingDouble(Event::start)
                .thenComparingDouble(e -> -e.duration()));
        double[] children = new double[sorted.size()];
        Deque<Integer> open = new ArrayDeque<>();
        for (int i = 0; i < sorted.size(); i++) {
            Event e = sorted.get(i);
            while (!open.isEmpty()
                    && (!sorted.get(open.peek()).thread().equals(e.thread())
                            || sorted.get(open.peek()).end() <= e.start())) {
                open.pop();
            }
            if (!open.isEmpty()) {
                children[open.peek()] += e.duration();
            }
            open.push(i);
        }
        List<Event> withSelf = new ArrayList<>(sorted.size());
        for (int i = 0; i < sorted.size(); i++) {
            withSelf.add(sorted.get(i).withSelf(sorted.get(i).duration() - children[i]));
        }
        return withSelf;
    }
}
