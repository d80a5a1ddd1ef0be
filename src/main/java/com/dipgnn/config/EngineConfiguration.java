package com.dipgnn.config;

import ai.djl.Device;
import com.dipgnn.config.ServiceProperties.Role;
import com.dipgnn.model.AggregationKernel;
import com.dipgnn.model.kernels.SegmentKernels;
import com.dipgnn.runtime.Devices;
import com.dipgnn.runtime.EngineThreads;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.servers.Server;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Beans shared by the service's features: the compute device, the clock, the OpenAPI description. */
@Configuration
public class EngineConfiguration {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(EngineConfiguration.class);

    /**
     * The device jobs and inference use: the GPU when present ({@code dipgnn.device=auto}), else the
     * CPU; PyTorch's CPU threads are set first ({@code dipgnn.threads}), as the engine reads them once.
     * With {@code dipgnn.kernels=torchscript} the kernels are compiled here, so that a service that
     * cannot load them fails at start rather than in its first job.
     */
    @Bean
    public Device device(@Value("${dipgnn.device:auto}") String preference, ServiceProperties properties) {
        int cores = Runtime.getRuntime().availableProcessors();
        double load = EngineThreads.loadAverage();
        int threads = EngineThreads.apply(properties.engineThreads(cores, load));
        AggregationKernel.use(properties.kernels());
        LOG.info(
                "Engine threads: {} of {} cores at load {} (dipgnn.threads={}, {} job(s) at once); message passing "
                        + "on the {} kernels (dipgnn.kernels)",
                threads,
                cores,
                load < 0 ? "unknown" : String.format(Locale.ROOT, "%.2f", load),
                properties.threads(),
                properties.jobs().concurrency(),
                properties.kernels().name().toLowerCase(Locale.ROOT));
        Device device = Devices.select(preference);
        if (properties.kernels() == AggregationKernel.TORCHSCRIPT) {
            long start = System.nanoTime();
            SegmentKernels.shared();
            LOG.info(
                    "TorchScript kernels loaded: compiled by libtorch in {} ms",
                    (System.nanoTime() - start) / 1_000_000);
        }
        return device;
    }

    @Bean
    public Clock clock() {
        return Clock.systemUTC();
    }

    @Bean
    public OpenAPI openApi() {
        return new OpenAPI()
                .info(
                        new Info()
                                .title("DiP-GNN Service")
                                .version("v1")
                                .description(
                                        "Pre-trains graph neural networks with DiP-GNN, fine-tunes them and serves them: "
                                                + "data sets, training jobs, the model registry, deployments and online inference. "
                                                + "Send the header `Authorization: Bearer <token>`: admin tokens for changes, reader "
                                                + "tokens for reads and inference. `/v2/health/live` and `/v2/health/ready` need none."))
                .servers(List.of(new Server().url("/").description("this service")))
                .components(new Components()
                        .addSecuritySchemes(
                                "bearer",
                                new SecurityScheme()
                                        .type(SecurityScheme.Type.HTTP)
                                        .scheme("bearer")
                                        .description(tokenDescription())))
                .addSecurityItem(new SecurityRequirement().addList("bearer"));
    }

    /**
     * What Swagger UI shows next to its Authorize button: what each role may do and where a token
     * comes from (the generated admin token's file, or the token settings).
     */
    static String tokenDescription() {
        String prefix = ServiceProperties.Security.TOKENS_ENV;
        return "An API token, sent as `Authorization: Bearer <token>`. `" + Role.READER.name()
                + "` tokens can read and run inference; `" + Role.ADMIN.name() + "` tokens can also change things "
                + "(data sets, jobs, models, deployments).\n\n"
                + "**Where to get one:** with no token configured (the embedded defaults), the first start writes an "
                + "admin token to `<data dir>/" + ServiceProperties.ADMIN_TOKEN_FILE + "` (`"
                + ServiceProperties.DEFAULT_DATA_DIR + "/" + ServiceProperties.ADMIN_TOKEN_FILE
                + "` by default; the data directory is `dipgnn.data-dir`, environment variable `DIPGNN_DATA_DIR`), "
                + "readable only by the service's user. Or configure tokens, and none is generated: `"
                + ServiceProperties.Security.TOKENS
                + "[i].name`, `.token` (16 characters or more) and `.role` (`" + Role.READER.name() + "` or `"
                + Role.ADMIN.name() + "`), as environment variables `" + prefix + "NAME`, `" + prefix + "TOKEN` and `"
                + prefix + "ROLE` (i = 0, 1, ...).";
    }
}
