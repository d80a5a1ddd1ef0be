package com.dipgnn.model;

import java.util.Locale;

/**
 * How message passing sums edge values per destination and normalises attention over each
 * destination's in-edges: {@link #COO}, today's default, multiplies by a constant (destinations x
 * edges) sparse matrix of ones and takes segment maxima on the host (on a CPU); {@link #TORCHSCRIPT}
 * calls PyTorch's own scatter kernels ({@link com.dipgnn.model.kernels.SegmentKernels}) and builds
 * no incidence matrix. Both give the same values within float tolerance. One choice per process:
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
        current = java.util.Objects.requireNonNull(kernel, "kernel");
    }

    /** {@code coo} or {@code torchscript}, in any case. */
    public static AggregationKernel parse(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown aggregation kernel '" + name + "' (" + PROPERTY
                    + "); use coo or torchscript", e);
        }
    }

    private static AggregationKernel fromProperty() {
        String value = System.getProperty(PROPERTY);
        return value == null || value.isBlank() ? COO : parse(value);
    }
}
