package com.dipgnn.jobs;

import com.dipgnn.jobs.runner.JobProgress;
import com.dipgnn.jobs.runner.TrainingCurves;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The curves of a running job, built from its progress reports (one point per report and
 * series); replaced by the runner's own curves when the job ends.
 */
final class LiveCurves {

    private final Map<String, List<TrainingCurves.Point>> losses = new LinkedHashMap<>();
    private final Map<String, List<TrainingCurves.Point>> metrics = new LinkedHashMap<>();
    private long lastStep = -1;

    synchronized void add(JobProgress p) {
        if (p.step() == lastStep) {
            return;
        }
        lastStep = p.step();
        append(losses, p.latestLosses(), p.step());
        append(metrics, p.latestMetrics(), p.step());
    }

    synchronized TrainingCurves snapshot() {
        return new TrainingCurves(null, copy(losses), copy(metrics));
    }

    private static void append(Map<String, List<TrainingCurves.Point>> into, Map<String, Double> values, long step) {
        if (values != null) {
            values.forEach((name, v) -> {
                if (v != null && Double.isFinite(v)) {
                    into.computeIfAbsent(name, k -> new ArrayList<>()).add(new TrainingCurves.Point(step, v));
                }
            });
        }
    }

    private static Map<String, List<TrainingCurves.Point>> copy(Map<String, List<TrainingCurves.Point>> m) {
        Map<String, List<TrainingCurves.Point>> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(k, List.copyOf(v)));
        return out;
    }
}
