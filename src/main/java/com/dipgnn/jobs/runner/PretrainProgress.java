package com.dipgnn.jobs.runner;

import com.dipgnn.pretraining.PretrainListener;
import com.dipgnn.pretraining.PretrainLogEntry;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Pre-training events to progress reports (losses apart from the other figures); cancellation from
 * the control, the end of training from the job's time limit.
 */
final class PretrainProgress implements PretrainListener {

    private final ProgressTracker tracker;
    private final JobControl control;
    private final int logEvery;

    PretrainProgress(ProgressTracker tracker, JobControl control, int logEvery) {
        this.tracker = tracker;
        this.control = control;
        this.logEvery = logEvery;
    }

    @Override
    public void onStep(long step, long totalSteps, Map<String, Double> stats) {
        boolean logs = step % logEvery == 0 || step == totalSteps;
        tracker.step(step, part(stats, true), part(stats, false), logs);
    }

    @Override
    public void onLog(PretrainLogEntry entry) {
        tracker.event(part(entry.metrics(), true), part(entry.metrics(), false));
    }

    @Override
    public void onStart(long resumedFrom) {
        tracker.trainingStarted();
        control.started(resumedFrom);
    }

    @Override
    public boolean stopRequested() {
        return control.cancelRequested();
    }

    @Override
    public boolean timeUp() {
        return tracker.timeUp("pre-training");
    }

    private static Map<String, Double> part(Map<String, Double> figures, boolean losses) {
        Map<String, Double> out = new LinkedHashMap<>();
        figures.forEach((name, value) -> {
            if (TrainingCurves.isLoss(name) == losses) {
                out.put(name, value);
            }
        });
        return out;
    }
}
