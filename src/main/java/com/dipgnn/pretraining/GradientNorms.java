package com.dipgnn.pretraining;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.nn.Parameter;
import ai.djl.training.GradientCollector;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.NodeEmbeddingTable;
import com.dipgnn.model.SparseGradient;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A diagnostic of what drives each encoder (issue 17, hypothesis 4): per loss term of a step,
 * weighted as it enters the total ({@link PretrainObjective.Outcome#terms()}), the L2 norm of its
 * gradient on the parameters of the encoder it trains ({@link LossTerm#network()}: the generator's
 * for {@code gen_*} and {@code gae}, the discriminator's for {@code disc_*}; per-node embedding rows
 * included). Reported as {@code grad_norm_<term>}.
 *
 * <p>Each term gets a forward and backward pass of its own, run with the step's engine seed so
 * every pass computes the same step; gradients are zeroed after each, so no parameter and no
 * optimizer state changes. A measured step costs one forward and backward pass per term more.
 */
public final class GradientNorms {

    /** Prefix of the reported figures. */
    public static final String PREFIX = "grad_norm_";

    private final PretrainObjective objective;
    private final PretrainNetworks networks;

    public GradientNorms(PretrainObjective objective, PretrainNetworks networks) {
        this.objective = objective;
        this.networks = networks;
    }

    /**
     * The norms for {@code batch}, computing each pass with {@code engineSeed}; the caller sets the
     * seed again before training on the batch.
     */
    public Map<String, Double> measure(PretrainBatch batch, NDManager manager, Engine engine, int engineSeed) {
        Map<String, Double> out = new LinkedHashMap<>();
        List<LossTerm> terms = null; // named by the first pass, which also measures the first term
        for (int i = 0; terms == null || i < terms.size(); i++) {
            try (NDManager scope = manager.newSubManager()) {
                engine.setRandomSeed(engineSeed);
                LossTerm term;
                try (GradientCollector collector = engine.newGradientCollector()) {
                    Map<LossTerm, NDArray> computed =
                            objective.compute(batch, scope, true).terms();
                    if (terms == null) {
                        terms = List.copyOf(computed.keySet());
                        if (terms.isEmpty()) {
                            break;
                        }
                    }
                    term = terms.get(i);
                    collector.backward(computed.get(term));
                }
                GraphEncoder encoder = switch (term.network()) {
                    case GENERATOR -> networks.generator();
                    case DISCRIMINATOR -> networks.discriminator();
                };
                if (encoder != null) {
                    out.put(PREFIX + term.name(), norm(encoder));
                }
                zeroGradients();
            }
        }
        return out;
    }

    /** The L2 norm of the encoder's recorded gradient: dense parameters and the rows its tables read. */
    private static double norm(GraphEncoder encoder) {
        double squared = 0;
        for (Parameter p : encoder.parameters().values()) {
            NDArray g = p.getArray().getGradient();
            squared += g.square().sum().getFloat();
            g.close();
        }
        for (NodeEmbeddingTable table : encoder.nodeTables().values()) {
            for (SparseGradient rows : table.recordedGradients()) {
                if (!rows.values().isReleased()) {
                    NDArray g = rows.values().getGradient();
                    squared += g.square().sum().getFloat();
                    g.close();
                }
            }
        }
        return Math.sqrt(squared);
    }

    /** Zeroes every network's dense gradients and drops the rows the tables recorded. */
    private void zeroGradients() {
        for (GraphModule module : networks.modules().values()) {
            for (Parameter p : module.parameters().values()) {
                NDArray g = p.getArray().getGradient();
                g.subi(g);
                g.close();
            }
        }
        for (GraphEncoder encoder : new GraphEncoder[] {networks.generator(), networks.discriminator()}) {
            if (encoder != null) {
                encoder.nodeTables().values().forEach(NodeEmbeddingTable::drainGradients);
            }
        }
    }
}
