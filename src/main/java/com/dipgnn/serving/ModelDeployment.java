package com.dipgnn.serving;

import static com.dipgnn.serving.InvalidInferenceRequestException.Reason;

import ai.djl.MalformedModelException;
import ai.djl.ndarray.NDManager;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.CsrAdjacency;
import com.dipgnn.graph.FeaturePreprocessing;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.RelationType;
import com.dipgnn.model.GraphEncoder;
import com.dipgnn.model.GraphSchema;
import com.dipgnn.ranking.PopularityPrior;
import com.dipgnn.sampling.SubgraphSampler;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.text.TextInputCache;
import com.dipgnn.text.TextInputs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.function.IntPredicate;

/**
 * A fine-tuned model deployed on the graph it was trained on, ready for concurrent requests: the
 * embeddings of every node, computed once at deployment, the model's head on the host and, for a
 * link-prediction model, a top-k index over the candidates of its relation. Embeddings, link
 * scores, recommendations and class probabilities of existing nodes are host computations on
 * immutable arrays; a new node ({@link NewNode}) runs the encoder's layers on it and its given
 * neighbours, whose states below the last layer the deployment keeps (exact inference, the
 * default), or on a small subgraph sampled around them (sampled inference, see
 * {@link DeploymentOptions.Inference}).
 *
 * <p>Thread-safe: any number of threads may call any method concurrently. {@link #close()} frees
 * the encoder's native memory; afterwards requests about new nodes fail, the others still work.
 * Invalid inputs raise {@link InvalidInferenceRequestException}.
 */
public final class ModelDeployment implements AutoCloseable {

    private final ModelManifest manifest;
    private final TaskKind task;
    private final HeteroGraph graph;
    private final DeploymentOptions options;
    private final int dim;
    private final Map<String, float[]> embeddings;
    private final NewNodeEncoder newNodes;

    private final LinkHead link;
    private final ClassHead classes;
    private final DeploymentStats stats;
    private final TextInputs text;

    ModelDeployment(DeploymentParts parts) {
        this.manifest = parts.manifest();
        this.task = parts.task();
        this.graph = parts.graph();
        this.options = parts.options();
        this.dim = manifest.hidden();
        this.embeddings = Map.copyOf(parts.embeddings());
        this.newNodes = new NewNodeEncoder(parts);
        this.link = parts.link();
        this.classes = parts.classes();
        this.stats = parts.stats();
        this.text = parts.text();
    }

    /**
     * Loads a model directory written by {@link com.dipgnn.store.ModelStore#save}, embeds every
     * node of {@code graph} and builds the head's index. Blocking; interrupting the thread cancels
     * it (with a {@link CancellationException}).
     *
     * @param graph the graph the model was trained on, as loaded (features are standardised here with
     *     the model's stored scaling, or row-normalised when the model was trained on normalised
     *     features; a new node's features likewise)
     * @throws IllegalArgumentException when the graph does not fit the model
     * @throws MalformedModelException when the stored parameters do not match the manifest
     */
    public static ModelDeployment deploy(
            Path modelDir, HeteroGraph graph, DeploymentOptions options, DeploymentListener listener)
            throws IOException, MalformedModelException {
        return deploy(modelDir, graph, options, listener, null);
    }

    /**
     * Deploys like {@link #deploy(Path, HeteroGraph, DeploymentOptions, DeploymentListener)}; a model
     * that reads text derives its node inputs with its own stored text inputs, cached in
     * {@code textCache} (null: computed every time).
     */
    public static ModelDeployment deploy(
            Path modelDir,
            HeteroGraph graph,
            DeploymentOptions options,
            DeploymentListener listener,
            TextInputCache textCache)
            throws IOException, MalformedModelException {
        return deploy(modelDir, graph, options, listener, textCache, null);
    }

