/**
 * Model and checkpoint files (engine; no Spring): the model store (parameters, per-node embedding
 * tables, checksums), manifests, checkpoint directories (and the exception that refuses a checkpoint
 * a run cannot resume), atomic writes, and the owner token of this process that every temporary
 * name embeds. Depends on the graph and model packages only, so every other engine package may
 * write through it.
 */
package com.dipgnn.store;
