package com.dipgnn.store;

import com.dipgnn.graph.RelationType;
import com.dipgnn.ranking.NegativeSampling;
import com.dipgnn.ranking.RankingLoss;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Locale;
import java.util.Objects;

/**
 * What a stored model was trained for, as its manifest records it (format 3): a node classifier, a
 * link predictor, a pre-trained encoder, or (read only) a task this version does not know. Each
 * variant is written with its {@link #kind()} ({@code node}, {@code link}, {@code pretrain}) under the
 * key {@code task}, beside its fields in snake case and its enums by their lower-case names: the
 * JSON of formats 1 and 2, which the model API returns, so typing the task changed nothing a client
 * reads. {@link ManifestMigration} checks and completes the key-value task of formats 1 and 2.
 */
@JsonDeserialize(using = ModelTask.Reader.class)
public sealed interface ModelTask
        permits ModelTask.NodeClassification, ModelTask.LinkPrediction, ModelTask.Pretraining, ModelTask.UnknownTask {

    /** The key under which the kind is written (as formats 1 and 2 wrote it). */
    String KIND_KEY = "task";

    /** The kind as written in the manifest: {@code node}, {@code link} or {@code pretrain}. */
    @JsonProperty(KIND_KEY)
    String kind();

    /** An enum constant's stored name: lower case, {@code _} written {@code -} ({@code uniform-logq}). */
    static String storedName(Enum<?> constant) {
        return lowerCaseName(constant).replace('_', '-');
    }

    /** An enum constant's name in lower case ({@code dot_softmax}), as formats 1 and 2 wrote the loss. */
    static String lowerCaseName(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT);
    }

    /** The constant of {@code type} whose stored name is {@code name} (either separator, any case). */
    static <E extends Enum<E>> E fromStoredName(Class<E> type, String name) {
        return Enum.valueOf(type, name.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
    }

    /**
     * A node classifier.
     *
     * @param targetType the classified node type
     * @param numClasses classes (the width of the head)
     * @param multiLabel whether a node may carry several labels (independent sigmoids), else one (softmax)
     * @param trainNodes labelled nodes fine-tuning trained on
     * @param valNodes labelled nodes it validated on
     * @param testNodes labelled nodes it tested on
     */
    @JsonDeserialize(using = JsonDeserializer.None.class)
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record NodeClassification(
            String targetType,
            int numClasses,
            boolean multiLabel,
            @JsonProperty("train") int trainNodes,
            @JsonProperty("val") int valNodes,
            @JsonProperty("test") int testNodes)
            implements ModelTask {

        public static final String KIND = "node";

        public NodeClassification {
            Objects.requireNonNull(targetType, "targetType");
        }

        @Override
        public String kind() {
            return KIND;
        }
    }

    /**
     * A link predictor (a cosine head over the encoder's embeddings).
     *
     * @param relation the predicted relation's key, {@code src__name__dst} (as the manifest lists its relations)
     * @param evalNegatives negatives each held-out edge was ranked against
     * @param trainNegatives sampled negatives per training step (0 with in-batch negatives)
     * @param loss the training loss
     * @param negativeSampling where the training negatives came from
     * @param temperature the logits' temperature
     * @param trainEdges edges fine-tuning trained on
     * @param valEdges edges it validated on
     * @param testEdges edges it tested on
     */
    @JsonDeserialize(using = JsonDeserializer.None.class)
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record LinkPrediction(
            String relation,
            int evalNegatives,
            int trainNegatives,

            @JsonSerialize(using = LowerCaseName.class) @JsonDeserialize(using = StoredLoss.class)
            RankingLoss loss,

            @JsonSerialize(using = StoredName.class) @JsonDeserialize(using = StoredNegatives.class)
            NegativeSampling negativeSampling,

            double temperature,
            int trainEdges,
            int valEdges,
            int testEdges)
            implements ModelTask {

        public static final String KIND = "link";

        public LinkPrediction {
            RelationType.parse(relation); // refuses a key of another form
            Objects.requireNonNull(loss, "loss");
            Objects.requireNonNull(negativeSampling, "negativeSampling");
        }

        /**
         * A link head never trained (a benchmark's or a test's randomly initialised model): no edges
         * and no negatives, recorded with the link task's default training, the softmax over uniform
         * negatives, at {@code temperature}.
         */
        public static LinkPrediction untrained(RelationType relation, double temperature) {
            return new LinkPrediction(
                    relation.key(), 0, 0, RankingLoss.SOFTMAX, NegativeSampling.UNIFORM, temperature, 0, 0, 0);
        }

        /** The predicted relation. */
        public RelationType relationType() {
            return RelationType.parse(relation);
        }

        @Override
        public String kind() {
            return KIND;
        }
    }

    /**
     * A pre-trained encoder (no head: embeddings only, or the start of fine-tuning). The method and
     * the kept network are named as the pre-training package names them (its {@code
     * PretrainMethod.cliName()} and {@code PretrainMethod.Kept}, lower case): that package writes
     * through this one, so this one cannot name its types; its provenance section holds them typed.
     *
     * @param method the pre-training method's command-line name ({@code dipgnn}, {@code gpt-gnn}, ...)
     * @param kept the network saved as the encoder: {@code generator} or {@code discriminator}
     * @param pretrainGraph the name of the graph pre-training saw
     */
    @JsonDeserialize(using = JsonDeserializer.None.class)
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Pretraining(String method, String kept, String pretrainGraph) implements ModelTask {

        public static final String KIND = "pretrain";

        public Pretraining {
            Objects.requireNonNull(method, "method");
            Objects.requireNonNull(kept, "kept");
            Objects.requireNonNull(pretrainGraph, "pretrainGraph");
        }

        @Override
        public String kind() {
            return KIND;
        }
    }

    /**
     * A task this version does not know (a manifest edited by hand, or written by a version with
     * more tasks): it reads, so that whoever uses the model can refuse it naming the task.
     *
     * @param kind the task's name as written
     */
    record UnknownTask(String kind) implements ModelTask {}

    /** Reads a variant by its {@code kind}: a kind this version does not know reads as {@link UnknownTask}. */
    final class Reader extends JsonDeserializer<ModelTask> {

        @Override
        public ModelTask deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            ObjectNode node = parser.readValueAsTree();
            String kind = node.path(KIND_KEY).asText();
            node.remove(KIND_KEY);
            Class<? extends ModelTask> type = switch (kind) {
                case NodeClassification.KIND -> NodeClassification.class;
                case LinkPrediction.KIND -> LinkPrediction.class;
                case Pretraining.KIND -> Pretraining.class;
                default -> null;
            };
            return type == null ? new UnknownTask(kind) : parser.getCodec().treeToValue(node, type);
        }
    }

    /** Writes an enum by its {@link #storedName stored name}. */
    final class StoredName extends JsonSerializer<Enum<?>> {

        @Override
        public void serialize(Enum<?> value, JsonGenerator generator, SerializerProvider provider) throws IOException {
            generator.writeString(storedName(value));
        }
    }

    /** Writes an enum by its {@link #lowerCaseName lower-case name}. */
    final class LowerCaseName extends JsonSerializer<Enum<?>> {

        @Override
        public void serialize(Enum<?> value, JsonGenerator generator, SerializerProvider provider) throws IOException {
            generator.writeString(lowerCaseName(value));
        }
    }

    /** Reads a {@link RankingLoss} by its stored name. */
    final class StoredLoss extends JsonDeserializer<RankingLoss> {

        @Override
        public RankingLoss deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            return fromStoredName(RankingLoss.class, parser.getValueAsString());
        }
    }

    /** Reads a {@link NegativeSampling} by its stored name. */
    final class StoredNegatives extends JsonDeserializer<NegativeSampling> {

        @Override
        public NegativeSampling deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            return fromStoredName(NegativeSampling.class, parser.getValueAsString());
        }
    }
}
