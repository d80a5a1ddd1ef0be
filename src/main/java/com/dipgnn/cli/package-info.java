/**
 * The command line (picocli): {@code finetune}, {@code pretrain}, {@code reproduce} and
 * {@code bench}, their shared options and progress bars. Uses the engine; never used by it. See
 * README.md.
 */
@PartOf(Part.APPLICATION)
package com.dipgnn.cli;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
