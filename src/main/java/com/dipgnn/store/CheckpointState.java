package com.dipgnn.store;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The {@code state.json} of a checkpoint in the versioned checkpoint format that fine-tuning,
 * pre-training and recommender checkpoints share: the format number, the kind of run, the step the
 * checkpoint is named for, the run's identity (its configuration records with the budget cleared,
 * compared with {@code equals} on resume) and its progress, each typed and written by Jackson.
 * Checkpoints written before the format was versioned have no {@code format}: they are
 * {@link #UNVERSIONED} and read by each kind's format-1 migration.
 *
 * @param format {@link #FORMAT}
 * @param kind what wrote it
 * @param step the step (or epoch) the checkpoint is named for
 * @param identity what a run must be to resume it
 * @param progress where the run was
 */
public record CheckpointState<I extends Record, P>(int format, CheckpointKind kind, long step, I identity, P progress) {

    /** The checkpoint format this version writes (state.json and the arrays files). */
    public static final int FORMAT = 2;
    /** The format of checkpoints written before it was versioned: no format number, settings as one string. */
    public static final int UNVERSIONED = 1;
    /** The file that holds it, in each checkpoint directory. */
    public static final String FILE = "state.json";

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .build();

    /** The state of a checkpoint written now. */
    public static <I extends Record, P> CheckpointState<I, P> of(
            CheckpointKind kind, long step, I identity, P progress) {
        return new CheckpointState<>(FORMAT, kind, step, identity, progress);
    }

    /** Writes it into the checkpoint directory being committed. */
    public void write(Path checkpoint) throws IOException {
        JSON.writeValue(checkpoint.resolve(FILE).toFile(), this);
    }

    /**
     * The state.json of {@code checkpoint}: the whole tree, for {@link #format} to tell apart and
     * {@link #typed} or a format-1 migration to read.
     */
    public static JsonNode tree(Path checkpoint) throws IOException {
        return JSON.readTree(checkpoint.resolve(FILE).toFile());
    }

    /**
     * The format of a state read by {@link #tree}: {@link #UNVERSIONED} without a number.
     *
     * @throws CheckpointRefusedException when it was written by a newer version
     */
    public static int format(JsonNode tree, Path dir) {
        int format = tree.path("format").asInt(UNVERSIONED);
        if (format > FORMAT) {
            throw new CheckpointRefusedException("the checkpoint in " + dir + " is of format " + format
                    + ", newer than this version reads (" + FORMAT + "); resume with a newer version of the service,"
                    + " or use another checkpoint directory");
        }
        return format;
    }

    /**
     * A state of the current format as its types.
     *
     * @throws CheckpointRefusedException when another kind of run wrote it
     * @throws IOException when it does not bind to the types (a component renamed or removed without a migration)
     */
    public static <I extends Record, P> CheckpointState<I, P> typed(
            JsonNode tree, CheckpointKind kind, Class<I> identity, Class<P> progress, Path dir) throws IOException {
        JavaType type = JSON.getTypeFactory().constructParametricType(CheckpointState.class, identity, progress);
        CheckpointState<I, P> state;
        try {
            state = JSON.treeToValue(tree, type);
        } catch (IOException e) {
            throw new IOException(
                    "the checkpoint in " + dir + " does not bind to this version's " + identity.getSimpleName()
                            + " (a setting renamed or removed without a checkpoint migration): " + e.getMessage(),
                    e);
        }
        if (state.kind() != kind) {
            throw new CheckpointRefusedException("the checkpoint in " + dir + " was written by a " + words(state.kind())
                    + " run, not a " + words(kind) + " one; use another checkpoint directory");
        }
        return state;
    }

    /** Where a checkpoint's run was: its step (or epoch) and progress. */
    public record Resumed<P>(long step, P progress) {}

    /** Reads a checkpoint of format 1 for the run of an identity, refusing one of other settings. */
    @FunctionalInterface
    public interface Format1<I, P> {
        Resumed<P> read(JsonNode tree, I identity, Path dir) throws IOException;
    }

    /**
     * The step and progress of the checkpoint in {@code checkpoint} (the latest of {@code dir}) for the
     * run of {@code identity}: one of this format typed and compared with {@link #requireIdentity},
     * one of format 1 through its kind's migration.
     *
     * @throws CheckpointRefusedException when it was written with other settings, by another kind of run or
     *     by a newer version
     */
    public static <I extends Record, P> Resumed<P> resume(
            Path checkpoint,
            Path dir,
            CheckpointKind kind,
            I identity,
            Class<P> progress,
            String run,
            String hint,
            Format1<I, P> format1)
            throws IOException {
        JsonNode tree = tree(checkpoint);
        if (format(tree, dir) == UNVERSIONED) {
            return format1.read(tree, identity, dir);
        }
        @SuppressWarnings("unchecked")
        Class<I> type = (Class<I>) identity.getClass();
        CheckpointState<I, P> saved = typed(tree, kind, type, progress, dir);
        saved.requireIdentity(identity, dir, run, hint);
        return new Resumed<>(saved.step(), saved.progress());
    }

    /**
     * Refuses a resume whose identity is not {@code now}'s, naming each differing setting.
     *
     * @param run the kind of run in words ("fine-tuning")
     * @param hint what the user may do, after the differences
     */
    public void requireIdentity(I now, Path dir, String run, String hint) {
        if (!identity.equals(now)) {
            throw new CheckpointRefusedException("the " + run + " checkpoint in " + dir
                    + " was written with other settings (" + RecordDifference.describe(identity, now) + "); " + hint);
        }
    }

    private static String words(CheckpointKind kind) {
        return kind.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
