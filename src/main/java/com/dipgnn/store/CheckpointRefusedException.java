package com.dipgnn.store;

/**
 * A checkpoint that cannot be resumed by the run asking for it: written with other settings, by
 * another method or seed, or for a model of another shape. The message names the checkpoint's
 * directory and what differs. The checkpoint itself is intact; a caller that may train again
 * (a service job) deletes it and starts from the beginning, one that may not (the command line)
 * lets the message reach its user, who chooses.
 */
public class CheckpointRefusedException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public CheckpointRefusedException(String message) {
        super(message);
    }

    public CheckpointRefusedException(String message, Throwable cause) {
        super(message, cause);
    }
}
