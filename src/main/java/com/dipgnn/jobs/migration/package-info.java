/**
 * Flyway's Java migrations of the job table (service, so never in the engine jar, whose pom has no
 * Flyway): changes to stored job parameters that SQL cannot say portably (they rewrite the
 * parameters' JSON). Flyway finds them on the location
 * {@code classpath:com/dipgnn/jobs/migration}, beside the SQL migrations in {@code db/migration};
 * each is frozen once released, so it names the values it writes instead of reading today's
 * defaults. Uses Flyway's API and Jackson only. See docs/service.md ("Upgrades (stored jobs and
 * changed defaults)").
 */
@PartOf(Part.SERVICE)
package com.dipgnn.jobs.migration;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
