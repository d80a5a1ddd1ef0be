package com.dipgnn.store;

import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.ranking.RankingLoss;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The task of a format-1 or format-2 manifest, a key-value map, as the typed {@link ModelTask} of
 * format 3. The maps were written by {@code describe()} of the fine-tuning tasks and by the
 * pre-training's model writer, whose keys never changed, but for two:
 * <ul>
 *   <li>{@code node}: {@code target_type}, {@code num_classes}, {@code multi_label}, {@code train},
 *       {@code val}, {@code test} (every one always written);</li>
 *   <li>{@code link}: {@code relation} ({@code src__name__dst}), {@code eval_negatives}, {@code
 *       train_negatives}, {@code temperature}, {@code train_edges}, {@code val_edges}, {@code
 *       test_edges}, and {@code loss} ({@code softmax}, {@code bpr}, {@code dot_softmax}) and {@code
 *       negative_sampling} ({@code uniform}, {@code in-batch}, {@code uniform-logq}), which models
 *       written before the link task had a choice of loss and negatives lack: those trained with the
 *       softmax over uniform negatives, then its only training;</li>
 *   <li>{@code pretrain}: {@code method}, {@code kept}, {@code pretrain_graph};</li>
 *   <li>any other task (a manifest edited by hand) reads as {@link ModelTask.UnknownTask}, which every
 *       user of a model refuses naming it.</li>
 * </ul>
 * A map without a key its task always had is damage, refused with what to do.
 */
final class TaskMigration {

    private static final ObjectMapper JSON = new ObjectMapper();

    private TaskMigration() {}

    /** The format-3 form (a {@link ModelTask} as JSON) of the format-1/2 task map {@code old}. */
    static JsonNode typed(JsonNode old) {
        String kind = old.path("task").asText();
        ModelTask task = switch (kind) {
            case ModelTask.NodeClassification.KIND ->
                new ModelTask.NodeClassification(
                        text(old, "target_type"),
                        integer(old, "num_classes"),
                        required(old, "multi_label").asBoolean(),
                        integer(old, "train"),
                        integer(old, "val"),
                        integer(old, "test"));
            case ModelTask.LinkPrediction.KIND ->
                new ModelTask.LinkPrediction(
                        text(old, "relation"),
                        integer(old, "eval_negatives"),
                        integer(old, "train_negatives"),
                        old.hasNonNull("loss")
                                ? ModelTask.fromStoredName(RankingLoss.class, text(old, "loss"))
                                : RankingLoss.SOFTMAX,
                        old.hasNonNull("negative_sampling")
                                ? ModelTask.fromStoredName(NegativeSampling.class, text(old, "negative_sampling"))
                                : NegativeSampling.UNIFORM,
                        required(old, "temperature").asDouble(),
                        integer(old, "train_edges"),
                        integer(old, "val_edges"),
                        integer(old, "test_edges"));
            case ModelTask.Pretraining.KIND ->
                new ModelTask.Pretraining(text(old, "method"), text(old, "kept"), text(old, "pretrain_graph"));
            default -> new ModelTask.UnknownTask(kind);
        };
        return JSON.valueToTree(task);
    }

    private static String text(JsonNode task, String key) {
        return required(task, key).asText();
    }

    private static int integer(JsonNode task, String key) {
        JsonNode value = required(task, key);
        if (!value.canConvertToInt()) {
            throw damaged(task, "'" + key + "' is " + value + ", not a count");
        }
        return value.asInt();
    }

    private static JsonNode required(JsonNode task, String key) {
        JsonNode value = task.get(key);
        if (value == null || value.isNull()) {
            throw damaged(task, "it has no '" + key + "'");
        }
        return value;
    }

    private static IllegalArgumentException damaged(JsonNode task, String what) {
        return new IllegalArgumentException("the manifest's "
                + task.path("task").asText() + " task " + task + " is "
                + "incomplete: " + what + ", which every version wrote; the model directory is damaged: copy it "
                + "again or train the model again");
    }
}
