package com.dipgnn.finetuning;

import ai.djl.ndarray.NDManager;
import com.dipgnn.model.ChunkedArrays;
import com.dipgnn.model.GraphModule;
import com.dipgnn.optim.ParameterUpdater;
import com.dipgnn.sampling.WholeGraphBudget;
import com.dipgnn.store.CheckpointFiles;
import com.dipgnn.store.CheckpointRefusedException;
import com.dipgnn.store.NodeEmbeddingFiles;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Fine-tuning checkpoints in the layout of {@link CheckpointFiles}: the step, the encoder's and
 * head's parameters, the optimizer's moments, the best weights so far with their score and step,
 * the early-stopping counter and the validation history; for an encoder with per-node embeddings
 * also its tables (rows and trained flags), their moments and the best tables.
 */
final class FineTuneCheckpoint {

    static final String STATE = "state.json";
    static final String ENCODER = "encoder.bin";
    static final String HEAD = "head.bin";
    static final String BEST_ENCODER = "best-encoder.bin";
    static final String BEST_HEAD = "best-head.bin";
    static final String OPTIMIZER = "optimizer.bin";
    static final String TABLES = "tables.bin";
    static final String BEST_TABLES = "best-tables.bin";
    static final String TABLE_OPTIMIZER = "optimizer-tables.bin";
    /** The step budget, as {@link FineTuneConfig}'s record string opens it (the settings hold it, and the spec's). */
    private static final Pattern STEP_BUDGET =
            Pattern.compile("(" + FineTuneConfig.class.getSimpleName() + "\\[)steps=\\d+, ");

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .build();

    /** The JSON part of a checkpoint; {@code best} is null before the first validation. */
    record Saved(
            long step,
            String settings,
            Double best,
            long bestStep,
            int sinceBest,
            double lastLoss,
            double intervalLoss,
            int intervalSteps,
            List<FineTuneLogEntry> history) {}

    private FineTuneCheckpoint() {}

    static void save(
            Path dir,
            String settings,
            FineTuneState state,
            GraphModule encoder,
            GraphModule head,
            ParameterUpdater updater)
            throws IOException {
        Saved saved = new Saved(
                state.step,
                settings,
                state.bestEncoder == null ? null : state.best,
                state.bestStep,
                state.sinceBest,
                state.lastLoss,
                state.intervalLoss,
                state.intervalSteps,
                state.history);
        CheckpointFiles.commit(dir, state.step, temp -> {
            JSON.writeValue(temp.resolve(STATE).toFile(), saved);
            CheckpointFiles.writeArrays(temp.resolve(ENCODER), encoder.snapshot());
            CheckpointFiles.writeArrays(temp.resolve(HEAD), head.snapshot());
            if (state.bestEncoder != null) {
                CheckpointFiles.writeArrays(temp.resolve(BEST_ENCODER), state.bestEncoder);
                CheckpointFiles.writeArrays(temp.resolve(BEST_HEAD), state.bestHead);
            }
            CheckpointFiles.writeArrays(temp.resolve(OPTIMIZER), updater.exportState());
            if (!encoder.tables().isEmpty()) {
                saveTables(temp, state, encoder, updater);
            }
        });
    }

    private static void saveTables(Path temp, FineTuneState state, GraphModule encoder, ParameterUpdater updater)
            throws IOException {
        NodeEmbeddingFiles.write(temp.resolve(TABLES), encoder, ChunkedArrays.DEFAULT_CHUNK_FLOATS);
        if (state.bestEncoder != null) {
            NodeEmbeddingFiles.write(
                    temp.resolve(BEST_TABLES), state.bestTables, Map.of(), ChunkedArrays.DEFAULT_CHUNK_FLOATS);
        }
        try (DataOutputStream out = new DataOutputStream(
                new BufferedOutputStream(Files.newOutputStream(temp.resolve(TABLE_OPTIMIZER)), 1 << 20))) {
            updater.writeTableState(out, ChunkedArrays.DEFAULT_CHUNK_FLOATS);
        }
    }

