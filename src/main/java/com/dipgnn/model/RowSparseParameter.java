package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.nn.Parameter;
import java.util.List;

/**
 * A dense parameter that a training step reads by rows, such as a matrix factorisation's user
 * table: the step gathers the rows it needs into a leaf that records its gradient
 * ({@link SparseGradient}), and the optimizer updates those rows and their moments alone, so a
 * step costs its rows, not the table. Evaluation, checkpoints and the best-weights snapshot see the
 * whole parameter as usual.
 */
public final class RowSparseParameter {

    private final Parameter parameter;
    private final RecordedGradients recorded = new RecordedGradients();

    RowSparseParameter(Parameter parameter) {
        this.parameter = parameter;
    }

    /** The parameter (its array holds every row). */
    public Parameter parameter() {
        return parameter;
    }

    /**
     * The rows {@code rows} (each within the table), gathered into {@code scope} as a leaf that
     * records its gradient for the optimizer; no gradient reaches the whole array.
     */
    public NDArray gatherForTraining(NDManager scope, int[] rows) {
        NDArray weights = parameter.getArray();
        long height = weights.getShape().get(0);
        for (int r : rows) {
            if (r < 0 || r >= height) {
                throw new IndexOutOfBoundsException(
                        "row " + r + " of parameter '" + parameter.getName() + "' with " + height + " rows");
            }
        }
        NDArray view = weights.stopGradient();
        view.attach(scope);
        NDArray values = GraphOps.gatherRows(view, GraphOps.index(scope, rows));
        values.setRequiresGradient(true);
        recorded.record(rows, values);
        return values;
    }

    /** The gradients recorded since the last call (arrays of closed steps are dropped). */
    public List<SparseGradient> drainGradients() {
        return recorded.drain();
    }
}
