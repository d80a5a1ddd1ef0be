package com.dipgnn.finetuning;

import com.dipgnn.store.CheckpointFiles;
import java.nio.file.Path;

/**
 * Where and how often {@link FineTuner} writes checkpoints. A run given a directory that holds a
 * checkpoint resumes from it and ends with the same parameters and metrics as a run that was never
 * interrupted (dropout is then seeded per step).
 *
 * @param directory the checkpoint directory (the layout of {@link CheckpointFiles})
 * @param every steps between checkpoints; 0 writes none (a checkpoint found is still resumed)
 * @param settings what else defines the run (data, split, model, starting weights): a checkpoint
 *     written with other settings is refused
 */
public record FineTuneCheckpoints(Path directory, int every, FineTuneSettings settings) {

    public FineTuneCheckpoints {
        if (directory == null) {
            throw new IllegalArgumentException("a checkpoint directory is required");
        }
        if (every < 0) {
            throw new IllegalArgumentException("checkpoint interval must be >= 0 (got " + every + ")");
        }
        if (settings == null) {
            throw new IllegalArgumentException("the run's settings are required to refuse another run's checkpoint");
        }
    }
}
