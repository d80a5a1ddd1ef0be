/**
 * Access control (Spring): API tokens, their filter and the access rule per endpoint. Uses api,
 * config and the store's write owner (the generated token's temporary file). See docs/service.md.
 */
@PartOf(Part.SERVICE)
package com.dipgnn.security;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