    private static void loadTables(
            Path checkpoint, FineTuneState state, GraphModule encoder, ParameterUpdater updater, Path dir)
            throws IOException {
        if (encoder.tables().isEmpty()) {
            return;
        }
        if (!Files.isRegularFile(checkpoint.resolve(TABLES))) {
            throw new CheckpointRefusedException("the fine-tuning checkpoint in " + dir + " holds no node embeddings; "
                    + "resume with the architecture it was written with, or use another checkpoint directory");
        }
        NDManager manager =
                encoder.tables().values().iterator().next().weights().getManager();
        NodeEmbeddingFiles.assign(
                encoder,
                NodeEmbeddingFiles.read(checkpoint.resolve(TABLES), manager, ChunkedArrays.DEFAULT_CHUNK_FLOATS));
        try (DataInputStream in = new DataInputStream(
                new BufferedInputStream(Files.newInputStream(checkpoint.resolve(TABLE_OPTIMIZER)), 1 << 20))) {
            updater.readTableState(in, ChunkedArrays.DEFAULT_CHUNK_FLOATS);
        }
        if (state.bestEncoder != null) {
            state.keepBestTables(NodeEmbeddingFiles.read(
                    checkpoint.resolve(BEST_TABLES), manager, ChunkedArrays.DEFAULT_CHUNK_FLOATS));
        }
    }

    /**
     * Restores the latest checkpoint of {@code dir} into the modules and the updater.
     *
     * @throws CheckpointRefusedException when it was written with other settings or for another model
     */
    static FineTuneState load(
            Path dir, String settings, GraphModule encoder, GraphModule head, ParameterUpdater updater)
            throws IOException {
        Path checkpoint = CheckpointFiles.latest(dir);
        Saved saved = JSON.readValue(checkpoint.resolve(STATE).toFile(), Saved.class);
        if (!withoutStepBudget(settings).equals(withoutStepBudget(saved.settings()))) {
            throw new CheckpointRefusedException("the fine-tuning checkpoint in " + dir + " was written with other "
                    + "settings ("
                    + SettingsDifference.describe(withoutStepBudget(saved.settings()), withoutStepBudget(settings))
                    + "); resume with the same settings (the number of steps may "
                    + "differ), or use another checkpoint directory");
        }
        encoder.restore(matching(CheckpointFiles.readArrays(checkpoint.resolve(ENCODER)), encoder, dir));
        head.restore(matching(CheckpointFiles.readArrays(checkpoint.resolve(HEAD)), head, dir));
        updater.importState(CheckpointFiles.readArrays(checkpoint.resolve(OPTIMIZER)), (int) saved.step());
        FineTuneState state = new FineTuneState();
        state.step = saved.step();
        if (saved.best() != null && Files.isRegularFile(checkpoint.resolve(BEST_ENCODER))) {
            state.best = saved.best();
            state.bestEncoder = matching(CheckpointFiles.readArrays(checkpoint.resolve(BEST_ENCODER)), encoder, dir);
            state.bestHead = matching(CheckpointFiles.readArrays(checkpoint.resolve(BEST_HEAD)), head, dir);
        }
        state.bestStep = saved.bestStep();
        state.sinceBest = saved.sinceBest();
        state.lastLoss = saved.lastLoss();
        state.intervalLoss = saved.intervalLoss();
        state.intervalSteps = saved.intervalSteps();
        state.history.addAll(saved.history());
        loadTables(checkpoint, state, encoder, updater, dir);
        return state;
    }

    /**
     * The settings with the run's step budget ({@link FineTuneConfig#steps}) left out: a
     * run resumes with more steps to go on, or with as many as it has made to end there and be
     * evaluated with its best checkpoint. A whole-graph memory bound at its default is left out
     * too ({@link WholeGraphBudget#withoutDefaultMemoryBound}).
     */
    static String withoutStepBudget(String settings) {
        return STEP_BUDGET
                .matcher(WholeGraphBudget.withoutDefaultMemoryBound(settings))
                .replaceAll("$1");
    }

    private static Map<String, float[]> matching(Map<String, float[]> values, GraphModule module, Path dir) {
        boolean same = values.keySet().equals(module.parameters().keySet());
        if (same) {
            for (Map.Entry<String, float[]> e : values.entrySet()) {
                same &= e.getValue().length
                        == module.parameters().get(e.getKey()).getArray().size();
            }
        }
        if (!same) {
            throw new CheckpointRefusedException(
                    "the fine-tuning checkpoint in " + dir + " holds parameters of another "
                            + "model; resume with the architecture it was written with, or use another checkpoint directory");
        }
        return values;
    }
}
