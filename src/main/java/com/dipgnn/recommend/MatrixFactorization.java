package com.dipgnn.recommend;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Parameter;
import ai.djl.training.initializer.NormalInitializer;
import com.dipgnn.model.RowSparseParameter;

/**
 * Matrix factorisation: one free vector per user and per item (MF-BPR when trained with BPR).
 * Trained row-sparsely, a step gathers only its users' and items' rows and the optimizer updates
 * those rows alone (lazy Adam), so a step's cost follows the batch, not the catalog.
 */
public class MatrixFactorization extends Recommender {

    /** Standard deviation of the initial vectors (LightGCN's and NGCF's choice: 0.1). */
    public static final float INIT_STD = 0.1f;

    private final Parameter users;
    private final Parameter items;
    private final RowSparseParameter userRows;
    private final RowSparseParameter itemRows;

    /** Matrix factorisation updated densely (every row, every step). */
    public MatrixFactorization(int users, int items, int dim) {
        this(users, items, dim, false);
    }

    /**
     * @param rowSparse whether training reads and updates only the rows of each step's pairs
     */
    public MatrixFactorization(int users, int items, int dim, boolean rowSparse) {
        if (users < 1 || items < 1 || dim < 1) {
            throw new IllegalArgumentException("matrix factorisation needs users, items and width of at least 1; got "
                    + users + ", " + items + ", " + dim);
        }
        NormalInitializer init = new NormalInitializer(INIT_STD);
        if (rowSparse) {
            this.userRows = addRowSparseParameter("users", new Shape(users, dim), init);
            this.itemRows = addRowSparseParameter("items", new Shape(items, dim), init);
            this.users = userRows.parameter();
            this.items = itemRows.parameter();
        } else {
            this.userRows = null;
            this.itemRows = null;
            this.users = addParameter("users", new Shape(users, dim), init);
            this.items = addParameter("items", new Shape(items, dim), init);
        }
    }

    /** Whether training reads and updates only each step's rows. */
    public boolean rowSparse() {
        return userRows != null;
    }

    @Override
    public UserItemVectors vectors(NDManager scope, boolean training) {
        return new UserItemVectors(inScope(users.getArray(), scope), inScope(items.getArray(), scope));
    }

    @Override
    public UserItemVectors egoVectors() {
        return new UserItemVectors(users.getArray(), items.getArray());
    }

    @Override
    StepVectors stepVectors(TrainingPairs pairs, NDManager scope) {
        if (!rowSparse()) {
            return super.stepVectors(pairs, scope);
        }
        TrainingPairs.Rows rows = pairs.rows();
        UserItemVectors read = new UserItemVectors(
                userRows.gatherForTraining(scope, rows.users()), itemRows.gatherForTraining(scope, rows.items()));
        return new StepVectors(read, read, rows.local());
    }
}
