package com.dipgnn.deployments;

import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * The {@code deployments} health contributor, part of the readiness group: out of service until
 * every deployment has finished loading after a start.
 */
@Component("deployments")
public class DeploymentHealthIndicator implements HealthIndicator {

    private final DeploymentService deployments;

    public DeploymentHealthIndicator(DeploymentService deployments) {
        this.deployments = deployments;
    }

    @Override
    public Health health() {
        Health.Builder health = deployments.allLoaded() ? Health.up() : Health.outOfService();
        deployments
                .list()
                .forEach(d -> health.withDetail(
                        d.name(),
                        d.state().name()
                                + (d.pending() != null
                                        ? " (loading " + d.pending().modelId() + ")"
                                        : "")));
        return health.build();
    }
}
