package com.dipgnn.graph;

import com.dipgnn.naming.EnumNames;
import java.util.Map;

/**
 * Whether a model standardises its dense numeric feature columns ({@link FeatureScaling}).
 * {@link #AUTO}, the default, standardises every dense column that is not a binary indicator with
 * statistics of the nodes pre-training may see; {@link #NONE} feeds the features as loaded.
 * Row normalisation ({@code --normalize-features}) excludes standardisation: a run that
 * row-normalises does not standardise, whatever this setting says ({@link FeaturePreprocessing}).
 */
public enum FeatureStandardization {

    /** Standardise dense non-binary columns (the rule of {@link FeatureScaling}). */
    AUTO,

    /** Leave features as loaded. */
    NONE;

    private static final EnumNames<FeatureStandardization> NAMES = EnumNames.of(
                    FeatureStandardization.class, "feature standardisation")
            .note(AUTO, "standardise dense non-binary feature columns")
            .build();

    /** The setting named {@code auto} or {@code none} (case-insensitive). */
    public static FeatureStandardization parse(String name) {
        return NAMES.parse(name);
    }

    /** The name {@link #parse} reads: {@code auto} or {@code none}. */
    public String cliName() {
        return NAMES.name(this);
    }

    /**
     * The scaling this setting gives for the features of {@code nodes} (per type, node ids of
     * {@code graph}): fitted on them for {@link #AUTO}, the identity for {@link #NONE}.
     */
    public FeatureScaling fit(HeteroGraph graph, Map<String, int[]> nodes) {
        return this == AUTO ? FeatureScaling.fit(graph, nodes) : FeatureScaling.identity();
    }
}
