package com.dipgnn.api;

import com.dipgnn.deployments.DeploymentService;
import com.dipgnn.deployments.Served;
import com.dipgnn.errors.InvalidInputException;
import com.dipgnn.graph.RelationType;
import com.dipgnn.serving.NewNode;
import com.dipgnn.serving.ScoredNode;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Online inference on a deployment: node embeddings, link scores with the model's own head, top-k
 * recommendations, class probabilities, and the same for a new node given its features and
 * neighbours.
 */
@RestController
@RequestMapping(
        value = "/api/v1/deployments/{name}",
        produces = MediaType.APPLICATION_JSON_VALUE,
        consumes = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Inference", description = "Online inference on a deployment")
@ProblemResponse(
        value = ProblemType.UNAVAILABLE,
        when = "the deployment is loading its first model or is being prepared, or too many new-node requests are "
                + "waiting (with Retry-After)")
public class InferenceController {

    /** New-node requests run the encoder (milliseconds of CPU each): at most this many at once, per core. */
    private static final int NEW_NODE_PERMITS = Math.max(1, Runtime.getRuntime().availableProcessors());

    private static final long NEW_NODE_WAIT_MS = 2_000;

    private final DeploymentService deployments;
    private final InferenceMetrics metrics;
    private final Semaphore newNodes = new Semaphore(NEW_NODE_PERMITS, true);

    public InferenceController(DeploymentService deployments, InferenceMetrics metrics) {
        this.deployments = deployments;
        this.metrics = metrics;
    }

    /**
     * @param nodeType node type of the nodes
     * @param ids node ids (0-based, as in the graph), or
     * @param keys node keys (the graph's own ids, such as {@code p12})
     */
    public record EmbeddingsRequest(
            @Schema(example = "product") @NotBlank String nodeType,
            @Schema(example = "[0, 1, 2]") List<@NotNull Integer> ids,
            @Schema(example = "[\"p0\", \"p1\"]") List<@NotNull String> keys) {}

    /** One node's embedding. */
    public record NodeVector(int id, String key, float[] vector) {}

    /** Embeddings of the requested nodes, in request order. */
    public record EmbeddingsResponse(
            String deployment, String modelId, String nodeType, int dim, List<NodeVector> embeddings) {}

    /** A (source, target) pair of the model's relation, by id or by key. */
    public record Pair(Integer source, Integer target, String sourceKey, String targetKey) {}

    /** @param relation the relation to score ({@code source__name__target}; default: the model's) */
    public record ScoresRequest(
            @Schema(example = "query__clicked__product") String relation,
            @NotEmpty List<@Valid @NotNull Pair> pairs) {}

    /** What a link score is, for the API's schema. */
    static final String SCORE = "The model's cosine d(u, v) in [-1, 1], plus, for a model fine-tuned with a "
            + "popularity prior (its manifest's popularity_prior section), w * log(1 + the target's in-degree in the "
            + "deployed graph)";

    /** A pair's score: the model's cosine d(u, v) in [-1, 1], plus its popularity prior when it has one. */
    public record PairScore(
            int source,
            int target,
            String sourceKey,
            String targetKey,
            @Schema(description = SCORE) float score) {}

    public record ScoresResponse(String deployment, String modelId, String relation, List<PairScore> scores) {}

    /**
     * @param id the query node (a source node of the model's relation), or
     * @param key the query node's key
     * @param k how many targets
     * @param excludeLinked leave out targets already linked to the query in the graph
     * @param relation the relation (default: the model's)
     * @param nodeType the query's node type, checked against the relation when given
     */
    public record RecommendRequest(
            @Schema(example = "0") Integer id,
            @Schema(example = "q0") String key,
            @Schema(example = "10", defaultValue = "10") Integer k,
            @Schema(defaultValue = "false") Boolean excludeLinked,
            String relation,
            @Schema(example = "query") String nodeType) {}

    public record Recommendation(
            int id, String key, @Schema(description = SCORE) float score) {}

    public record RecommendResponse(
            String deployment,
            String modelId,
            String relation,
            Integer query,
            String queryKey,
            List<Recommendation> items) {}

    /**
     * A node that is not in the graph.
     *
     * @param nodeType its type
     * @param features its feature vector (the type's feature width)
     * @param neighbours existing neighbours (ids) by relation ({@code source__name__target} from the
     *     new node's type, or the relation name)
     * @param text its text, for a type whose inputs the model reads from text (alone, or after its
     *     features)
     */
    public record NewNodeRequest(
            @Schema(example = "query") @NotBlank String nodeType,

            @Schema(
                    description = "Feature vector of the type's width in the data set (omit "
                            + "for a type whose inputs the model derives from text alone, and send "
                            + "text)")
            float[] features,

            @Schema(example = "{\"query__clicked__product\": [3, 17]}")
            Map<String, int[]> neighbours,

            @Schema(
                    description = "The node's text, for a type whose text the model reads "
                            + "(e.g. a paper title, a product description): required where the type has "
                            + "no features, optional beside features (without it the text columns are "
                            + "empty); refused for a type whose text the model does not read")
            String text) {
        NewNode toNode() {
            return new NewNode(nodeType, features, neighbours, text);
        }
    }

    public record NewNodeEmbeddingResponse(
            String deployment, String modelId, String nodeType, int dim, float[] vector) {}

    public record NewNodeRecommendRequest(
            @Valid @NotNull NewNodeRequest node,
            @Schema(example = "10", defaultValue = "10") Integer k,
            @Schema(defaultValue = "false") Boolean excludeLinked,
            String relation) {}

    public record PredictionsRequest(
            @Schema(example = "paper") @NotBlank String nodeType,
            List<@NotNull Integer> ids,
            List<@NotNull String> keys) {}

    public record NodePrediction(int id, String key, int predictedClass, float[] probabilities) {}

    public record PredictionsResponse(
            String deployment, String modelId, String nodeType, List<NodePrediction> predictions) {}

    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            content =
                    @io.swagger.v3.oas.annotations.media.Content(
                            mediaType = "application/json",
                            examples =
                                    @io.swagger.v3.oas.annotations.media.ExampleObject(
                                            name = "products",
                                            summary = "embeddings of three products",
                                            value = "{\"nodeType\": \"product\", \"ids\": [0, 1, 2]}")))
    @PostMapping("/embeddings")
    @Operation(operationId = "embeddings", summary = "Embeddings of existing nodes, by id or by key")
    public EmbeddingsResponse embeddings(@PathVariable String name, @Valid @RequestBody EmbeddingsRequest request) {
        Served served = deployments.serving(name);
        return metrics.time("embeddings", name, () -> {
            int[] ids = ids(served, request.nodeType(), request.ids(), request.keys());
            float[][] vectors = served.model().embeddings(request.nodeType(), ids);
            List<NodeVector> out = new ArrayList<>(ids.length);
            for (int i = 0; i < ids.length; i++) {
                out.add(new NodeVector(ids[i], served.keys().key(request.nodeType(), ids[i]), vectors[i]));
            }
            return new EmbeddingsResponse(
                    name, served.modelId(), request.nodeType(), served.model().dim(), out);
        });
    }

    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            content =
                    @io.swagger.v3.oas.annotations.media.Content(
                            mediaType = "application/json",
                            examples =
                                    @io.swagger.v3.oas.annotations.media.ExampleObject(
                                            name = "pairs",
                                            summary = "scores of two (query, product) pairs",
                                            value =
                                                    "{\"pairs\": [{\"source\": 7, \"target\": 42}, {\"sourceKey\": \"q7\", \"targetKey\": \"p43\"}]}")))
    @PostMapping("/scores")
    @Operation(
            operationId = "linkScores",
            summary = "Link scores of (source, target) pairs with the model's scoring head")
    public ScoresResponse scores(@PathVariable String name, @Valid @RequestBody ScoresRequest request) {
        Served served = deployments.serving(name);
        return metrics.time("scores", name, () -> {
            RelationType relation = served.model().scoredRelation(request.relation());
            int n = request.pairs().size();
            int[] sources = new int[n];
            int[] targets = new int[n];
            for (int i = 0; i < n; i++) {
                Pair p = request.pairs().get(i);
                sources[i] = node(served, "pairs[" + i + "].source", relation.source(), p.source(), p.sourceKey());
                targets[i] = node(served, "pairs[" + i + "].target", relation.target(), p.target(), p.targetKey());
            }
            float[] scores = served.model().linkScores(request.relation(), sources, targets);
            List<PairScore> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(new PairScore(
                        sources[i],
                        targets[i],
                        served.keys().key(relation.source(), sources[i]),
                        served.keys().key(relation.target(), targets[i]),
                        scores[i]));
            }
            return new ScoresResponse(name, served.modelId(), relation.key(), out);
        });
    }

    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            content =
                    @io.swagger.v3.oas.annotations.media.Content(
                            mediaType = "application/json",
                            examples =
                                    @io.swagger.v3.oas.annotations.media.ExampleObject(
                                            name = "query",
                                            summary =
                                                    "top 10 products for query 7, leaving out those it already clicked",
                                            value = "{\"id\": 7, \"k\": 10, \"excludeLinked\": true}")))
    @PostMapping("/recommendations")
    @Operation(
            operationId = "recommend",
            summary = "Top-k targets for a query node (e.g. products for a query), by id or key")
    public RecommendResponse recommend(@PathVariable String name, @Valid @RequestBody RecommendRequest request) {
        Served served = deployments.serving(name);
        return metrics.time("recommendations", name, () -> {
            RelationType relation = served.model().scoredRelation(request.relation());
            if (request.nodeType() != null && !request.nodeType().equals(relation.source())) {
                throw new InvalidInputException(
                        "nodeType",
                        "recommendations along " + relation.key() + " start from a '" + relation.source()
                                + "' node; got '" + request.nodeType() + "'");
            }
            int query = node(served, "id", relation.source(), request.id(), request.key());
            List<ScoredNode> top = served.model()
                    .recommend(request.relation(), query, k(request.k()), Boolean.TRUE.equals(request.excludeLinked()));
            return new RecommendResponse(
                    name,
                    served.modelId(),
                    relation.key(),
                    query,
                    served.keys().key(relation.source(), query),
                    items(served, relation.target(), top));
        });
    }

    @PostMapping("/embeddings/new-node")
    @Operation(operationId = "embedNewNode", summary = "Embedding of a node that is not in the graph (inductive)")
    public NewNodeEmbeddingResponse embedNewNode(
            @PathVariable String name, @Valid @RequestBody NewNodeRequest request) {
        Served served = deployments.serving(name);
        return metrics.time(
                "embeddings_new_node",
                name,
                () -> bounded(() -> new NewNodeEmbeddingResponse(
                        name,
                        served.modelId(),
                        request.nodeType(),
                        served.model().dim(),
                        served.model().embedNewNode(request.toNode()))));
    }

    @PostMapping("/recommendations/new-node")
    @Operation(
            operationId = "recommendForNewNode",
            summary = "Top-k targets for a node that is not in the graph (inductive)")
    public RecommendResponse recommendForNewNode(
            @PathVariable String name, @Valid @RequestBody NewNodeRecommendRequest request) {
        Served served = deployments.serving(name);
        return metrics.time("recommendations_new_node", name, () -> {
            RelationType relation = served.model().scoredRelation(request.relation());
            List<ScoredNode> top = bounded(() -> served.model()
                    .recommendForNewNode(
                            request.relation(),
                            request.node().toNode(),
                            k(request.k()),
                            Boolean.TRUE.equals(request.excludeLinked())));
            return new RecommendResponse(
                    name, served.modelId(), relation.key(), null, null, items(served, relation.target(), top));
        });
    }

    @PostMapping("/predictions")
    @Operation(operationId = "predict", summary = "Class probabilities of existing nodes (node-classification models)")
    public PredictionsResponse predict(@PathVariable String name, @Valid @RequestBody PredictionsRequest request) {
        Served served = deployments.serving(name);
        return metrics.time("predictions", name, () -> {
            int[] ids = ids(served, request.nodeType(), request.ids(), request.keys());
            float[][] p = served.model().classProbabilities(request.nodeType(), ids);
            List<NodePrediction> out = new ArrayList<>(ids.length);
            for (int i = 0; i < ids.length; i++) {
                out.add(new NodePrediction(ids[i], served.keys().key(request.nodeType(), ids[i]), argmax(p[i]), p[i]));
            }
            return new PredictionsResponse(name, served.modelId(), request.nodeType(), out);
        });
    }

    /** The request's nodes: ids as given, or the ids of the given keys (exactly one of the two). */
    private static int[] ids(Served served, String type, List<Integer> ids, List<String> keys) {
        if ((ids == null || ids.isEmpty()) == (keys == null || keys.isEmpty())) {
            throw new InvalidInputException(
                    "ids", "give exactly one of 'ids' (node ids) and 'keys' (node keys), not empty");
        }
        if (ids != null && !ids.isEmpty()) {
            return ids.stream().mapToInt(Integer::intValue).toArray();
        }
        int[] out = new int[keys.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = served.keys().id("keys[" + i + "]", type, keys.get(i));
        }
        return out;
    }

    /** One node given by id or by key (exactly one). */
    private static int node(Served served, String field, String type, Integer id, String key) {
        if ((id == null) == (key == null)) {
            throw new InvalidInputException(field, field + ": give the node's id or its key (exactly one)");
        }
        return id != null ? id : served.keys().id(field, type, key);
    }

    /** Runs a new-node computation when a permit frees up within the wait, else answers 503. */
    private <T> T bounded(Supplier<T> call) {
        boolean acquired;
        try {
            acquired = newNodes.tryAcquire(NEW_NODE_WAIT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            acquired = false;
        }
        if (!acquired) {
            throw new com.dipgnn.errors.ServiceUnavailableException("too many new-node requests at once ("
                    + NEW_NODE_PERMITS + " run at a time, each runs the GNN); retry shortly");
        }
        try {
            return call.get();
        } finally {
            newNodes.release();
        }
    }

    private static int k(Integer k) {
        return k == null ? 10 : k;
    }

    private static List<Recommendation> items(Served served, String type, List<ScoredNode> top) {
        return top.stream()
                .map(s -> new Recommendation(s.id(), served.keys().key(type, s.id()), s.score()))
                .toList();
    }

    private static int argmax(float[] p) {
        int best = 0;
        for (int i = 1; i < p.length; i++) {
            if (p[i] > p[best]) {
                best = i;
            }
        }
        return best;
    }
}
