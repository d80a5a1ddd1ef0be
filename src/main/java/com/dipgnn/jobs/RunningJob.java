package com.dipgnn.jobs;

import com.dipgnn.jobs.runner.JobProgress;
import com.dipgnn.jobs.runner.TrainingCurves;
import java.util.concurrent.atomic.AtomicBoolean;

/** A job on a worker thread: its cancel flag, whether its lease was lost, and its live progress and curves. */
final class RunningJob {
    final AtomicBoolean cancel = new AtomicBoolean();
    volatile boolean leaseLost;
    volatile boolean ended;
    volatile JobProgress progress;
    final LiveCurves live = new LiveCurves();
    volatile TrainingCurves curves;
    volatile long lastSaved;

    TrainingCurves currentCurves() {
        return curves != null ? curves : live.snapshot();
    }
}
