package com.dipgnn.testing;

import com.dipgnn.config.ProcessRole;
import com.dipgnn.config.ServiceProperties;
import com.dipgnn.serving.DeploymentOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.springframework.util.unit.DataSize;

/** The service's settings as {@code application.yml}'s defaults give them, for tests that build services by hand. */
public final class TestProperties {

    private TestProperties() {}

    /** Defaults with the data directory {@code data}. */
    public static ServiceProperties of(Path data) {
        return of(data, ServiceProperties.Datasets.of(List.of(), DataSize.ofGigabytes(2), true));
    }

    /** Defaults with the data directory {@code data} and these data set settings. */
    public static ServiceProperties of(Path data, ServiceProperties.Datasets datasets) {
        return new ServiceProperties(
                data,
                Set.of(ProcessRole.API, ProcessRole.WORKER),
                datasets,
                new ServiceProperties.Jobs(
                        1,
                        100,
                        Duration.ofSeconds(2),
                        Duration.ofSeconds(60),
                        Duration.ofSeconds(15),
                        Duration.ofSeconds(1),
                        "",
                        DataSize.ofGigabytes(8)),
                new ServiceProperties.Security(false, List.of()),
                new ServiceProperties.Serving(
                        1024,
                        1000,
                        Duration.ofSeconds(10),
                        DeploymentOptions.Inference.EXACT,
                        DataSize.ofMegabytes(16),
                        com.dipgnn.serving.IndexOptions.Kind.AUTO,
                        0.95,
                        com.dipgnn.serving.PrecomputedEmbeddings.DEFAULT_MAX_MAGNITUDE),
                new ServiceProperties.Quickstart(false, 100, 200, "recommendations", Duration.ofMinutes(3)),
                0,
                ServiceProperties.Housekeeping.DEFAULT,
                com.dipgnn.model.AggregationKernel.TORCHSCRIPT);
    }
}
