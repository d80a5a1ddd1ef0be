package com.dipgnn.finetuning;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.inference.PreparedInputs;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.NodeIdSpace;
import com.dipgnn.ranking.PopularityPrior;
import com.dipgnn.store.InputPreparation;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.store.ModelStore;
import com.dipgnn.store.NodeEmbeddingFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Writes a fine-tuned model: its manifest, encoder and head, input files and per-node tables. */
final class FineTunedModelFiles {

    private FineTunedModelFiles() {}

    /**
     * Saves the trained {@code start} of a run with {@code seed} to {@code dir}, its per-node tables
     * in the id space of the prepared graph (the graph deployments serve).
     *
     * @param originalIds per node type, the id in the prepared graph of each node of the task's graph
     */
    static void save(
            Path dir,
            ExperimentSpec spec,
            String datasetName,
            PreparedInputs inputs,
            FineTuningTask<?> task,
            Map<String, int[]> originalIds,
            EncoderStart start,
            FineTuneResult result,
            long seed)
            throws IOException {
        ModelStore.save(
                dir,
                manifest(spec, datasetName, inputs, task, start, result, seed),
                start.encoder(),
                start.head(),
                inputs.attachment(),
                remaps(inputs.graph(), start.encoder(), originalIds));
    }

    private static ModelManifest manifest(
            ExperimentSpec spec,
            String datasetName,
            PreparedInputs inputs,
            FineTuningTask<?> task,
            EncoderStart start,
            FineTuneResult result,
            long seed) {
        Map<String, Integer> trained = new LinkedHashMap<>();
        start.encoder().nodeTables().forEach((type, table) -> trained.put(type, table.trainedCount()));
        InputPreparation preparation = new InputPreparation(
                spec.sampling(),
                spec.normalizeFeatures(),
                spec.standardizeFeatures(),
                List.copyOf(inputs.scaling().types().keySet()));
        ModelManifest manifest = ModelManifest.of(
                        spec.model(),
                        start.schema(),
                        task.describe(),
                        datasetName,
                        inputs.graph().fingerprint(),
                        spec.splitSeed(),
                        preparation,
                        result.metrics())
                .withSection(
                        FineTuneProvenance.SECTION,
                        new FineTuneProvenance(spec, seed, result.bestStep(), trained, start.fromPretrained()));
        return result.popularityPrior() == null
                ? manifest
                : manifest.withSection(PopularityPrior.SECTION, result.popularityPrior());
    }

    /**
     * How each table is saved: in the id space of {@code graph}, a node outside the fine-tuning part
     * getting an untrained row; nothing when the ids are the same.
     */
    private static Map<String, NodeEmbeddingFiles.Remap> remaps(
            HeteroGraph graph, GraphEncoder encoder, Map<String, int[]> originalIds) {
        Map<String, NodeEmbeddingFiles.Remap> remaps = new LinkedHashMap<>();
        encoder.nodeTables().forEach((type, table) -> {
            NodeIdSpace space = NodeIdSpace.of(graph.nodes(type));
            int[] original = originalIds.get(type);
            if (space.equals(table.idSpace()) && isIdentity(original)) {
                return;
            }
            int[] source = new int[space.count()];
            Arrays.fill(source, -1);
            for (int row = 0; row < original.length; row++) {
                source[original[row]] = row;
            }
            remaps.put(type, new NodeEmbeddingFiles.Remap(space, source));
        });
        return remaps;
    }

    private static boolean isIdentity(int[] ids) {
        for (int i = 0; i < ids.length; i++) {
            if (ids[i] != i) {
                return false;
            }
        }
        return true;
    }
}
