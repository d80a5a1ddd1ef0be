package com.dipgnn;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The HTTP service: data sets, training jobs, the model registry, deployments and online
 * inference, around the training engine running in the same process.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class ServiceApplication {

    public static void start(String[] args) {
        SpringApplication.run(ServiceApplication.class, args);
    }
}