    /**
     * Deploys like {@link #deploy(Path, HeteroGraph, DeploymentOptions, DeploymentListener, TextInputCache)},
     * but takes the embeddings of every node from {@code precomputed} (written by the Spark batch job
     * and read with {@link PrecomputedEmbeddings#read}) instead of computing them; null computes them.
     *
     * @throws IllegalArgumentException also when {@code precomputed} does not cover the graph with the model's width
     */
    public static ModelDeployment deploy(
            Path modelDir,
            HeteroGraph graph,
            DeploymentOptions options,
            DeploymentListener listener,
            TextInputCache textCache,
            PrecomputedEmbeddings precomputed)
            throws IOException, MalformedModelException {
        return new Deployer(modelDir, graph, options, listener, textCache, precomputed).deploy();
    }

    public ModelManifest manifest() {
        return manifest;
    }

    /** The task the model was fine-tuned for; null for a pre-trained encoder (embeddings only). */
    public TaskKind task() {
        return task;
    }

    /** The relation a link-prediction model scores (source type to candidate type); empty for a classifier. */
    public Optional<RelationType> linkRelation() {
        return link == null ? Optional.empty() : Optional.of(link.relation());
    }

    /** The node type a classification model classifies; empty for a link-prediction model. */
    public Optional<String> classifiedType() {
        return classes == null ? Optional.empty() : Optional.of(classes.targetType());
    }

    /** Embedding width (the model's hidden width). */
    /**
     * The node types whose text the model reads (alone, or after their features): a new node of
     * one of them may send its text; a new node of another type must not.
     */
    public Set<String> textTypes() {
        return text == null ? Set.of() : text.derivedTypes();
    }

    public int dim() {
        return dim;
    }

    /** The deployed graph (features as the model sees them). */
    public HeteroGraph graph() {
        return graph;
    }

    public DeploymentStats stats() {
        return stats;
    }

    public DeploymentOptions options() {
        return options;
    }

    /** The popularity prior a link-prediction model's scores include ({@link PopularityPrior#NONE} for none, and for a classifier). */
    public PopularityPrior popularityPrior() {
        return link == null ? PopularityPrior.NONE : link.prior();
    }

    /** The top-k index of a link-prediction model's candidates; empty for a classifier. */
    public Optional<VectorIndex> index() {
        return link == null ? Optional.empty() : Optional.of(link.index());
    }

    /** An exact scan over the same candidates as {@link #index()}: the ground truth, at the cost of a full scan. */
    public Optional<VectorIndex> exactIndex() {
        return link == null ? Optional.empty() : Optional.of(link.exactIndex());
    }

    /**
     * The relation a link request is about: {@code relation} (a name or a {@code src__name__dst}
     * key) when given, else the model's own.
     *
     * @throws InvalidInferenceRequestException when the relation is unknown, is not the model's,
     *     or the model has no link head
     */
    public RelationType scoredRelation(String relation) {
        return linkHead(relation).relation();
    }

    /**
     * The vector a top-k search for an existing source node queries the index with (its embedding
     * normalised as the model's cosine needs it), for diagnostics and benchmarks.
     */
    public float[] queryVector(String relation, int source) {
        RelationType r = linkHead(relation).relation();
        Requests.requireId("source", r.source(), source, graph.numNodes(r.source()));
        return linkHead(relation).queryVector(embeddings.get(r.source()), source * dim);
    }

    /**
     * The vector a top-k search for {@code embedding} (a node's, such as {@link #embedNewNode}'s)
     * queries the index with, for diagnostics and benchmarks.
     */
    public float[] queryVector(String relation, float[] embedding) {
        if (embedding.length != dim) {
            throw new IllegalArgumentException(
                    "an embedding of this model has width " + dim + "; got " + embedding.length);
        }
        return linkHead(relation).queryVector(embedding, 0);
    }

    /** The embeddings of nodes of one type, one row per id, in order. */
    public float[][] embeddings(String type, int[] ids) {
        Requests.requireType(graph, "type", type);
        Requests.requireIds(graph, "ids", type, ids, options.maxBatch());
        float[] all = embeddings.get(type);
        float[][] out = new float[ids.length][];
        for (int i = 0; i < ids.length; i++) {
            out[i] = Arrays.copyOfRange(all, ids[i] * dim, (ids[i] + 1) * dim);
        }
        return out;
    }

