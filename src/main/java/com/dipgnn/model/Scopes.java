package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;

/**
 * Moves an array computed from a parameter alone into the batch's scope. Results of an
 * operation belong to the manager of its first operand, which for a parameter is the model's
 * long-lived manager: without this they would pile up there step after step.
 */
final class Scopes {

    private Scopes() {}

    static NDArray into(NDArray derivedFromParameter, NDManager batchScope) {
        derivedFromParameter.attach(batchScope);
        return derivedFromParameter;
    }
}
