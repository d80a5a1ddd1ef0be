package com.dipgnn.pretraining;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.GradientCollector;
import com.dipgnn.graph.RelationType;
import com.dipgnn.training.FineTuner;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Wall time and peak memory of the generator's candidate scoring, forward and backward, on a whole-graph-sized relation. */
public class CandMem {
    public static void main(String[] a) {
        int sources = Integer.parseInt(a[0]), targets = Integer.parseInt(a[1]), edges = Integer.parseInt(a[2]);
        int width = 256, hidden = 64;
        RelationType rel = new RelationType("user", "visits", "place");
        Random rng = new Random(1);
        int[] src = new int[edges], tgt = new int[edges], cand = new int[edges * width];
        boolean[] valid = new boolean[edges * width];
        for (int i = 0; i < edges; i++) {
            src[i] = rng.nextInt(sources); tgt[i] = rng.nextInt(targets);
            cand[i * width] = src[i]; valid[i * width] = true;
            for (int k = 1; k < width; k++) { cand[i * width + k] = rng.nextInt(sources); valid[i * width + k] = true; }
        }
        MaskedRelation m = new MaskedRelation(rel, false, src, tgt, cand, valid, width, new int[0], new int[0]);
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            EdgeHeads heads = new EdgeHeads(List.of(rel), hidden);
            FineTuner.initialize(3, manager, heads);
            NDArray hs = manager.randomNormal(new Shape(sources, hidden));
            NDArray ht = manager.randomNormal(new Shape(targets, hidden));
            hs.setRequiresGradient(true);
            long t0 = System.nanoTime();
            try (GradientCollector c = Engine.getInstance().newGradientCollector()) {
                NDArray logits = PretrainObjective.candidateLogits(m, Map.of("user", hs, "place", ht), heads, manager, 0.2f,
                        PretrainObjective.MAX_SCORES_PER_PRODUCT);
                c.backward(logits.sum());
            }
            System.out.printf("sources %d, targets %d, masked edges %d: forward+backward %.1f s, gradient norm %.4f%n",
                    sources, targets, edges, (System.nanoTime() - t0) / 1e9, hs.getGradient().norm().getFloat());
        }
    }
}
