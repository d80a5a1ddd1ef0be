package com.dipgnn.finetuning;

import com.dipgnn.model.GraphModule;
import com.dipgnn.model.NodeEmbeddingTable;
import com.dipgnn.optim.EarlyStopping;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The mutable state of a fine-tuning run between steps: what a checkpoint must restore. */
final class FineTuneState {

    /**
     * The weights at the best validation.
     *
     * @param encoder the encoder's parameters
     * @param head the head's parameters
     * @param tables device copies of the encoder's per-node embedding tables, by path
     */
    record BestWeights(
            Map<String, float[]> encoder, Map<String, float[]> head, Map<String, NodeEmbeddingTable> tables) {

        static BestWeights of(GraphModule encoder, GraphModule head) {
            Map<String, NodeEmbeddingTable> copies = new LinkedHashMap<>();
            encoder.tables().forEach((path, table) -> copies.put(path, table.copy()));
            return new BestWeights(encoder.snapshot(), head.snapshot(), copies);
        }

        /** Frees the table copies. */
        void release() {
            tables.values().forEach(NodeEmbeddingTable::close);
        }

        /** Gives the modules these weights (the table copies are consumed). */
        void restoreInto(GraphModule encoder, GraphModule head) {
            encoder.restore(this.encoder);
            head.restore(this.head);
            encoder.tables().forEach((path, table) -> {
                NodeEmbeddingTable best = tables.get(path);
                if (best != null) {
                    table.takeFrom(best);
                }
            });
            release();
        }
    }

    final EarlyStopping<BestWeights> stopping;
    long step;
    double lastLoss = Double.NaN;
    double intervalLoss;
    int intervalSteps;
    final List<FineTuneLogEntry> history = new ArrayList<>();

    FineTuneState(FineTuneConfig config) {
        stopping = new EarlyStopping<>(config.evalEvery(), config.patience(), BestWeights::release);
    }

    void addLoss(double loss) {
        lastLoss = loss;
        intervalLoss += loss;
        intervalSteps++;
    }

    /** Records a validation; keeps the weights when the score improved. Returns whether it did. */
    boolean validated(Map<String, Double> metrics, double score, GraphModule encoder, GraphModule head) {
        boolean improved = stopping.validated(step, score, () -> BestWeights.of(encoder, head));
        double mean = intervalSteps == 0 ? Double.NaN : intervalLoss / intervalSteps;
        history.add(new FineTuneLogEntry(
                step, intervalSteps, mean, Collections.unmodifiableMap(new LinkedHashMap<>(metrics)), improved));
        intervalLoss = 0;
        intervalSteps = 0;
        return improved;
    }
}
