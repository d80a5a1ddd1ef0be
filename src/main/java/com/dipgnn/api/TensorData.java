package com.dipgnn.api;

import com.dipgnn.errors.InvalidInputException;
import java.util.ArrayList;
import java.util.List;

/**
 * The data of an Open Inference Protocol request tensor, which the protocol lets a client send
 * flat ({@code [1, 2, 4, 5]}) or nested as the tensor's shape ({@code [[1, 2], [4, 5]]} for
 * {@code [2, 2]}): either way read in row-major order. Nesting that does not follow the shape, or
 * a flat length other than the shape's, is refused naming the shape and what was found.
 */
final class TensorData {

    private TensorData() {}

    /**
     * The values of {@code data} in row-major order, checked against {@code shape}; without a
     * shape, flat data of any length. {@code field} names the tensor ({@code inputs.node_ids}).
     */
    static List<Object> flatten(List<Object> data, List<Long> shape, String field) {
        boolean nested = isNested(data);
        if (shape == null) {
            if (nested) {
                throw new InvalidInputException(
                        field + ".shape",
                        "nested data needs the tensor's shape; give \"shape\", or send the data flat");
            }
            return data;
        }
        requireCounts(shape, field);
        if (!nested) {
            long size = size(shape);
            if (size != data.size()) {
                throw new InvalidInputException(
                        field + ".shape",
                        "shape " + shape + " holds " + values(size) + "; found " + values(data.size()) + " in data");
            }
            return data;
        }
        if (shape.isEmpty()) {
            throw new InvalidInputException(field + ".data", "shape [] holds " + values(1) + "; found nested lists");
        }
        List<Object> values = new ArrayList<>();
        walk(data, shape, 0, field + ".data", values);
        return values;
    }

    /** Where the value at row-major {@code index} is in {@code data}: {@code [i]}, or {@code [i][j]} nested. */
    static String at(List<Object> data, List<Long> shape, int index) {
        if (shape == null || !isNested(data)) {
            return "[" + index + "]";
        }
        StringBuilder at = new StringBuilder();
        long rest = index;
        for (int d = shape.size() - 1; d >= 0; d--) {
            at.insert(0, "[" + rest % shape.get(d) + "]");
            rest /= shape.get(d);
        }
        return at.toString();
    }

    private static boolean isNested(List<Object> data) {
        return data.stream().anyMatch(List.class::isInstance);
    }

    /** Appends the values of {@code list}, at dimension {@code depth} of {@code shape}, to {@code values}. */
    private static void walk(List<?> list, List<Long> shape, int depth, String path, List<Object> values) {
        if (list.size() != shape.get(depth)) {
            throw new InvalidInputException(
                    path,
                    "shape " + shape + " needs a list of " + shape.get(depth) + " here (dimension " + depth
                            + "); found a list of " + list.size());
        }
        boolean inner = depth < shape.size() - 1;
        for (int i = 0; i < list.size(); i++) {
            Object element = list.get(i);
            String at = path + "[" + i + "]";
            if (inner && element instanceof List<?> sub) {
                walk(sub, shape, depth + 1, at, values);
            } else if (inner) {
                throw new InvalidInputException(
                        at,
                        "shape " + shape + " needs a list of " + shape.get(depth + 1) + " here; found the value "
                                + ProblemDetailsAdvice.excerpt(element));
            } else if (element instanceof List<?>) {
                throw new InvalidInputException(
                        at,
                        "shape " + shape + " needs a value here, not a list (data nests " + shape.size() + " deep)");
            } else {
                values.add(element);
            }
        }
    }

    private static String values(long count) {
        return count + (count == 1 ? " value" : " values");
    }

    private static void requireCounts(List<Long> shape, String field) {
        if (shape.stream().anyMatch(d -> d == null || d < 0)) {
            throw new InvalidInputException(
                    field + ".shape", "each dimension of a shape is a count (0 or more); got " + shape);
        }
    }

    /** The number of values {@code shape} holds; {@link Long#MAX_VALUE} when that overflows. */
    private static long size(List<Long> shape) {
        long size = 1;
        for (long d : shape) {
            try {
                size = Math.multiplyExact(size, d);
            } catch (ArithmeticException e) {
                return Long.MAX_VALUE;
            }
        }
        return size;
    }
}
