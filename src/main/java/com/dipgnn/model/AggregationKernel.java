package com.dipgnn.model;

import java.util.Locale;
import java.util.Objects;

/**
 * How message passing sums edge values per destination and normalises attention over each
 * destination's in-edges: {@link #TORCHSCRIPT}, the default, calls PyTorch's own scatter kernels and
 * one fused attention kernel ({@link com.dipgnn.model.kernels.SegmentKernels}), gathers with
 * {@code index_select} and builds no incidence matrix; {@link #COO}, the earlier path, multiplies
 * gathered values by a constant (destinations x edges) sparse matrix of ones and takes segment
 * maxima on the host (on a CPU). Both give the same values within float tolerance. One choice per process:
 * the system property {@value #PROPERTY} ({@code coo} or {@code torchscript}) or {@link #use}.
 */
public enum AggregationKernel {
    COO,
    TORCHSCRIPT;

    /** The system property that chooses the kernel at start. */
    public static final String PROPERTY = "dipgnn.kernels";

    private static volatile AggregationKernel current = fromProperty();

    /** The kernel message passing uses now. */
    public static AggregationKernel current() {
        return current;
    }

    /** Chooses the kernel for every later forward pass of this process. */
    public static void use(AggregationKernel kernel) {
        current = Objects.requireNonNull(kernel, "kernel");
    }

    /** {@code coo} or {@code torchscript}, in any case. */
    public static AggregationKernel parse(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "unknown aggregation kernel '" + name + "' (" + PROPERTY + "); use coo or torchscript", e);
        }
    }

    private static AggregationKernel fromProperty() {
        String value = System.getProperty(PROPERTY);
        return value == null || value.isBlank() ? TORCHSCRIPT : parse(value);
    }
}
