package com.dipgnn.training;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.nn.Parameter;
import ai.djl.training.optimizer.Optimizer;
import ai.djl.training.tracker.Tracker;
import com.dipgnn.model.GraphModule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Applies one optimizer step to a set of modules: the optional L2 penalty's gradient, global
 * gradient-norm clipping, DJL's fused AdamW update, then zeroed gradients (PyTorch accumulates
 * them otherwise).
 */
public final class ParameterUpdater {

    private final Map<String, Parameter> parameters = new LinkedHashMap<>();
    private final Optimizer optimizer;
    private final double clipNorm;
    private final float l2;
    private double lastGradientNorm;

    public ParameterUpdater(OptimizerConfig config, GraphModule... modules) {
        for (int i = 0; i < modules.length; i++) {
            for (Map.Entry<String, Parameter> e : modules[i].parameters().entrySet()) {
                parameters.put(i + "/" + e.getKey(), e.getValue());
            }
        }
        this.optimizer = Optimizer.adamW()
                .optLearningRateTracker(Tracker.fixed((float) config.learningRate()))
                .optWeightDecays((float) config.weightDecay())
                .optEpsilon((float) config.epsilon())
                .optBeta1(0.9f)
                .optBeta2(0.999f)
                .build();
        this.clipNorm = config.clipNorm();
        this.l2 = (float) config.l2();
    }

    /** Clips, updates and zeroes the gradients. Call after {@code backward}, outside the collector. */
    public void step() {
        NDManager owner = parameters.values().iterator().next().getArray().getManager();
        try (NDManager scope = owner.newSubManager()) {
            List<NDArray> gradients = new ArrayList<>(parameters.size());
            double squared = 0;
            for (Parameter p : parameters.values()) {
                NDArray g = p.getArray().getGradient();
                g.attach(scope);
                if (l2 > 0) {
                    NDArray penalty = p.getArray().mul(l2);
                    penalty.attach(scope);
                    g.addi(penalty);
                }
                gradients.add(g);
                squared += g.square().sum().getFloat();
            }
            lastGradientNorm = Math.sqrt(squared);
            if (!Double.isFinite(lastGradientNorm)) {
                List<String> culprits = new ArrayList<>();
                int k = 0;
                for (String name : parameters.keySet()) {
                    NDArray g = gradients.get(k++);
                    if (!Float.isFinite(g.abs().max().getFloat())) {
                        culprits.add(name);
                    }
                    g.subi(g);
                }
                throw new NonFiniteLossException("gradient norm is " + lastGradientNorm + " (non-finite in "
                        + (culprits.size() > 5 ? culprits.subList(0, 5) + "..." : culprits) + ")");
            }
            float scale = clipNorm > 0 && lastGradientNorm > clipNorm ? (float) (clipNorm / lastGradientNorm) : 1f;
            int i = 0;
            for (Map.Entry<String, Parameter> e : parameters.entrySet()) {
                NDArray g = gradients.get(i++);
                if (scale != 1f) {
                    g.muli(scale);
                }
                optimizer.update(e.getKey(), e.getValue().getArray(), g);
                g.subi(g);
            }
        }
    }

    /** The global gradient norm before clipping, of the last step. */
    public double lastGradientNorm() {
        return lastGradientNorm;
    }
}
