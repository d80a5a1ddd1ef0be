package com.dipgnn.pretraining;

import com.dipgnn.graph.RelationType;

/**
 * Where a pair (s, t) of a masked relation is also stored: in {@code relation} as (s, t), or as
 * (t, s) when {@code transposed}. Masking removes a pair from every copy, and a generated edge is
 * added to every copy, so that neither the generator nor the discriminator can tell a pair by a copy
 * left behind or missing.
 */
record EdgeCopy(RelationType relation, boolean transposed) {}
