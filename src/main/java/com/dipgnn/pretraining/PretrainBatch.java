package com.dipgnn.pretraining;

import com.dipgnn.sampling.Subgraph;
import java.util.List;
import java.util.Map;

/**
 * The host-side work of one pre-training step, prepared ahead on a worker thread.
 *
 * @param step the step number (1-based)
 * @param unmasked the sampled subgraph without its masked edges (E_u, in both directions)
 * @param masked the masked edges per relation, with candidates and the E_u^d sample
 * @param featureMasked per featured node type, the local ids whose features are generated
 * @param totalEdges the subgraph's edges of the masked relations before masking (|E|, one
 *     direction per pair)
 * @param randomPicks for the random-generator ablation: per relation, the candidate slot drawn
 *     for each masked edge; empty otherwise
 * @param texts per node type with text, the texts the text pair generates this step (empty
 *     without a text pair)
 */
public record PretrainBatch(
        long step,
        Subgraph unmasked,
        List<MaskedRelation> masked,
        Map<String, int[]> featureMasked,
        long totalEdges,
        Map<String, int[]> randomPicks,
        List<MaskedTexts> texts) {

    public PretrainBatch {
        texts = List.copyOf(texts);
    }

    public int maskedEdges() {
        return masked.stream().mapToInt(MaskedRelation::size).sum();
    }
}
