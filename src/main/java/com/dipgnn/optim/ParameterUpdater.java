package com.dipgnn.optim;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.nn.Parameter;
import com.dipgnn.model.ChunkedArrays;
import com.dipgnn.model.GraphModule;
import com.dipgnn.model.GraphOps;
import com.dipgnn.model.NodeEmbeddingTable;
import com.dipgnn.model.RowSparseParameter;
import com.dipgnn.store.CheckpointRefusedException;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Applies one optimizer step to a set of modules: the optional L2 penalty's gradient, global
 * gradient-norm clipping, the engine's fused AdamW update (the kernel DJL's {@code AdamW} calls,
 * with the same bias correction), then zeroed gradients (PyTorch accumulates them otherwise).
 * The modules' per-node embedding tables are not dense parameters: the rows the step's forward
 * passes read are updated with {@link LazyAdam} (their gradients count in the clipping norm), and
 * marked trained; every other row, and its moments, stays as it was. Parameters that training reads
 * by rows ({@link RowSparseParameter}) are updated the same way, their moments kept with the dense
 * parameters' (so the exported state is the same for both).
 *
 * <p>The optimizer state (first and second moments, step count) is held here rather than inside a
 * DJL {@code Optimizer}, so a checkpoint can save it and a resumed run continue exactly.
 */
public final class ParameterUpdater {

    private static final float BETA1 = 0.9f;
    private static final float BETA2 = 0.999f;

    private final Map<String, Parameter> parameters = new LinkedHashMap<>();
    private final Map<String, NDArray> means = new LinkedHashMap<>();
    private final Map<String, NDArray> variances = new LinkedHashMap<>();
    private final Map<String, NodeEmbeddingTable> tables = new LinkedHashMap<>();
    private final Map<String, RowSparseParameter> rowSparse = new LinkedHashMap<>();
    private final Map<String, NDArray> tableMeans = new LinkedHashMap<>();
    private final Map<String, NDArray> tableVariances = new LinkedHashMap<>();
    private final GraphModule[] modules;
    /** Per module, the factor its dense parameters take on top of {@link #learningRateFactor}. */
    private final float[] moduleFactors;
    /** Per dense parameter, the index of its module. */
    private final Map<String, Integer> moduleOf = new LinkedHashMap<>();

    private final float learningRate;
    private LazyAdam lazyAdam;
    private float learningRateFactor = 1f;
    private final float weightDecay;
    private final float epsilon;
    private final double clipNorm;
    private final float l2;
    private int updates;
    private double lastGradientNorm;

    public ParameterUpdater(OptimizerConfig config, GraphModule... modules) {
        this.modules = modules.clone();
        this.moduleFactors = new float[modules.length];
        Arrays.fill(moduleFactors, 1f);
        for (int i = 0; i < modules.length; i++) {
            for (Map.Entry<String, Parameter> e : modules[i].parameters().entrySet()) {
                parameters.put(i + "/" + e.getKey(), e.getValue());
                moduleOf.put(i + "/" + e.getKey(), i);
            }
            for (Map.Entry<String, NodeEmbeddingTable> e : modules[i].tables().entrySet()) {
                tables.put(i + "/" + e.getKey(), e.getValue());
            }
            for (Map.Entry<String, RowSparseParameter> e :
                    modules[i].rowSparseParameters().entrySet()) {
                rowSparse.put(i + "/" + e.getKey(), e.getValue());
            }
        }
        this.learningRate = (float) config.learningRate();
        this.weightDecay = (float) config.weightDecay();
        this.epsilon = (float) config.epsilon();
        this.clipNorm = config.clipNorm();
        this.l2 = (float) config.l2();
        this.lazyAdam = new LazyAdam(learningRate, BETA1, BETA2, epsilon, weightDecay);
    }

