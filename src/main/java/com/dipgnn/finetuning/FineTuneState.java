package com.dipgnn.finetuning;

import com.dipgnn.model.GraphModule;
import com.dipgnn.model.NodeEmbeddingTable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The mutable state of a fine-tuning run between steps: what a checkpoint must restore. */
final class FineTuneState {

    long step;
    double best = Double.NEGATIVE_INFINITY;
    long bestStep;
    Map<String, float[]> bestEncoder;
    Map<String, float[]> bestHead;
    /** Device copies of the encoder's per-node embedding tables at the best validation, by path. */
    Map<String, NodeEmbeddingTable> bestTables = Map.of();

    int sinceBest;
    double lastLoss = Double.NaN;
    double intervalLoss;
    int intervalSteps;
    final List<FineTuneLogEntry> history = new ArrayList<>();

    void addLoss(double loss) {
        lastLoss = loss;
        intervalLoss += loss;
        intervalSteps++;
    }

    /** Records a validation; keeps the weights when the score improved. Returns whether it did. */
    boolean validated(Map<String, Double> metrics, double score, GraphModule encoder, GraphModule head) {
        boolean improved = score > best;
        if (improved) {
            best = score;
            bestStep = step;
            bestEncoder = encoder.snapshot();
            bestHead = head.snapshot();
            keepBestTables(copies(encoder));
            sinceBest = 0;
        } else {
            sinceBest++;
        }
        double mean = intervalSteps == 0 ? Double.NaN : intervalLoss / intervalSteps;
        history.add(new FineTuneLogEntry(
                step, intervalSteps, mean, Collections.unmodifiableMap(new LinkedHashMap<>(metrics)), improved));
        intervalLoss = 0;
        intervalSteps = 0;
        return improved;
    }

    private static Map<String, NodeEmbeddingTable> copies(GraphModule encoder) {
        Map<String, NodeEmbeddingTable> copies = new LinkedHashMap<>();
        encoder.tables().forEach((path, table) -> copies.put(path, table.copy()));
        return copies;
    }

    /** Replaces the best tables, freeing the previous copies. */
    void keepBestTables(Map<String, NodeEmbeddingTable> tables) {
        bestTables.values().forEach(NodeEmbeddingTable::close);
        bestTables = tables;
    }

    /** Gives the encoder's tables the best copies' rows (the copies are consumed). */
    void restoreBestTables(GraphModule encoder) {
        encoder.tables().forEach((path, table) -> {
            NodeEmbeddingTable best = bestTables.get(path);
            if (best != null) {
                table.takeFrom(best);
            }
        });
        keepBestTables(Map.of());
    }
}
