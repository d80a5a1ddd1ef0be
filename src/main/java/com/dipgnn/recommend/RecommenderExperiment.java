package com.dipgnn.recommend;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.split.EdgeSplitKind;
import com.dipgnn.optim.TrainingListener;
import com.dipgnn.ranking.PopularityPriorSetting;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * One baseline-recommender experiment end to end: the transductive split of the interaction
 * relation (the same split, for the same seed, as the GNN link task's), the model, training and
 * evaluation. The engine's front door for the CLI; it knows nothing of it.
 */
public final class RecommenderExperiment {

    private final HeteroGraph graph;
    private final InteractionSplit split;
    private final SplitMode mode;
    private final long splitSeed;
    private final RecommenderConfig config;
    private final Device device;
    private final double validationFraction;
    private final PopularityPriorSetting popularityPrior;

    /**
     * @param relation the user → item relation by name or key; null: the graph's first non-reverse one
     * @param mode an edge split: the data set's own, a per-user hold-out or leave-one-out
     */
    public RecommenderExperiment(
            HeteroGraph graph,
            String relation,
            SplitMode mode,
            long splitSeed,
            RecommenderConfig config,
            Device device) {
        this(graph, relation, mode, splitSeed, EdgeSplitKind.DEFAULT_VALIDATION_FRACTION, config, device);
    }

    /**
     * @param validationFraction the share of the data set's own training pairs carved out for
     *     validation when it marks none; 0 trains on every training pair for all the epochs, with
     *     no validation and no early stopping (the epoch count chosen by an earlier run that had one)
     */
    public RecommenderExperiment(
            HeteroGraph graph,
            String relation,
            SplitMode mode,
            long splitSeed,
            double validationFraction,
            RecommenderConfig config,
            Device device) {
        if (validationFraction < 0 || validationFraction >= 1) {
            throw new IllegalArgumentException("the validation share must be in [0, 1); got " + validationFraction);
        }
        if (mode == SplitMode.TRANSFER) {
            throw new IllegalArgumentException("the " + config.kind().cliName() + " recommender learns one vector per "
                    + "node and cannot rank nodes it never saw: use --split dataset, holdout or leave-one-out");
        }
        RelationType r = ExperimentSpec.predictedRelation(graph, relation);
        this.graph = graph;
        this.split = InteractionSplit.of(mode.edgeSplitKind().split(graph, r, splitSeed, validationFraction));
        this.validationFraction = validationFraction;
        this.mode = mode;
        this.splitSeed = splitSeed;
        this.config = config;
        this.device = device;
        this.popularityPrior = PopularityPriorSetting.OFF;
    }

    private RecommenderExperiment(RecommenderExperiment from, PopularityPriorSetting popularityPrior) {
        this.graph = from.graph;
        this.split = from.split;
        this.validationFraction = from.validationFraction;
        this.mode = from.mode;
        this.splitSeed = from.splitSeed;
        this.config = from.config;
        this.device = from.device;
        this.popularityPrior = Objects.requireNonNull(popularityPrior, "popularityPrior");
    }

    /**
     * Ranks with a popularity prior set as {@code setting} says once training ends (default
     * {@link PopularityPriorSetting#OFF}: the field's baselines rank by their own scores). {@code auto}
     * on a split with no validation pairs is refused by {@link #run}, before training.
     */
    public RecommenderExperiment withPopularityPrior(PopularityPriorSetting setting) {
        return new RecommenderExperiment(this, setting);
    }

    /** Trains with {@code seed} (checkpoints in {@code checkpoints} when not null) and evaluates. */
    public RecommenderResult run(long seed, TrainingListener listener, Path checkpoints) throws IOException {
        RecommenderTrainer trainer = new RecommenderTrainer(config, seed, listener, popularityPrior);
        try (NDManager manager = NDManager.newBaseManager(device)) {
            Recommender model = trainer.create(split, manager);
            return trainer.run(
                    split,
                    model,
                    manager,
                    checkpoints,
                    new RecommenderData(graph.fingerprint(), mode, splitSeed, validationFraction));
        }
    }

    public InteractionSplit split() {
        return split;
    }
}