    /**
     * The model's link scores (its trainable cosine, in [-1, 1]) of (source, target) pairs.
     *
     * @param relation the model's relation by name or key; null for the model's relation
     * @param sources ids of the relation's source type
     * @param targets ids of the relation's target type, as many as sources
     */
    public float[] linkScores(String relation, int[] sources, int[] targets) {
        LinkHead head = linkHead(relation);
        RelationType r = head.relation();
        Requests.requireIds(graph, "sources", r.source(), sources, options.maxBatch());
        Requests.requireIds(graph, "targets", r.target(), targets, options.maxBatch());
        if (sources.length != targets.length) {
            throw Requests.invalid(
                    "targets",
                    Reason.MALFORMED,
                    "sources and targets must pair up: got " + sources.length + " sources and " + targets.length
                            + " targets");
        }
        float[] scores = new float[sources.length];
        float[] from = embeddings.get(r.source());
        for (int i = 0; i < sources.length; i++) {
            scores[i] = head.score(head.queryVector(from, sources[i] * dim), targets[i]);
        }
        return scores;
    }

    /**
     * The {@code k} best candidates (nodes of the relation's target type) for an existing source
     * node, best first, from the deployment's index.
     *
     * @param relation the model's relation by name or key; null for the model's relation
     * @param source an id of the relation's source type
     * @param excludeLinked skip candidates the source already links to in the graph, and the source
     *     itself when the relation joins a type to itself (still returning k when that many others exist)
     */
    public List<ScoredNode> recommend(String relation, int source, int k, boolean excludeLinked) {
        LinkHead head = linkHead(relation);
        RelationType r = head.relation();
        Requests.requireId("source", r.source(), source, graph.numNodes(r.source()));
        Requests.requireK(k, head.candidateCount(), options.maxK());
        return search(head, source, k, excludeLinked);
    }

    /**
     * {@link #recommend(String, int, int, boolean)} for several sources at once, one list per source
     * in order; every id, their count ({@code maxBatch}) and {@code k} are checked before any search.
     */
    public List<List<ScoredNode>> recommend(String relation, int[] sources, int k, boolean excludeLinked) {
        LinkHead head = linkHead(relation);
        Requests.requireIds(graph, "sources", head.relation().source(), sources, options.maxBatch());
        Requests.requireK(k, head.candidateCount(), options.maxK());
        List<List<ScoredNode>> results = new ArrayList<>(sources.length);
        for (int source : sources) {
            results.add(search(head, source, k, excludeLinked));
        }
        return results;
    }

    /** The index's top k for an existing, checked source node. */
    private List<ScoredNode> search(LinkHead head, int source, int k, boolean excludeLinked) {
        RelationType r = head.relation();
        float[] query = head.queryVector(embeddings.get(r.source()), source * dim);
        IntPredicate excluded = id -> false;
        if (excludeLinked) {
            IntPredicate linked = linkedTo(graph.adjacency(r), source);
            excluded = r.source().equals(r.target()) ? id -> id == source || linked.test(id) : linked;
        }
        return head.index().search(query, k, excluded);
    }

    private static IntPredicate linkedTo(CsrAdjacency adjacency, int source) {
        int[] targets = adjacency.targetArray();
        int from = adjacency.rowStart(source);
        int to = adjacency.rowEnd(source);
        return id -> Arrays.binarySearch(targets, from, to, id) >= 0;
    }

    /** The embedding of a node that is not in the graph, computed inductively (see {@link NewNode}). */
    public float[] embedNewNode(NewNode node) {
        return newNodes.embed(newNodes.subgraph(node), node.type());
    }

