package com.dipgnn.deployments;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What a deployment that does not exist yet is waiting for: the job now working towards it, where
 * that job is, and what follows it. A request to the deployment meanwhile answers 503 saying so.
 *
 * @param preparer who prepares it, for people ({@code the quick start})
 * @param jobId the job working towards it now, or null before the first is submitted
 * @param phase that job's phase ({@code queued}, {@code pretraining}, {@code fine-tuning}...)
 * @param step that job's last completed step (0 before its first)
 * @param totalSteps the steps it runs at most (0 when not known yet)
 * @param etaSeconds estimated seconds to that job's last step, or null until it can be estimated
 * @param then what comes after this job, for people ({@code fine-tuning, then deploying}), or null
 */
public record DeploymentPreparation(
        String preparer, String jobId, String phase, long step, long totalSteps, Double etaSeconds, String then) {

    /** Preparation that has begun, before its first job: the moments after the service's start. */
    public static DeploymentPreparation starting(String preparer) {
        return new DeploymentPreparation(preparer, null, "starting", 0, 0, null, null);
    }

    /** The wait advised to a client (Retry-After): the ETA within [5, 60] s, or 15 s without one. */
    public int retryAfterSeconds() {
        if (etaSeconds == null) {
            return 15;
        }
        return (int) Math.max(5, Math.min(60, Math.ceil(etaSeconds)));
    }

    /** The sentence a client reads in the 503's detail. */
    public String describe(String deployment) {
        StringBuilder s = new StringBuilder("deployment '")
                .append(deployment)
                .append("' is being prepared by ")
                .append(preparer);
        if (jobId == null) {
            return s.append(", which is starting; retry in ")
                    .append(retryAfterSeconds())
                    .append(" s")
                    .toString();
        }
        s.append(": job ").append(jobId).append(" is ").append(phase);
        if (totalSteps > 0) {
            s.append(String.format(Locale.ROOT, " at step %d of %d", step, totalSteps));
        }
        if (etaSeconds != null) {
            s.append(String.format(Locale.ROOT, ", about %.0f s to go", etaSeconds));
        }
        if (then != null) {
            s.append("; then ").append(then);
        }
        return s.append(". Follow it with GET ")
                .append(eventsPath())
                .append(" or retry in ")
                .append(retryAfterSeconds())
                .append(" s")
                .toString();
    }

    /** Where the job's progress events stream. */
    String eventsPath() {
        return "/api/v1/jobs/" + jobId + "/events";
    }

    /** The problem detail's properties: what a client can act on. */
    Map<String, Object> details() {
        Map<String, Object> d = new LinkedHashMap<>();
        if (jobId == null) {
            d.put("phase", phase);
            return d;
        }
        d.put("jobId", jobId);
        d.put("phase", phase);
        d.put("step", step);
        d.put("totalSteps", totalSteps);
        if (etaSeconds != null) {
            d.put("etaSeconds", Math.round(etaSeconds));
        }
        d.put("events", eventsPath());
        return d;
    }
}
