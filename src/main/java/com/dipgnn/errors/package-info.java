/**
 * Service exceptions (no dependencies): not found, conflict, invalid input and unavailable, which
 * the API maps to RFC 9457 problem details.
 */
@PartOf(Part.SERVICE)
package com.dipgnn.errors;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
