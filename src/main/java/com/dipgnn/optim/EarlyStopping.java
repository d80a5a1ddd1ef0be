package com.dipgnn.optim;

import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The early-stopping and best-weights loop that fine-tuning (validating every few steps) and the
 * recommenders (every few epochs) share: a validation is due every {@code every} steps and at the
 * last; a better score than every earlier one keeps a snapshot of the weights; {@code patience}
 * validations in a row without one stop the run (0: never); at the end the best snapshot is
 * restored. What a checkpoint must keep of it is its {@link Progress}, with the snapshot beside.
 *
 * @param <W> a snapshot of the weights
 */
public final class EarlyStopping<W> {

    /**
     * What a checkpoint keeps of the loop besides the best weights.
     *
     * @param best the best score so far; null before the first validation kept weights
     * @param bestAt the step (or epoch) of the best weights
     * @param sinceBest validations since the best
     */
    public record Progress(Double best, long bestAt, int sinceBest) {}

    private final int every;
    private final int patience;
    private final Consumer<W> release;
    private double best = Double.NEGATIVE_INFINITY;
    private long bestAt;
    private int sinceBest;
    private W weights;

    /**
     * @param every validate every this many steps (or epochs)
     * @param patience stop after this many validations without improvement; 0 never stops early
     * @param release frees a snapshot that a better one replaces (device copies)
     */
    public EarlyStopping(int every, int patience, Consumer<W> release) {
        if (every < 1 || patience < 0) {
            throw new IllegalArgumentException(
                    "validation interval must be >= 1 and patience >= 0 (got " + every + ", " + patience + ")");
        }
        this.every = every;
        this.patience = patience;
        this.release = release;
    }

    /** Whether step (or epoch) {@code at} of a run of {@code last} validates. */
    public boolean due(long at, long last) {
        return at % every == 0 || at == last;
    }

    /**
     * Records a validation at {@code at}; a score better than every earlier one keeps {@code snapshot}'s
     * weights. Returns whether it did.
     */
    public boolean validated(long at, double score, Supplier<W> snapshot) {
        if (!(score > best)) {
            sinceBest++;
            return false;
        }
        best = score;
        bestAt = at;
        sinceBest = 0;
        W previous = weights;
        weights = snapshot.get();
        if (previous != null) {
            release.accept(previous);
        }
        return true;
    }

    /** Whether the patience is spent: the run stops. */
    public boolean exhausted() {
        return patience > 0 && sinceBest >= patience;
    }

    /** Marks {@code at} as the weights the run ends with when nothing is held out to validate on. */
    public void lastIsBest(long at) {
        bestAt = at;
    }

    /** The step (or epoch) of the best validation, or the one {@link #lastIsBest} marked. */
    public long bestAt() {
        return bestAt;
    }

    /** The best weights so far, if a validation kept any. */
    public Optional<W> bestWeights() {
        return Optional.ofNullable(weights);
    }

    /** Hands the best weights (if any) to {@code restore}, and forgets them: the end of the run. */
    public void restoreBest(Consumer<W> restore) {
        if (weights != null) {
            W kept = weights;
            weights = null;
            restore.accept(kept);
        }
    }

    /** What a checkpoint keeps. */
    public Progress progress() {
        return new Progress(weights == null ? null : best, bestAt, sinceBest);
    }

    /** Continues from a checkpoint's progress and best weights (null when it kept none). */
    public void resume(Progress progress, W bestWeights) {
        boolean kept = progress.best() != null && bestWeights != null;
        best = kept ? progress.best() : Double.NEGATIVE_INFINITY;
        weights = kept ? bestWeights : null;
        bestAt = progress.bestAt();
        sinceBest = progress.sinceBest();
    }
}