    /** Clips, updates and zeroes the gradients. Call after {@code backward}, outside the collector. */
    public void step() {
        NDManager owner = parameters.values().iterator().next().getArray().getManager();
        try (NDManager scope = owner.newSubManager()) {
            Map<String, NDArray> gradients = new LinkedHashMap<>();
            NDList squares = new NDList();
            for (Map.Entry<String, Parameter> e : parameters.entrySet()) {
                if (rowSparse.containsKey(e.getKey())) {
                    continue;
                }
                NDArray g = e.getValue().getArray().getGradient();
                g.attach(scope);
                if (l2 > 0) {
                    NDArray penalty = e.getValue().getArray().mul(l2);
                    penalty.attach(scope);
                    g.addi(penalty);
                }
                gradients.put(e.getKey(), g);
                squares.add(g.square().sum());
            }
            Map<String, SparseRows> sparse = sparseGradients(scope);
            Map<String, SparseRows> parameterRows = rowSparseGradients(scope);
            for (SparseRows rows : sparse.values()) {
                squares.add(rows.gradients().square().sum());
            }
            for (SparseRows rows : parameterRows.values()) {
                squares.add(rows.gradients().square().sum());
            }
            lastGradientNorm = squares.isEmpty() ? 0 : Math.sqrt(sumOnHost(squares));
            if (!Double.isFinite(lastGradientNorm)) {
                String culprits = largestGradients(gradients);
                for (NDArray g : gradients.values()) {
                    g.subi(g);
                }
                throw new NonFiniteLossException(
                        "gradient norm is " + lastGradientNorm + " (largest gradients: " + culprits + ")");
            }
            float scale = clipNorm > 0 && lastGradientNorm > clipNorm ? (float) (clipNorm / lastGradientNorm) : 1f;
            updates++;
            double rootBeta2 = Math.sqrt(1 - Math.pow(BETA2, updates));
            double oneMinusBeta1 = 1 - Math.pow(BETA1, updates);
            for (Map.Entry<String, NDArray> e : gradients.entrySet()) {
                NDArray g = e.getValue();
                if (scale != 1f) {
                    g.muli(scale);
                }
                float rate = learningRate * learningRateFactor * moduleFactors[moduleOf.get(e.getKey())];
                adamW(e.getKey(), parameters.get(e.getKey()).getArray(), g, rate, (float)
                        (rate * rootBeta2 / oneMinusBeta1));
                g.subi(g);
            }
            for (Map.Entry<String, SparseRows> e : sparse.entrySet()) {
                updateRows(e.getKey(), e.getValue(), scale, scope);
            }
            for (Map.Entry<String, SparseRows> e : parameterRows.entrySet()) {
                updateParameterRows(e.getKey(), e.getValue(), scale, scope);
            }
        }
    }

    /** The rows of each row-sparse parameter the step read, with their summed gradients (the L2 penalty's added). */
    private Map<String, SparseRows> rowSparseGradients(NDManager scope) {
        Map<String, SparseRows> rows = new LinkedHashMap<>();
        for (Map.Entry<String, RowSparseParameter> e : rowSparse.entrySet()) {
            SparseRows read = SparseRows.collect(e.getValue().drainGradients(), scope);
            if (read == null) {
                continue;
            }
            if (l2 > 0) {
                NDArray weights = detached(e.getValue().parameter().getArray(), scope);
                NDArray penalty =
                        GraphOps.gatherRows(weights, scope.create(read.rows())).mul(l2);
                read = new SparseRows(read.rows(), read.gradients().add(penalty));
            }
            rows.put(e.getKey(), read);
        }
        return rows;
    }

    private void updateParameterRows(String name, SparseRows rows, float scale, NDManager scope) {
        NDArray weights = parameters.get(name).getArray();
        // the update writes through a view outside autograd; the moments are the parameter's own size and manager
        lazyUpdate(detached(weights, scope), weights, name, means, variances, rows, scale, scope);
    }

    /** A view of {@code weights} sharing its storage, outside autograd, owned by {@code scope}. */
    private static NDArray detached(NDArray weights, NDManager scope) {
        NDArray view = weights.stopGradient();
        view.attach(scope);
        return view;
    }

    /** The rows each table's forward passes read since the last step, with their summed gradients. */
    private Map<String, SparseRows> sparseGradients(NDManager scope) {
        Map<String, SparseRows> sparse = new LinkedHashMap<>();
        for (Map.Entry<String, NodeEmbeddingTable> e : tables.entrySet()) {
            SparseRows rows = SparseRows.collect(e.getValue().drainGradients(), scope);
            if (rows != null) {
                sparse.put(e.getKey(), rows);
            }
        }
        return sparse;
    }

