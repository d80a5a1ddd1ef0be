/**
 * The HTTP API (Spring MVC): controllers for data sets, jobs, models, deployments and inference
 * (including the Open Inference Protocol), RFC 9457 problem details and request limits. Uses the
 * service packages and, for request and answer types, the engine. See docs/service.md.
 */
@PartOf(Part.SERVICE)
package com.dipgnn.api;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
