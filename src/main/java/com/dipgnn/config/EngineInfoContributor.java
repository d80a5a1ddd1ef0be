package com.dipgnn.config;

import ai.djl.Device;
import ai.djl.engine.Engine;
import com.dipgnn.runtime.Devices;
import com.dipgnn.store.CodeVersion;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.stereotype.Component;

/** {@code /actuator/info}: the build, the DJL engine and the device jobs and inference run on. */
@Component
public class EngineInfoContributor implements InfoContributor {

    private final Device device;

    public EngineInfoContributor(Device device) {
        this.device = device;
    }

    @Override
    public void contribute(Info.Builder builder) {
        builder.withDetail("build", Map.of("version", CodeVersion.get(), "java", System.getProperty("java.version")));
        Engine engine = Devices.engine();
        Map<String, Object> djl = new LinkedHashMap<>();
        djl.put("engine", engine.getEngineName());
        djl.put("engineVersion", engine.getVersion());
        djl.put("djlVersion", Engine.getDjlVersion());
        djl.put("gpuCount", engine.getGpuCount());
        builder.withDetail("djl", djl);
        builder.withDetail(
                "device",
                Map.of("type", device.getDeviceType(), "id", device.getDeviceId(), "description", device.toString()));
    }
}
