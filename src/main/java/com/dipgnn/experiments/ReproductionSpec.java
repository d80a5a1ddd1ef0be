package com.dipgnn.experiments;

import com.dipgnn.pretraining.PretrainConfig;
import com.dipgnn.pretraining.PretrainMethod;
import java.util.List;

/**
 * What a reproduction compares: the methods (with {@link PretrainMethod#NONE} as the baseline),
 * how many fine-tuning runs each (seeds {@code firstSeed ..}), and one pre-training budget that
 * every method gets.
 *
 * @param methods methods to compare, in report order
 * @param runs fine-tuning runs per method (the same seeds for every method, so runs pair up)
 * @param firstSeed seed of the first run
 * @param pretrain the pre-training settings (the method field is replaced per method)
 * @param pretrainPerRun pre-train again for every run (seeded like the run) instead of once per method
 * @param probe also fit a linear probe of each run's starting encoder, frozen (node task)
 * @param gradientNormsEvery measure each loss term's gradient norm every this many pre-training
 *     steps ({@link com.dipgnn.pretraining.GradientNorms}); 0: never
 */
public record ReproductionSpec(
        List<PretrainMethod> methods,
        int runs,
        long firstSeed,
        PretrainConfig pretrain,
        boolean pretrainPerRun,
        boolean probe,
        int gradientNormsEvery) {

    /** A reproduction without linear probes. */
    public ReproductionSpec(
            List<PretrainMethod> methods, int runs, long firstSeed, PretrainConfig pretrain, boolean pretrainPerRun) {
        this(methods, runs, firstSeed, pretrain, pretrainPerRun, false, 0);
    }

    public ReproductionSpec {
        methods = List.copyOf(methods);
        if (methods.isEmpty()) {
            throw new IllegalArgumentException("name at least one method to compare");
        }
        if (methods.stream().distinct().count() != methods.size()) {
            throw new IllegalArgumentException("methods are listed twice: " + methods);
        }
        if (runs < 1) {
            throw new IllegalArgumentException("runs must be at least 1 (got " + runs + ")");
        }
        if (gradientNormsEvery < 0) {
            throw new IllegalArgumentException(
                    "gradient norms every " + gradientNormsEvery + " steps: give a positive interval, or 0 for none");
        }
    }
}
