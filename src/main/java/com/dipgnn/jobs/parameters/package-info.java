/**
 * A job's HTTP parameters (service side): the request records with their OpenAPI descriptions and
 * bean-validation ranges, their defaults, their checks against the data set and the pre-trained
 * model, and their mapping to the engine's {@link com.dipgnn.jobs.runner.JobPlan}. Uses the engine
 * records it maps to. See docs/service.md.
 */
@PartOf(Part.SERVICE)
package com.dipgnn.jobs.parameters;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