    /**
     * The {@code k} best candidates for a new node of the relation's source type.
     *
     * @param excludeLinked skip the candidates given among the node's neighbours along the relation
     */
    public List<ScoredNode> recommendForNewNode(String relation, NewNode node, int k, boolean excludeLinked) {
        LinkHead head = linkHead(relation);
        RelationType r = head.relation();
        if (node != null && !r.source().equals(node.type())) {
            throw Requests.invalid(
                    "type",
                    Reason.UNKNOWN_NODE_TYPE,
                    "recommendations along " + r.key() + " are for nodes of type '" + r.source()
                            + "'; got a node of type '" + node.type() + "'");
        }
        Requests.requireK(k, head.candidateCount(), options.maxK());
        NewNodeSubgraph sub = newNodes.subgraph(node);
        float[] embedding = newNodes.embed(sub, node.type());
        int[] linked = excludeLinked ? sub.neighboursAlong(r) : new int[0];
        return head.index().search(head.queryVector(embedding, 0), k, id -> Arrays.binarySearch(linked, id) >= 0);
    }

    /** Class probabilities of existing nodes of the classified type, one row per id. */
    public float[][] classProbabilities(String type, int[] ids) {
        ClassHead head = classHead(type);
        Requests.requireIds(graph, "ids", type, ids, options.maxBatch());
        float[] all = embeddings.get(type);
        float[][] out = new float[ids.length][];
        for (int i = 0; i < ids.length; i++) {
            out[i] = head.probabilities(all, ids[i] * dim);
        }
        return out;
    }

    /** Class probabilities of a new node of the classified type. */
    public float[] classProbabilities(NewNode node) {
        ClassHead head = classHead(node == null ? null : node.type());
        return head.probabilities(embedNewNode(node), 0);
    }

    private LinkHead linkHead(String relation) {
        if (link == null) {
            throw Requests.invalid(
                    "relation",
                    Reason.NOT_SUPPORTED_BY_MODEL,
                    "model '" + manifest.dataset()
                            + (task == null ? "' is a pre-trained encoder" : "' was fine-tuned for node classification")
                            + " and has no link-scoring head: link scores and recommendations need a link-prediction model");
        }
        if (relation == null || relation.isBlank()) {
            return link;
        }
        RelationType r = Requests.relation(graph, "relation", relation);
        if (!r.equals(link.relation())) {
            throw Requests.invalid(
                    "relation",
                    Reason.NOT_SUPPORTED_BY_MODEL,
                    "the model scores relation " + link.relation().key() + " only; got " + r.key());
        }
        return link;
    }

    private ClassHead classHead(String type) {
        if (classes == null) {
            throw Requests.invalid(
                    "type",
                    Reason.NOT_SUPPORTED_BY_MODEL,
                    (task == null
                                    ? "the model is a pre-trained encoder"
                                    : "the model was fine-tuned for link prediction")
                            + " and has no classification head");
        }
        Requests.requireType(graph, "type", type);
        if (!classes.targetType().equals(type)) {
            throw Requests.invalid(
                    "type",
                    Reason.NOT_SUPPORTED_BY_MODEL,
                    "the model classifies nodes of type '" + classes.targetType() + "' only; got '" + type + "'");
        }
        return classes;
    }

    /** Frees the encoder (waits for running new-node requests); idempotent. */
    @Override
    public void close() {
        newNodes.close();
    }

    /** Everything a deployment is made of, as the {@link Deployer} assembles it. */
    record DeploymentParts(
            ModelManifest manifest,
            TaskKind task,
            HeteroGraph graph,
            FeaturePreprocessing features,
            DeploymentOptions options,
            SubgraphSampler sampler,
            NDManager manager,
            GraphEncoder encoder,
            Map<String, float[]> embeddings,
            List<Map<String, float[]>> lowerLayers,
            LinkHead link,
            ClassHead classes,
            DeploymentStats stats,
            TextInputs text) {}

    static void requireCompatible(ModelManifest manifest, HeteroGraph graph, boolean sameGraph) {
        com.dipgnn.store.ModelStore.requireCompatible(manifest, GraphSchema.of(graph));
        if (sameGraph
                && manifest.datasetFingerprint() != null
                && !manifest.datasetFingerprint().equals(graph.fingerprint())) {
            throw new IllegalArgumentException("the model was trained on data set '" + manifest.dataset()
                    + "' with fingerprint " + manifest.datasetFingerprint() + " but graph '" + graph.name()
                    + "' has fingerprint " + graph.fingerprint() + "; deploy it on the graph it was trained on");
        }
    }
}
