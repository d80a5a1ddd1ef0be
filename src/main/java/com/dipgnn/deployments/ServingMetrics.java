package com.dipgnn.deployments;

import ai.djl.Device;
import ai.djl.util.cuda.CudaUtils;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/**
 * Prometheus gauges of serving: {@code dipgnn_deployment_index_size{deployment}} (candidates in
 * each deployment's top-k index), {@code dipgnn_deployments_loading}, and, on a GPU, the device's
 * memory ({@code dipgnn_gpu_memory_used_bytes}, {@code dipgnn_gpu_memory_total_bytes}).
 */
@Component
public class ServingMetrics {

    public ServingMetrics(MeterRegistry meters, DeploymentService deployments, Device device) {
        Gauge.builder(
                        "dipgnn.deployments.loading",
                        deployments,
                        d -> d.list().stream().filter(v -> v.pending() != null).count())
                .description("Deployments loading a model")
                .register(meters);
        deployments.onNewDeployment(
                name -> Gauge.builder("dipgnn.deployment.index.size", deployments, d -> d.indexSize(name))
                        .tag("deployment", name)
                        .description("Candidates in the top-k index")
                        .register(meters));
        deployments.onRemovedDeployment(name -> meters.find("dipgnn.deployment.index.size")
                .tag("deployment", name)
                .meters()
                .forEach(meters::remove));
        if (device.isGpu()) {
            Gauge.builder(
                            "dipgnn.gpu.memory.used",
                            device,
                            d -> CudaUtils.getGpuMemory(d).getUsed())
                    .baseUnit("bytes")
                    .description("GPU memory in use")
                    .register(meters);
            Gauge.builder(
                            "dipgnn.gpu.memory.total",
                            device,
                            d -> CudaUtils.getGpuMemory(d).getMax())
                    .baseUnit("bytes")
                    .description("GPU memory")
                    .register(meters);
        }
    }
}
