/**
 * The executable jar's entry point ({@link com.dipgnn.Main}: a command line command, or the
 * service in one role or both) and the Spring Boot application ({@link com.dipgnn.ServiceApplication}).
 * Uses the command line and the service. See README.md.
 */
@PartOf(Part.APPLICATION)
package com.dipgnn;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
