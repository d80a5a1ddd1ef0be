package com.dipgnn.model;

import com.dipgnn.naming.EnumNames;
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

    private static final EnumNames<AggregationKernel> NAMES = EnumNames.of(
                    AggregationKernel.class, "aggregation kernel (" + AggregationKernel.PROPERTY + ")")
            .build();

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
        return NAMES.parse(name);
    }

    private static AggregationKernel fromProperty() {
        String value = System.getProperty(PROPERTY);
        return value == null || value.isBlank() ? TORCHSCRIPT : parse(value);
    }
}
