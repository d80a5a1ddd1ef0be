package com.dipgnn.finetuning;

import ai.djl.ndarray.NDManager;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.model.NodeEmbeddingTable;
import com.dipgnn.model.NodeIdSpace;
import com.dipgnn.optim.ModelInitialization;
import com.dipgnn.store.ModelStore;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The encoder and head a fine-tuning run starts from, on its task's graph: initialised with the
 * run's seed, then the encoder restored from a pre-trained model (when there is one) with its
 * per-node rows carried over where they index the same nodes.
 *
 * @param fromPretrained per table type, what became of the pre-trained rows (empty from scratch)
 */
record EncoderStart(GraphSchema schema, GraphEncoder encoder, GraphModule head, Map<String, String> fromPretrained) {

    /** The start of a run with {@code seed} of {@code task} (from {@code pretrained} unless it is null). */
    static EncoderStart of(
            FineTuningTask<?> task,
            ModelConfig model,
            long seed,
            ModelStore.EncoderWeights pretrained,
            NDManager manager)
            throws IOException {
        GraphSchema schema = GraphSchema.of(task.modelGraph(), model.nodeInputs());
        GraphEncoder encoder = new GraphEncoder(schema, model, NodeIdSpace.of(task.modelGraph()));
        GraphModule head = task.createHead(model.hidden());
        ModelInitialization.initialize(seed, manager, encoder, head);
        Map<String, String> fromPretrained = Map.of();
        if (pretrained != null) {
            ModelStore.requireSameArchitecture(pretrained.manifest(), model, schema);
            encoder.restore(pretrained.weights());
            fromPretrained = carryRows(pretrained, encoder, manager);
        }
        return new EncoderStart(schema, encoder, head, fromPretrained);
    }

    /**
     * Gives each per-node embedding table the pre-trained rows when they index the same nodes (the
     * same id space); otherwise its rows start untrained. Returns, per table type, what happened.
     */
    private static Map<String, String> carryRows(
            ModelStore.EncoderWeights pretrained, GraphEncoder encoder, NDManager manager) throws IOException {
        Map<String, NodeEmbeddingTable> stored = pretrained.readTables(manager);
        Map<String, String> outcome = new LinkedHashMap<>();
        try {
            encoder.nodeTables().forEach((type, table) -> {
                NodeEmbeddingTable from = stored.get(type);
                if (from != null && from.idSpace().equals(table.idSpace()) && from.width() == table.width()) {
                    table.takeFrom(from);
                    outcome.put(type, "carried over (" + table.trainedCount() + " trained rows)");
                } else {
                    outcome.put(
                            type,
                            "untrained: the pre-trained rows index " + (from == null ? "no nodes" : from.idSpace())
                                    + ", fine-tuning " + table.idSpace());
                }
            });
        } finally {
            stored.values().forEach(NodeEmbeddingTable::close);
        }
        if (!outcome.isEmpty()) {
            System.getLogger(FineTuneExperiment.class.getName())
                    .log(System.Logger.Level.INFO, "per-node embeddings from the pre-trained model: " + outcome);
        }
        return outcome;
    }
}
