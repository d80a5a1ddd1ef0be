package com.dipgnn;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The HTTP service (training jobs, registry and serving arrive in later releases). */
@SpringBootApplication
public class ServiceApplication {

    public static void start(String[] args) {
        SpringApplication.run(ServiceApplication.class, args);
    }
}
