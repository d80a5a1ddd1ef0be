/**
 * The names settings' enum values have on the command line and in the job API (engine; no Spring):
 * {@link com.dipgnn.naming.EnumNames} turns names into constants and back, with aliases and an
 * error listing the allowed names. Depends on the JDK only, so every package may use it.
 */
@PartOf(Part.ENGINE)
package com.dipgnn.naming;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
