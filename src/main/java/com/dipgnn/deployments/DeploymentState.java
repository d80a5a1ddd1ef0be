package com.dipgnn.deployments;

/** Where a deployment is: loading its first model, serving, or failed to load its first model. */
public enum DeploymentState {
    /** Loading (its first model, or after a restart): not serving yet. */
    LOADING,
    /** Serving a model (possibly while loading the next one). */
    READY,
    /** Its model could not be loaded; it serves nothing. */
    FAILED
}
