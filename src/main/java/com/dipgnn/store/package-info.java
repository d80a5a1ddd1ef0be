/**
 * Model and checkpoint files (engine; no Spring): the model store (parameters, per-node embedding
 * tables, checksums), manifests, checkpoint directories (and the exception that refuses a checkpoint
 * a run cannot resume) and atomic writes. Depends on the graph and model packages only, so every
 * other engine package may write through it.
 */
package com.dipgnn.store;
