package com.dipgnn.config;

/**
 * What one process of an installation does ({@code dipgnn.roles}). One process may have both
 * roles (the embedded default); apart, several API replicas serve requests while several workers
 * drain one job queue in PostgreSQL.
 */
public enum ProcessRole {
    /** The HTTP API and online inference (deployments). */
    API,
    /** Runs training jobs taken from the job table. */
    WORKER
}
