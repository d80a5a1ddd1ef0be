/**
 * Message-passing kernels run by PyTorch itself (engine; no Spring, no service packages, and no
 * other engine package: {@code com.dipgnn.model} may use this one, never the reverse). Owns the
 * TorchScript source of the kernels (the resource {@code segops.py} next to these classes), the
 * writer of the TorchScript archive that libtorch compiles from it, the module loaded once per
 * process, and typed entry points (segment sum, maximum and softmax, a sparse product with
 * trainable values) that autograd differentiates. Uses DJL's API and PyTorch engine, including
 * two engine internals ({@code JniUtils.loadModule}, {@code IValueUtils.forward}). See
 * docs/engine.md, "The kernel library".
 */
@PartOf(Part.ENGINE)
package com.dipgnn.model.kernels;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
