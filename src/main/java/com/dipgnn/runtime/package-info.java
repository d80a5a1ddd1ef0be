/**
 * The engine's runtime (engine; no Spring): which device arrays live on and how many threads
 * PyTorch uses. Depends on DJL only.
 */
package com.dipgnn.runtime;
