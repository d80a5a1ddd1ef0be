/**
 * The engine's runtime (engine; no Spring): which device arrays live on and how many threads
 * PyTorch uses. Depends on DJL only.
 */
@PartOf(Part.ENGINE)
package com.dipgnn.runtime;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
