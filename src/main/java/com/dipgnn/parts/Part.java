package com.dipgnn.parts;

/** The part of the program a package belongs to, as its {@link PartOf} declares. */
public enum Part {
    /**
     * The training engine: plain Java on DJL, with no Spring, no picocli, no request annotations and
     * no package of the other parts. Built alone as the engine jar (com.dipgnn:dipgnn-engine), which
     * the Spark job runs.
     */
    ENGINE,
    /** The HTTP service (Spring): its controllers, job table, registries and configuration; uses the engine. */
    SERVICE,
    /**
     * What starts the program: the executable jar's entry point and Spring application class, the
     * command line (picocli) and the benchmarks it runs. Uses the engine and the service; neither
     * uses it.
     */
    APPLICATION
}