    private void updateRows(String name, SparseRows rows, float scale, NDManager scope) {
        NodeEmbeddingTable table = tables.get(name);
        lazyUpdate(table.weights(), table.weights(), name, tableMeans, tableVariances, rows, scale, scope);
        table.markTrained(rows.rows());
    }

    /**
     * Lazy Adam on {@code rows} of {@code weights}, with the moments kept in {@code means} and
     * {@code variances} (created like {@code owner}, in its manager, on first use).
     */
    private void lazyUpdate(
            NDArray weights,
            NDArray owner,
            String name,
            Map<String, NDArray> means,
            Map<String, NDArray> variances,
            SparseRows rows,
            float scale,
            NDManager scope) {
        NDArray mean = means.computeIfAbsent(name, k -> owner.zerosLike());
        NDArray variance = variances.computeIfAbsent(name, k -> owner.zerosLike());
        NDArray g = scale == 1f ? rows.gradients() : rows.gradients().mul(scale);
        lazyAdam.update(weights, mean, variance, rows.rows(), g, updates, scope);
    }

    private void adamW(String name, NDArray weight, NDArray gradient, float rate, float correction) {
        NDArray mean = means.computeIfAbsent(name, k -> weight.zerosLike());
        NDArray variance = variances.computeIfAbsent(name, k -> weight.zerosLike());
        weight.getNDArrayInternal()
                .adamUpdate(
                        new NDList(weight, gradient, mean, variance),
                        new NDList(weight),
                        rate,
                        correction,
                        weightDecay,
                        1f,
                        -1f,
                        BETA1,
                        BETA2,
                        epsilon,
                        true,
                        true);
    }

    /**
     * The sum, in double precision and in order, of scalars: one copy to the host for them all (one
     * per parameter stalled a GPU as often), the same sum as adding them one by one.
     */
    private static double sumOnHost(NDList scalars) {
        double sum = 0;
        for (float v : NDArrays.stack(scalars).toFloatArray()) {
            sum += v;
        }
        return sum;
    }

    /** The five parameters with the largest absolute gradient entry, for error messages. */
    private static String largestGradients(Map<String, NDArray> gradients) {
        List<Map.Entry<String, Float>> sizes = new ArrayList<>();
        gradients.forEach((name, g) -> sizes.add(Map.entry(name, g.abs().max().getFloat())));
        sizes.sort((a, b) -> Float.compare(b.getValue(), a.getValue()));
        return sizes.subList(0, Math.min(5, sizes.size())).toString();
    }

    /**
     * Multiplies the configured learning rate by {@code factor} from the next step on (a schedule's
     * factor for that step; 1 restores the configured rate). Dense parameters and embedding rows alike.
     */
    public void setLearningRateFactor(double factor) {
        requireFactor(factor);
        if ((float) factor != learningRateFactor) {
            learningRateFactor = (float) factor;
            lazyAdam = new LazyAdam(learningRate * learningRateFactor, BETA1, BETA2, epsilon, weightDecay);
        }
    }

    /**
     * Multiplies the learning rate of {@code module}'s dense parameters by {@code factor} on top of
     * {@link #setLearningRateFactor}'s, from the next step on (a schedule of its own for one part of the
     * networks, such as the text pair's warmup; 1 restores it). A module whose rows are updated lazily
     * (embedding tables, row-sparse parameters) cannot take one.
     *
     * @throws IllegalArgumentException when {@code module} is not one this updater steps, or has lazy rows
     */
    public void setLearningRateFactor(GraphModule module, double factor) {
        requireFactor(factor);
        for (int i = 0; i < modules.length; i++) {
            if (modules[i] == module) {
                if (!module.tables().isEmpty() || !module.rowSparseParameters().isEmpty()) {
                    throw new IllegalArgumentException(
                            "a module with embedding tables or row-sparse parameters has no learning rate of its own");
                }
                moduleFactors[i] = (float) factor;
                return;
            }
        }
        throw new IllegalArgumentException("the module is not one this updater steps");
    }

