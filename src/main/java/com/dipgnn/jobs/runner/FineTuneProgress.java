package com.dipgnn.jobs.runner;

import com.dipgnn.optim.TrainingListener;
import java.util.Map;

/** Fine-tuning events to progress reports; cancellation from the job's control, the end of training from its time limit. */
final class FineTuneProgress implements TrainingListener {

    private final ProgressTracker tracker;
    private final JobControl control;
    private final int evalEvery;

    FineTuneProgress(ProgressTracker tracker, JobControl control, int evalEvery) {
        this.tracker = tracker;
        this.control = control;
        this.evalEvery = evalEvery;
    }

    @Override
    public void onStep(long step, long totalSteps, double loss) {
        boolean validates = step % evalEvery == 0 || step == totalSteps;
        tracker.step(step, Map.of("loss", loss), null, validates);
    }

    @Override
    public void onValidation(long step, Map<String, Double> metrics, boolean improved) {
        tracker.event(null, metrics);
    }

    @Override
    public void onTrainingEnd(long stepsRun) {
        tracker.phase("evaluating", tracker.totalSteps());
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
        return tracker.timeUp("fine-tuning");
    }
}
