package com.dipgnn.api;

import com.dipgnn.deployments.DeploymentService;
import com.dipgnn.serving.ModelDeployment;
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
@RequestMapping(value = "/api/v1/deployments/{name}", produces = MediaType.APPLICATION_JSON_VALUE,
        consumes = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Inference", description = "Online inference on a deployment")
public class InferenceController {

    /** New-node requests run the encoder (milliseconds of CPU each): at most this many at once, per core. */
    private static final int NEW_NODE_PERMITS = Math.max(1, Runtime.getRuntime().availableProcessors());
    private static final long NEW_NODE_WAIT_MS = 2_000;

    private final DeploymentService deployments;
    private final InferenceMetrics metrics;
    private final java.util.concurrent.Semaphore newNodes = new java.util.concurrent.Semaphore(NEW_NODE_PERMITS, true);

    public InferenceController(DeploymentService deployments, InferenceMetrics metrics) {
        this.deployments = deployments;
        this.metrics = metrics;
    }

    /** @param nodeType node type of the ids; @param ids node ids (0-based, as in the graph) */
    public record EmbeddingsRequest(@Schema(example = "product") @NotBlank String nodeType,
                                    @Schema(example = "[0, 1, 2]") @NotEmpty List<@NotNull Integer> ids) {
    }

    /** One node's embedding. */
    public record NodeVector(int id, float[] vector) {
    }

    /** Embeddings of the requested nodes, in request order. */
    public record EmbeddingsResponse(String deployment, String modelId, String nodeType, int dim, List<NodeVector> embeddings) {
    }

    /** A (source, target) pair of the model's relation. */
    public record Pair(@NotNull Integer source, @NotNull Integer target) {
    }

    /** @param relation the relation to score ({@code source__name__target}; default: the model's) */
    public record ScoresRequest(@Schema(example = "query__clicked__product") String relation,
                                @NotEmpty List<@Valid @NotNull Pair> pairs) {
    }

    /** A pair's score: the model's cosine d(u, v) in [-1, 1]. */
    public record PairScore(int source, int target, float score) {
    }

    public record ScoresResponse(String deployment, String modelId, String relation, List<PairScore> scores) {
    }

    /**
     * @param id the query node (a source node of the model's relation)
     * @param k how many targets
     * @param excludeLinked leave out targets already linked to the query in the graph
     * @param relation the relation (default: the model's)
     * @param nodeType the query's node type, checked against the relation when given
     */
    public record RecommendRequest(@Schema(example = "0") @NotNull Integer id,
                                   @Schema(example = "10", defaultValue = "10") Integer k,
                                   @Schema(defaultValue = "false") Boolean excludeLinked,
                                   String relation,
                                   @Schema(example = "query") String nodeType) {
    }

    public record Recommendation(int id, float score) {
    }

    public record RecommendResponse(String deployment, String modelId, String relation, int query,
                                    List<Recommendation> items) {
    }

    /**
     * A node that is not in the graph.
     *
     * @param nodeType its type
     * @param features its feature vector (the type's feature width)
     * @param neighbours existing neighbours by relation ({@code source__name__target} from the new
     *     node's type, or the relation name)
     */
    public record NewNodeRequest(@Schema(example = "query") @NotBlank String nodeType,
                                 @NotNull float[] features,
                                 @Schema(example = "{\"query__clicked__product\": [3, 17]}") Map<String, int[]> neighbours) {
        NewNode toNode() {
            return new NewNode(nodeType, features, neighbours);
        }
    }

    public record NewNodeEmbeddingResponse(String deployment, String modelId, String nodeType, int dim, float[] vector) {
    }

    public record NewNodeRecommendRequest(@Valid @NotNull NewNodeRequest node,
                                          @Schema(example = "10", defaultValue = "10") Integer k,
                                          @Schema(defaultValue = "false") Boolean excludeLinked,
                                          String relation) {
    }

    public record PredictionsRequest(@Schema(example = "paper") @NotBlank String nodeType,
                                     @NotEmpty List<@NotNull Integer> ids) {
    }

    public record NodePrediction(int id, int predictedClass, float[] probabilities) {
    }

    public record PredictionsResponse(String deployment, String modelId, String nodeType, List<NodePrediction> predictions) {
    }

    @PostMapping("/embeddings")
    @Operation(operationId = "embeddings", summary = "Embeddings of existing nodes")
    public EmbeddingsResponse embeddings(@PathVariable String name, @Valid @RequestBody EmbeddingsRequest request) {
        ModelDeployment model = deployments.serving(name);
        return metrics.time("embeddings", name, () -> {
            int[] ids = ints(request.ids());
            float[][] vectors = model.embeddings(request.nodeType(), ids);
            List<NodeVector> out = new ArrayList<>(ids.length);
            for (int i = 0; i < ids.length; i++) {
                out.add(new NodeVector(ids[i], vectors[i]));
            }
            return new EmbeddingsResponse(name, deployments.servingModelId(name), request.nodeType(), model.dim(), out);
        });
    }

    @PostMapping("/scores")
    @Operation(operationId = "linkScores", summary = "Link scores of (source, target) pairs with the model's scoring head")
    public ScoresResponse scores(@PathVariable String name, @Valid @RequestBody ScoresRequest request) {
        ModelDeployment model = deployments.serving(name);
        return metrics.time("scores", name, () -> {
            int[] sources = request.pairs().stream().mapToInt(Pair::source).toArray();
            int[] targets = request.pairs().stream().mapToInt(Pair::target).toArray();
            float[] scores = model.linkScores(request.relation(), sources, targets);
            List<PairScore> out = new ArrayList<>(scores.length);
            for (int i = 0; i < scores.length; i++) {
                out.add(new PairScore(sources[i], targets[i], scores[i]));
            }
            return new ScoresResponse(name, deployments.servingModelId(name), relationOf(model, request.relation()), out);
        });
    }

    @PostMapping("/recommendations")
    @Operation(operationId = "recommend", summary = "Top-k targets for a query node (e.g. products for a query)")
    public RecommendResponse recommend(@PathVariable String name, @Valid @RequestBody RecommendRequest request) {
        ModelDeployment model = deployments.serving(name);
        return metrics.time("recommendations", name, () -> {
            String relation = relationOf(model, request.relation());
            requireSourceType(model, relation, request.nodeType());
            List<ScoredNode> top = model.recommend(request.relation(), request.id(), k(request.k()),
                    Boolean.TRUE.equals(request.excludeLinked()));
            return new RecommendResponse(name, deployments.servingModelId(name), relation, request.id(), items(top));
        });
    }

    @PostMapping("/embeddings/new-node")
    @Operation(operationId = "embedNewNode", summary = "Embedding of a node that is not in the graph (inductive)")
    public NewNodeEmbeddingResponse embedNewNode(@PathVariable String name, @Valid @RequestBody NewNodeRequest request) {
        ModelDeployment model = deployments.serving(name);
        return metrics.time("embeddings_new_node", name, () -> bounded(() -> new NewNodeEmbeddingResponse(name,
                deployments.servingModelId(name), request.nodeType(), model.dim(), model.embedNewNode(request.toNode()))));
    }

    @PostMapping("/recommendations/new-node")
    @Operation(operationId = "recommendForNewNode", summary = "Top-k targets for a node that is not in the graph (inductive)")
    public RecommendResponse recommendForNewNode(@PathVariable String name,
                                                 @Valid @RequestBody NewNodeRecommendRequest request) {
        ModelDeployment model = deployments.serving(name);
        return metrics.time("recommendations_new_node", name, () -> {
            List<ScoredNode> top = bounded(() -> model.recommendForNewNode(request.relation(), request.node().toNode(),
                    k(request.k()), Boolean.TRUE.equals(request.excludeLinked())));
            return new RecommendResponse(name, deployments.servingModelId(name), relationOf(model, request.relation()),
                    -1, items(top));
        });
    }

    @PostMapping("/predictions")
    @Operation(operationId = "predict", summary = "Class probabilities of existing nodes (node-classification models)")
    public PredictionsResponse predict(@PathVariable String name, @Valid @RequestBody PredictionsRequest request) {
        ModelDeployment model = deployments.serving(name);
        return metrics.time("predictions", name, () -> {
            int[] ids = ints(request.ids());
            float[][] p = model.classProbabilities(request.nodeType(), ids);
            List<NodePrediction> out = new ArrayList<>(ids.length);
            for (int i = 0; i < ids.length; i++) {
                out.add(new NodePrediction(ids[i], argmax(p[i]), p[i]));
            }
            return new PredictionsResponse(name, deployments.servingModelId(name), request.nodeType(), out);
        });
    }

    /** Runs a new-node computation when a permit frees up within the wait, else answers 503. */
    private <T> T bounded(java.util.function.Supplier<T> call) {
        boolean acquired;
        try {
            acquired = newNodes.tryAcquire(NEW_NODE_WAIT_MS, java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            acquired = false;
        }
        if (!acquired) {
            throw new com.dipgnn.errors.ServiceUnavailableException("too many new-node requests at once (" + NEW_NODE_PERMITS
                    + " run at a time, each runs the GNN); retry shortly");
        }
        try {
            return call.get();
        } finally {
            newNodes.release();
        }
    }

    private static String relationOf(ModelDeployment model, String requested) {
        if (requested != null && !requested.isBlank()) {
            return requested;
        }
        return model.linkRelation().map(r -> r.key()).orElse(null);
    }

    private static void requireSourceType(ModelDeployment model, String relation, String nodeType) {
        if (nodeType == null || relation == null) {
            return;
        }
        String source = com.dipgnn.graph.RelationType.parse(relation).source();
        if (model.linkRelation().isPresent() && !nodeType.equals(model.linkRelation().get().source())) {
            throw new com.dipgnn.errors.InvalidInputException("nodeType", "the model recommends along "
                    + model.linkRelation().get().key() + ": the query must be a '" + model.linkRelation().get().source()
                    + "' node, got '" + nodeType + "'");
        }
        if (!nodeType.equals(source)) {
            throw new com.dipgnn.errors.InvalidInputException("nodeType", "relation " + relation + " starts at '" + source
                    + "' nodes, got '" + nodeType + "'");
        }
    }

    private static int k(Integer k) {
        return k == null ? 10 : k;
    }

    private static List<Recommendation> items(List<ScoredNode> top) {
        return top.stream().map(s -> new Recommendation(s.id(), s.score())).toList();
    }

    private static int[] ints(List<Integer> ids) {
        return ids.stream().mapToInt(Integer::intValue).toArray();
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