    private static void requireFactor(double factor) {
        if (!(factor >= 0) || factor > 1) {
            throw new IllegalArgumentException("learning-rate factor must be within 0..1; got " + factor);
        }
    }

    /** Optimizer steps taken so far. */
    public int updates() {
        return updates;
    }

    /**
     * The optimizer state as plain arrays: per parameter its first ({@code m/...}) and second
     * ({@code v/...}) moments, for checkpoints.
     */
    public Map<String, float[]> exportState() {
        Map<String, float[]> state = new LinkedHashMap<>();
        means.forEach((name, m) -> state.put("m/" + name, m.toFloatArray()));
        variances.forEach((name, v) -> state.put("v/" + name, v.toFloatArray()));
        return state;
    }

    /** Restores a state taken by {@link #exportState} after {@code steps} updates. */
    public void importState(Map<String, float[]> state, int steps) {
        for (Map.Entry<String, Parameter> e : parameters.entrySet()) {
            NDArray weight = e.getValue().getArray();
            float[] m = state.get("m/" + e.getKey());
            float[] v = state.get("v/" + e.getKey());
            if (m == null || v == null) {
                throw new CheckpointRefusedException("optimizer state has no moments for parameter " + e.getKey()
                        + "; the checkpoint was written for another model");
            }
            means.put(e.getKey(), copyOf(weight, m));
            variances.put(e.getKey(), copyOf(weight, v));
        }
        this.updates = steps;
    }

    /** The first and second moments of a table ({@code <module index>/<path>}), or null before its first update. */
    NDArray[] tableMoments(String name) {
        NDArray mean = tableMeans.get(name);
        return mean == null ? null : new NDArray[] {mean, tableVariances.get(name)};
    }

    /** Whether the modules have per-node embedding tables (whose moments {@link #writeTableState} saves). */
    public boolean hasTables() {
        return !tables.isEmpty();
    }

    /**
     * Writes the tables' moments (zeros for a table not yet updated), in chunks of rows: the part of
     * the optimizer state that {@link #exportState} leaves out.
     */
    public void writeTableState(DataOutputStream out, int chunkFloats) throws IOException {
        out.writeInt(tables.size());
        for (Map.Entry<String, NodeEmbeddingTable> e : tables.entrySet()) {
            NDArray weights = e.getValue().weights();
            out.writeUTF(e.getKey());
            NDArray mean = tableMeans.computeIfAbsent(e.getKey(), k -> weights.zerosLike());
            NDArray variance = tableVariances.computeIfAbsent(e.getKey(), k -> weights.zerosLike());
            ChunkedArrays.write(out, mean, chunkFloats);
            ChunkedArrays.write(out, variance, chunkFloats);
        }
    }

    /** Restores moments written by {@link #writeTableState} for the same tables. */
    public void readTableState(DataInputStream in, int chunkFloats) throws IOException {
        int count = in.readInt();
        if (count != tables.size()) {
            throw new CheckpointRefusedException(
                    "the optimizer state holds " + count + " embedding tables, this model has " + tables.size()
                            + "; the checkpoint was written for another model");
        }
        for (Map.Entry<String, NodeEmbeddingTable> e : tables.entrySet()) {
            String name = in.readUTF();
            if (!name.equals(e.getKey())) {
                throw new CheckpointRefusedException(
                        "the optimizer state holds embedding table " + name + " where this " + "model has " + e.getKey()
                                + "; the checkpoint was written for another model");
            }
            NDManager owner = e.getValue().weights().getManager();
            replace(tableMeans, name, ChunkedArrays.read(in, owner, chunkFloats));
            replace(tableVariances, name, ChunkedArrays.read(in, owner, chunkFloats));
        }
    }

    private static void replace(Map<String, NDArray> moments, String name, NDArray value) {
        NDArray old = moments.put(name, value);
        if (old != null) {
            old.close();
        }
    }

    private static NDArray copyOf(NDArray like, float[] values) {
        NDArray copy = like.getManager().create(values, like.getShape());
        return copy.toDevice(like.getDevice(), false);
    }

    /** The global gradient norm before clipping, of the last step. */
    public double lastGradientNorm() {
        return lastGradientNorm;
    }
}
