package com.dipgnn.api;

import com.dipgnn.deployments.DeploymentService;
import com.dipgnn.deployments.DeploymentState;
import com.dipgnn.deployments.DeploymentView;
import com.dipgnn.errors.InvalidInputException;
import com.dipgnn.serving.ModelDeployment;
import com.dipgnn.store.CodeVersion;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.security.SecurityRequirements;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The Open Inference Protocol (KServe v2, REST) for the embedding model of each deployment: the
 * model name is the deployment's name; input {@code node_ids} (INT64, shape [n]) with parameter
 * {@code node_type}; output {@code embeddings} (FP32, shape [n, dim], row-major).
 */
@RestController
@RequestMapping(value = "/v2", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Open Inference Protocol", description = "KServe v2 endpoints for the embedding model of each deployment")
public class OpenInferenceController {

    static final String INPUT = "node_ids";
    static final String OUTPUT = "embeddings";
    static final String NODE_TYPE = "node_type";
    static final String INT64 = "INT64";
    static final String INT32 = "INT32";
    /** {@code parameters.output}: what an inference computes; embeddings unless it says otherwise. */
    static final String OUTPUT_PARAMETER = "output";

    static final String SCORES = "scores";
    static final String TOP_K = "top_k";
    static final String TOP_K_IDS = "top_k_ids";
    static final String TOP_K_SCORES = "top_k_scores";
    static final String SOURCES = "source_ids";
    static final String TARGETS = "target_ids";
    /** What each {@code parameters.output} produces: the outputs a request may ask for by name. */
    static final SortedMap<String, List<String>> PRODUCES = Collections.unmodifiableSortedMap(new TreeMap<>(
            Map.of(OUTPUT, List.of(OUTPUT), SCORES, List.of(SCORES), TOP_K, List.of(TOP_K_IDS, TOP_K_SCORES))));
    /**
     * tritonclient's binary tensor flags ({@code parameters.binary_data_output}, an output's
     * {@code parameters.binary_data}): accepted as booleans; the answer is JSON either way, which
     * such a client reads when the response has no {@code Inference-Header-Content-Length}.
     */
    static final String BINARY_DATA_OUTPUT = "binary_data_output";
    /** An output's flag of that kind ({@link #BINARY_DATA_OUTPUT}). */
    static final String BINARY_DATA = "binary_data";

    private final DeploymentService deployments;
    private final InferenceMetrics metrics;

    public OpenInferenceController(DeploymentService deployments, InferenceMetrics metrics) {
        this.deployments = deployments;
        this.metrics = metrics;
    }

    /** A tensor of a response: {@code data} flat, in row-major order. */
    public record Tensor(
            String name, List<Long> shape, String datatype, Map<String, Object> parameters, List<Number> data) {}

    /** A tensor of a request: {@code data} flat, or nested as {@code shape} says; read row-major. */
    public record InputTensor(
            String name,
            List<Long> shape,
            String datatype,
            Map<String, Object> parameters,

            @Schema(
                    description = "The values in row-major order: flat, or nested lists as the shape says "
                            + "([[1, 2], [4, 5]] for shape [2, 2])")
            List<Object> data) {}

    /** An output a request asks for by name; its only parameter is {@code binary_data} (the answer is JSON). */
    public record RequestedOutput(String name, Map<String, Object> parameters) {}

    /**
     * An inference request: {@code parameters.node_type} names the node type of {@code node_ids};
     * {@code outputs} (optional) names the outputs to return, all when absent; {@code model_name}
     * (optional, as kserve's client sends it) must be the model of the URL.
     */
    public record InferRequest(
            String id,
            String model_name,
            Map<String, Object> parameters,
            List<InputTensor> inputs,
            List<RequestedOutput> outputs) {}

    public record InferResponse(String model_name, String model_version, String id, List<Tensor> outputs) {}

    public record TensorMetadata(String name, String datatype, List<Long> shape) {}

    public record ModelMetadata(
            String name,
            List<String> versions,
            String platform,
            List<TensorMetadata> inputs,
            List<TensorMetadata> outputs) {}

    @GetMapping
    @Operation(operationId = "oipServerMetadata", summary = "Server metadata")
    public Map<String, Object> server() {
        return Map.of("name", "dipgnn-service", "version", CodeVersion.get(), "extensions", List.of());
    }

    @GetMapping("/health/live")
    @Operation(operationId = "oipLive", summary = "Server liveness (public: no token)")
    @SecurityRequirements
    public ResponseEntity<Map<String, Object>> live() {
        return ResponseEntity.ok(Map.of("live", true));
    }

    @GetMapping("/health/ready")
    @Operation(operationId = "oipReady", summary = "Server readiness: every deployment loaded (public: no token)")
    @SecurityRequirements
    public ResponseEntity<Map<String, Object>> ready() {
        boolean ready = deployments.allLoaded();
        return ResponseEntity.status(ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE)
                .body(Map.of("ready", ready));
    }

    @GetMapping("/models/{name}")
    @Operation(operationId = "oipModelMetadata", summary = "Model metadata of a deployment's embedding model")
    public ModelMetadata metadata(@PathVariable String name) {
        com.dipgnn.deployments.Served served = deployments.serving(name);
        ModelDeployment model = served.model();
        return new ModelMetadata(
                name,
                List.of(served.modelId()),
                "dipgnn-" + model.manifest().backbone(),
                List.of(new TensorMetadata(INPUT, INT64, List.of(-1L))),
                List.of(new TensorMetadata(OUTPUT, "FP32", List.of(-1L, (long) model.dim()))));
    }

    @GetMapping("/models/{name}/ready")
    @Operation(operationId = "oipModelReady", summary = "Whether a deployment serves a model")
    public ResponseEntity<Map<String, Object>> modelReady(@PathVariable String name) {
        DeploymentView view = deployments.get(name);
        boolean ready = view.state() == DeploymentState.READY;
        return ResponseEntity.status(ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE)
                .body(Map.of("name", name, "ready", ready));
    }

    @GetMapping("/models/{name}/versions/{version}")
    @Operation(
            operationId = "oipModelVersionMetadata",
            summary = "Model metadata of a deployment's embedding model, if it serves this version (model id)")
    public ModelMetadata versionMetadata(@PathVariable String name, @PathVariable String version) {
        requireVersion(name, version);
        return metadata(name);
    }

    @GetMapping("/models/{name}/versions/{version}/ready")
    @Operation(operationId = "oipModelVersionReady", summary = "Whether a deployment serves this version (model id)")
    public ResponseEntity<Map<String, Object>> versionReady(@PathVariable String name, @PathVariable String version) {
        DeploymentView view = requireKnownVersion(name, version);
        boolean ready = view.state() == DeploymentState.READY && version.equals(view.modelId());
        return ResponseEntity.status(ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE)
                .body(Map.of("name", name, "version", version, "ready", ready));
    }

    @PostMapping(value = "/models/{name}/versions/{version}/infer", consumes = MediaType.APPLICATION_JSON_VALUE)
    @Operation(
            operationId = "oipInferVersion",
            summary = "Embeddings of node ids from this version (model id) of a deployment's model")
    public InferResponse inferVersion(
            @PathVariable String name, @PathVariable String version, @RequestBody InferRequest request) {
        return infer(name, requireVersion(name, version), request);
    }

    @PostMapping(value = "/models/{name}/infer", consumes = MediaType.APPLICATION_JSON_VALUE)
    @Operation(
            operationId = "oipInfer",
            summary = "Embeddings of node ids (input node_ids, parameter node_type)",
            description = "parameters.output chooses what is computed: 'embeddings' (default; input node_ids, "
                    + "parameter node_type; output embeddings FP32 [n, dim]), 'scores' (inputs source_ids and "
                    + "target_ids; parameter relation; output scores FP32 [n]) or 'top_k' (input node_ids; parameters "
                    + "k, exclude_linked, relation; outputs top_k_ids INT64 [n, k] and top_k_scores FP32 [n, k], "
                    + "id -1 padding a row with fewer candidates). outputs (optional) names which of these to "
                    + "return, all when absent. An input's data is flat or nested as its shape, read row-major.")
    public InferResponse infer(@PathVariable String name, @RequestBody InferRequest request) {
        return infer(name, deployments.serving(name), request);
    }

    /**
     * What {@code name} serves, if it is {@code version}: a 404 when the deployment neither serves
     * nor loads that version, a 503 while it is still loading it.
     */
    private com.dipgnn.deployments.Served requireVersion(String name, String version) {
        requireKnownVersion(name, version);
        com.dipgnn.deployments.Served served = deployments.serving(name);
        if (!served.modelId().equals(version)) {
            throw new com.dipgnn.errors.ServiceUnavailableException("model '" + name + "' is still loading version '"
                    + version + "'; it serves '" + served.modelId() + "' until then; retry shortly");
        }
        return served;
    }

    /**
     * The deployment {@code name}, if it serves or is loading {@code version}; otherwise the version
     * is not found (404), as the protocol's version endpoints are about that one version.
     */
    private DeploymentView requireKnownVersion(String name, String version) {
        DeploymentView view = deployments.get(name);
        boolean serves = version.equals(view.modelId());
        boolean loads = view.pending() != null && version.equals(view.pending().modelId());
        if (!serves && !loads) {
            throw new com.dipgnn.errors.NotFoundException(
                    "model version",
                    version,
                    "model '" + name
                            + "' has no version '" + ProblemDetailsAdvice.excerpt(version) + "'"
                            + (view.modelId() != null ? "; it serves version '" + view.modelId() + "'" : "")
                            + " (GET /v2/models/" + name + " lists it)");
        }
        return view;
    }

    private InferResponse infer(String name, com.dipgnn.deployments.Served served, InferRequest request) {
        requireModelName(name, request);
        Object output =
                request.parameters() == null ? null : request.parameters().get(OUTPUT_PARAMETER);
        onlyInputs(request, SCORES.equals(output) ? List.of(SOURCES, TARGETS) : List.of(INPUT));
        List<String> wanted = requestedOutputs(request, produces(output));
        requireBoolean(request.parameters(), "parameters", BINARY_DATA_OUTPUT);
        InferResponse all;
        if (SCORES.equals(output)) {
            all = metrics.time("v2_scores", name, () -> scores(name, served, request));
        } else if (TOP_K.equals(output)) {
            all = metrics.time("v2_top_k", name, () -> topK(name, served, request));
        } else {
            all = metrics.time("v2_infer", name, () -> embeddings(name, served, request));
        }
        return only(all, wanted);
    }

    /** The outputs {@code parameters.output} produces; an unknown one is refused naming the others. */
    private static List<String> produces(Object output) {
        if (output == null) {
            return PRODUCES.get(OUTPUT);
        }
        List<String> produced = output instanceof String kind ? PRODUCES.get(kind) : null;
        if (produced == null) {
            throw new InvalidInputException(
                    "parameters." + OUTPUT_PARAMETER,
                    "unknown output " + output + "; use '"
                            + OUTPUT + "' (the default), '" + SCORES + "' (inputs " + SOURCES + " and " + TARGETS
                            + ") or '"
                            + TOP_K + "' (input " + INPUT + ", parameters k and exclude_linked)");
        }
        return produced;
    }

    /** Refuses a body whose {@code model_name} (kserve's client sends one) is not the model of the URL. */
    private static void requireModelName(String name, InferRequest request) {
        if (request.model_name() != null && !request.model_name().equals(name)) {
            throw new InvalidInputException(
                    "model_name",
                    "the body names model '" + ProblemDetailsAdvice.excerpt(request.model_name()) + "' but the URL '"
                            + name + "'; leave model_name out or make it the URL's");
        }
    }

    /**
     * The names of the outputs {@code request} asks for, in its order, each one of {@code produced}
     * and asked once, with no parameter but {@code binary_data}; all of {@code produced} when it
     * names none.
     */
    private static List<String> requestedOutputs(InferRequest request, List<String> produced) {
        List<RequestedOutput> outputs = request.outputs();
        if (outputs == null || outputs.isEmpty()) {
            return produced;
        }
        List<String> wanted = new ArrayList<>();
        for (int i = 0; i < outputs.size(); i++) {
            String field = "outputs[" + i + "]";
            String outputName = outputs.get(i) == null ? null : outputs.get(i).name();
            if (outputName == null || !produced.contains(outputName)) {
                throw new InvalidInputException(
                        field + ".name",
                        "this inference produces the outputs " + produced + "; got "
                                + (outputName == null
                                        ? "no name"
                                        : "'" + ProblemDetailsAdvice.excerpt(outputName) + "'")
                                + " (parameters." + OUTPUT_PARAMETER + " chooses what is computed: " + PRODUCES + ")");
            }
            if (wanted.contains(outputName)) {
                throw new InvalidInputException(
                        field + ".name", "the output '" + outputName + "' is asked for twice; ask for each once");
            }
            onlyParameters(outputs.get(i).parameters(), field + ".parameters", Set.of(BINARY_DATA));
            requireBoolean(outputs.get(i).parameters(), field + ".parameters", BINARY_DATA);
            wanted.add(outputName);
        }
        return wanted;
    }

    /** {@code all} with only the outputs named {@code wanted}, in that order. */
    private static InferResponse only(InferResponse all, List<String> wanted) {
        List<Tensor> outputs = wanted.stream()
                .map(w -> all.outputs().stream()
                        .filter(t -> t.name().equals(w))
                        .findFirst()
                        .orElseThrow())
                .toList();
        return new InferResponse(all.model_name(), all.model_version(), all.id(), outputs);
    }

    /** Embeddings of node ids: input node_ids, parameter node_type, output embeddings (FP32 [n, dim]). */
    private static InferResponse embeddings(String name, com.dipgnn.deployments.Served served, InferRequest request) {
        ModelDeployment model = served.model();
        InputTensor input = input(request);
        int[] ids = nodeIds(input);
        String type = nodeType(model, request, input);
        float[][] vectors = model.embeddings(type, ids);
        List<Number> flat = new ArrayList<>(ids.length * model.dim());
        for (float[] v : vectors) {
            for (float x : v) {
                flat.add(x);
            }
        }
        Tensor out = new Tensor(OUTPUT, List.of((long) ids.length, (long) model.dim()), "FP32", null, flat);
        return new InferResponse(name, served.modelId(), request.id(), List.of(out));
    }

    /** Link scores of (source, target) pairs: inputs source_ids and target_ids, output scores (FP32 [n]). */
    private static InferResponse scores(String name, com.dipgnn.deployments.Served served, InferRequest request) {
        requestParameters(request, "relation");
        int[] sources = nodeIds(input(request, SOURCES));
        int[] targets = nodeIds(input(request, TARGETS));
        float[] scores = served.model().linkScores(stringParameter(request, "relation"), sources, targets);
        List<Number> data = new ArrayList<>(scores.length);
        for (float s : scores) {
            data.add(s);
        }
        return new InferResponse(
                name,
                served.modelId(),
                request.id(),
                List.of(new Tensor(SCORES, List.of((long) scores.length), "FP32", null, data)));
    }

    /**
     * The k best candidates of each source: input node_ids, parameters k (default 10) and
     * exclude_linked (default false); outputs top_k_ids (INT64 [n, k]) and top_k_scores (FP32
     * [n, k]), best first, a row padded with id -1 and score 0 where fewer than k candidates remain.
     */
    private static InferResponse topK(String name, com.dipgnn.deployments.Served served, InferRequest request) {
        requestParameters(request, "relation", "k", "exclude_linked");
        int[] sources = nodeIds(input(request, INPUT));
        Object kValue = request.parameters().getOrDefault("k", 10);
        if (!(kValue instanceof Integer k) || k < 1) {
            throw new InvalidInputException("parameters.k", "k is a positive integer; got " + kValue);
        }
        Object exclude = request.parameters().getOrDefault("exclude_linked", false);
        if (!(exclude instanceof Boolean excludeLinked)) {
            throw new InvalidInputException(
                    "parameters.exclude_linked", "exclude_linked is true or false; got " + exclude);
        }
        // checked (ids, their count, k) by the deployment before anything of size sources x k is made
        List<List<com.dipgnn.serving.ScoredNode>> tops =
                served.model().recommend(stringParameter(request, "relation"), sources, k, excludeLinked);
        List<Number> ids = new ArrayList<>(sources.length * k);
        List<Number> scores = new ArrayList<>(sources.length * k);
        for (List<com.dipgnn.serving.ScoredNode> top : tops) {
            for (int i = 0; i < k; i++) {
                ids.add(i < top.size() ? (long) top.get(i).id() : -1L);
                scores.add(i < top.size() ? top.get(i).score() : 0f);
            }
        }
        List<Long> shape = List.of((long) sources.length, (long) k);
        return new InferResponse(
                name,
                served.modelId(),
                request.id(),
                List.of(
                        new Tensor(TOP_K_IDS, shape, INT64, null, ids),
                        new Tensor(TOP_K_SCORES, shape, "FP32", null, scores)));
    }

    private static String stringParameter(InferRequest request, String name) {
        Object value =
                request.parameters() == null ? null : request.parameters().get(name);
        if (value != null && !(value instanceof String)) {
            throw new InvalidInputException("parameters." + name, name + " is a string; got " + value);
        }
        return (String) value;
    }

    /**
     * Refuses a request whose inputs are not a list of named tensors each given once and each one
     * this inference takes ({@code takes}): a second tensor of one name, or one the inference does
     * not read, would otherwise be ignored.
     */
    private static void onlyInputs(InferRequest request, List<String> takes) {
        if (request.inputs() == null || request.inputs().contains(null)) {
            throw new InvalidInputException(
                    "inputs",
                    "the request needs a list of input tensors (" + String.join(", ", takes)
                            + "), and no null entries");
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < request.inputs().size(); i++) {
            String inputName = request.inputs().get(i).name();
            String field = "inputs[" + i + "].name";
            if (inputName == null || !takes.contains(inputName)) {
                throw new InvalidInputException(
                        field,
                        "this inference takes the input tensors " + takes + "; got "
                                + (inputName == null
                                        ? "a tensor without a name"
                                        : "'" + ProblemDetailsAdvice.excerpt(inputName) + "'"));
            }
            if (!seen.add(inputName)) {
                throw new InvalidInputException(
                        field, "the input tensor '" + inputName + "' is given twice; give each " + "input once");
            }
        }
    }

    private static InputTensor input(InferRequest request) {
        return input(request, INPUT);
    }

    private static InputTensor input(InferRequest request, String inputName) {
        if (request.inputs() == null || request.inputs().contains(null)) {
            throw new InvalidInputException(
                    "inputs",
                    "the request needs a list of input tensors, one named '" + inputName + "', and no null entries");
        }
        InputTensor input = request.inputs().stream()
                .filter(t -> inputName.equals(t.name()))
                .findFirst()
                .orElseThrow(() -> new InvalidInputException(
                        "inputs",
                        "the request needs an input tensor named '" + inputName + "' (INT64, shape [n]); got "
                                + request.inputs().stream()
                                        .map(InputTensor::name)
                                        .toList()));
        if (input.datatype() != null && !INT64.equals(input.datatype()) && !INT32.equals(input.datatype())) {
            throw new InvalidInputException(
                    "inputs." + inputName + ".datatype",
                    "'" + inputName + "' holds node ids: use " + "datatype INT64 (or INT32); got '" + input.datatype()
                            + "'");
        }
        return input;
    }

    /**
     * The node ids of {@code input} in row-major order ({@link TensorData}), each an integer from 0
     * to {@link Integer#MAX_VALUE} exactly as sent: a fraction, or an id beyond the node id range,
     * is refused rather than rounded or truncated to another node's id.
     */
    private static int[] nodeIds(InputTensor input) {
        String tensor = "inputs." + input.name();
        List<Object> values =
                input.data() == null ? List.of() : TensorData.flatten(input.data(), input.shape(), tensor);
        if (values.isEmpty()) {
            throw new InvalidInputException(tensor + ".data", "'" + input.name() + "' holds no node ids");
        }
        int[] ids = new int[values.size()];
        for (int i = 0; i < ids.length; i++) {
            Object value = values.get(i);
            if (!(value instanceof Integer || value instanceof Long || value instanceof BigInteger)) {
                throw new InvalidInputException(
                        idField(input, i), "node ids are integers; got " + ProblemDetailsAdvice.excerpt(value));
            }
            Number n = (Number) value;
            if (n instanceof BigInteger || n.longValue() < 0 || n.longValue() > Integer.MAX_VALUE) {
                throw new InvalidInputException(
                        idField(input, i), "node id " + n + " is outside the node id range 0 to " + Integer.MAX_VALUE);
            }
            ids[i] = n.intValue();
        }
        return ids;
    }

    /** The field of the {@code index}th id of {@code input}: {@code inputs.node_ids.data[i]}, or {@code [i][j]} nested. */
    private static String idField(InputTensor input, int index) {
        return "inputs." + input.name() + ".data" + TensorData.at(input.data(), input.shape(), index);
    }

    private static String nodeType(ModelDeployment model, InferRequest request, InputTensor input) {
        requestParameters(request, NODE_TYPE);
        onlyNodeType(input.parameters(), "inputs." + INPUT + ".parameters");
        Object type = input.parameters() != null ? input.parameters().get(NODE_TYPE) : null;
        String field = "inputs." + INPUT + ".parameters." + NODE_TYPE;
        if (type == null && request.parameters() != null) {
            type = request.parameters().get(NODE_TYPE);
            field = "parameters." + NODE_TYPE;
        }
        if (type instanceof String name) {
            return name;
        }
        if (type != null) {
            throw new InvalidInputException(field, "node_type is the name of a node type (a string); got " + type);
        }
        List<String> types = model.graph().nodeTypes();
        if (types.size() == 1) {
            return types.get(0);
        }
        throw new InvalidInputException(
                "parameters." + NODE_TYPE, "the graph has node types " + types + "; name one in parameters.node_type");
    }

    /** Refuses parameters other than {@code node_type} (and {@code output}), which embeddings would otherwise ignore. */
    private static void onlyNodeType(Map<String, Object> parameters, String where) {
        onlyParameters(parameters, where, Set.of(NODE_TYPE, OUTPUT_PARAMETER));
    }

    /**
     * Refuses request parameters other than {@code taken} and the ones every inference takes
     * ({@code output}, {@code binary_data_output}).
     */
    private static void requestParameters(InferRequest request, String... taken) {
        Set<String> allowed = new HashSet<>(Set.of(taken));
        allowed.addAll(Set.of(OUTPUT_PARAMETER, BINARY_DATA_OUTPUT));
        onlyParameters(request.parameters(), "parameters", allowed);
    }

    /** Refuses a parameter {@code name} that is given and not true or false. */
    private static void requireBoolean(Map<String, Object> parameters, String where, String name) {
        Object value = parameters == null ? null : parameters.get(name);
        if (value != null && !(value instanceof Boolean)) {
            throw new InvalidInputException(
                    where + "." + name, name + " is true or false; got " + ProblemDetailsAdvice.excerpt(value));
        }
    }

    /** Refuses parameters other than {@code allowed}, which the inference would otherwise ignore. */
    private static void onlyParameters(Map<String, Object> parameters, String where, Set<String> allowed) {
        if (parameters == null) {
            return;
        }
        for (String name : parameters.keySet()) {
            if (!allowed.contains(name)) {
                throw new InvalidInputException(
                        where + "." + name,
                        "unknown parameter '" + name + "'; this " + "inference takes " + new TreeSet<>(allowed));
            }
        }
    }
}
