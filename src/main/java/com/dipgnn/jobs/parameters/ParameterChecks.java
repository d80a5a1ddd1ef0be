package com.dipgnn.jobs.parameters;

import com.dipgnn.graph.FeatureStandardization;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.jobs.runner.JobParameterException;
import com.dipgnn.model.Backbone;
import com.dipgnn.naming.EnumNames;
import com.dipgnn.text.TextInputScope;
import java.time.Duration;
import java.util.List;

/** Checks shared by the parameter records; each failure is a {@link JobParameterException}. */
final class ParameterChecks {

    /** The OpenAPI description of both jobs' {@code textInputs} (a constant, for the annotations). */
    /** The time-limit field of both training jobs, as the API document describes it. */
    static final String TIME_LIMIT_DESCRIPTION = "Seconds the job may train, counted from its first training step "
            + "(a job resumed after a restart counts again): training then ends after the step in progress and "
            + "the job saves what the steps done learned (fine-tuning: the best validated weights). Its progress "
            + "shows the step it ended at; a pre-trained model's provenance counts the steps run, a fine-tuned "
            + "model's names the step it keeps. Absent: until its steps are done";

    /** The most seconds a time limit may give: a year. */
    static final int TIME_LIMIT_MAX_SECONDS = 31_536_000;

    static final String TEXT_INPUTS_DESCRIPTION = "Which node types read their text as input features: all (every type "
            + "with text; a type with features reads its TF-IDF columns after them) or featureless (only types "
            + "without features; the others reach their text only through the text pair of pre-training)";

    private ParameterChecks() {}

    static void oneOf(String field, String value, List<String> allowed) {
        if (value == null || !allowed.contains(value)) {
            throw new JobParameterException(field, "'" + value + "' is not allowed; use one of " + allowed);
        }
    }

    /**
     * The value of {@code type} that {@code field} names ({@link EnumName}: one of the enum's API
     * names but {@code except}).
     */
    static <E extends Enum<E>> E named(String field, String value, Class<E> type, String... except) {
        oneOf(field, value, EnumNameValidator.allowed(type, except));
        return EnumNames.forType(type).parse(value);
    }

    /** The {@code textInputs} field, parsed. */
    static TextInputScope textInputs(String value) {
        return named("textInputs", value, TextInputScope.class);
    }

    /** The {@code standardizeFeatures} field, parsed. */
    static FeatureStandardization standardization(String value) {
        return named("standardizeFeatures", value, FeatureStandardization.class);
    }

    static Backbone backbone(String value) {
        return named("backbone", value, Backbone.class);
    }

    static void hiddenDivisibleByHeads(int hidden, int heads) {
        if (hidden % heads != 0) {
            throw new JobParameterException(
                    "hidden",
                    "hidden width " + hidden + " is not a multiple of the " + heads
                            + " heads; use a multiple of heads, e.g. " + Math.max(heads, hidden / heads * heads));
        }
    }

    static void nodeType(String field, HeteroGraph graph, String type) {
        if (!graph.hasNodeType(type)) {
            throw new JobParameterException(
                    field,
                    "graph '" + graph.name() + "' has no node type '" + type + "'; use one of " + graph.nodeTypes());
        }
    }

    /**
     * The node inputs with the per-node embedding fields applied to {@code base} (null fields keep
     * {@code base}'s).
     */
    static com.dipgnn.model.NodeInputConfig nodeInputs(
            com.dipgnn.model.NodeInputConfig base, String nodeEmbeddings, Integer embeddingWidth) {
        return nodeInputs(base, nodeEmbeddings, embeddingWidth, null, null);
    }

    /** {@link #nodeInputs(com.dipgnn.model.NodeInputConfig, String, Integer)} with structural inputs and row dropout. */
    static com.dipgnn.model.NodeInputConfig nodeInputs(
            com.dipgnn.model.NodeInputConfig base,
            String nodeEmbeddings,
            Integer embeddingWidth,
            String structuralInputs,
            Double rowDropout) {
        com.dipgnn.model.NodeInputConfig inputs = base;
        if (nodeEmbeddings != null) {
            try {
                inputs = inputs.withEmbeddings(com.dipgnn.model.TypeSelection.parse(nodeEmbeddings));
            } catch (IllegalArgumentException e) {
                throw new JobParameterException("nodeEmbeddings", e.getMessage());
            }
        }
        if (structuralInputs != null) {
            try {
                inputs = inputs.withStructural(com.dipgnn.model.TypeSelection.parse(structuralInputs));
            } catch (IllegalArgumentException e) {
                throw new JobParameterException("structuralInputs", e.getMessage());
            }
        }
        if (rowDropout != null) {
            inputs = inputs.withRowDropout(rowDropout);
        }
        return embeddingWidth == null ? inputs : inputs.withEmbeddingWidth(embeddingWidth);
    }

    /** The node types a per-node embedding selection lists exist in the graph. */
    static void embeddingTypes(HeteroGraph graph, com.dipgnn.model.NodeInputConfig inputs) {
        for (String type : inputs.embeddings().types()) {
            nodeType("nodeEmbeddings", graph, type);
        }
        for (String type : inputs.structural().types()) {
            nodeType("structuralInputs", graph, type);
        }
    }

    /** Node types with at least one labeled node. */
    static List<String> labeledTypes(HeteroGraph graph) {
        return graph.nodeTypes().stream()
                .filter(t -> graph.nodes(t).labels() != null
                        && graph.nodes(t).labels().labeledCount() > 0)
                .toList();
    }

    /** Relation keys that are not reverses (the ones worth predicting). */
    static List<String> forwardRelations(HeteroGraph graph) {
        return graph.relationTypes().stream()
                .filter(r -> !r.isReverse())
                .map(RelationType::key)
                .toList();
    }

    /** A job's time limit from its field; null when absent. */
    static Duration timeLimit(Integer seconds) {
        return seconds == null ? null : Duration.ofSeconds(seconds);
    }
}
