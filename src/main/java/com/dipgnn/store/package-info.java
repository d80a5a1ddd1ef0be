/**
 * Model and checkpoint files (engine; no Spring): the model store (parameters, per-node embedding
 * tables, checksums), manifests, checkpoint directories (and the exception that refuses a checkpoint
 * a run cannot resume), atomic writes, the owner token of this process that every temporary name
 * embeds, and the one path rule ({@code AllowedRoots}: directories under allowed roots, no link
 * leading out) that every directory read from a given path is checked with. Depends on the graph,
 * model, sampling and ranking packages only (ranking: the link task's loss and negatives), so every
 * other engine package may write through it.
 */
@PartOf(Part.ENGINE)
package com.dipgnn.store;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
