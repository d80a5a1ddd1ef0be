package com.dipgnn.datasets;

import com.dipgnn.config.ServiceProperties;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

/** On start, registers the built-in synthetic data set so a new user has a graph to train on. */
@Component
@Order(0)
class DatasetBootstrap implements ApplicationRunner {

    private final DatasetService datasets;
    private final ServiceProperties properties;

    DatasetBootstrap(DatasetService datasets, ServiceProperties properties) {
        this.datasets = datasets;
        this.properties = properties;
    }

    @Override
    public void run(ApplicationArguments args) {
        if (properties.datasets().registerBuiltin()) {
            datasets.registerBuiltins();
        }
    }
}
