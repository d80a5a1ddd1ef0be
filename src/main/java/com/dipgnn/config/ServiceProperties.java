package com.dipgnn.config;

import com.dipgnn.graph.io.InputLimits;
import com.dipgnn.model.AggregationKernel;
import com.dipgnn.serving.DeploymentOptions;
import com.dipgnn.serving.IndexOptions;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The service's settings ({@code dipgnn.*}). Everything the service writes lives under
 * {@link #dataDir()}: the embedded database, models, checkpoints, uploaded data sets and the
 * generated admin token.
 *
 * @param dataDir root of the service's files (a volume in production; shared by every process of
 *     one installation when the roles run apart)
 * @param roles what this process does: {@code api} (HTTP API and online inference) and/or
 *     {@code worker} (runs training jobs from the job table); both by default
 * @param datasets where data sets may come from
 * @param jobs how training jobs run
 * @param security API tokens
 * @param serving limits of online inference
 * @param quickstart the first-start demonstration: a small pre-training, fine-tuning and deployment
 *     of the built-in graph as ordinary jobs
 * @param threads PyTorch CPU threads of this process ({@code DIPGNN_THREADS}); 0, the default,
 *     divides the cores that the machine's load leaves free at start among the jobs that run at once
 *     ({@code dipgnn.jobs.concurrency}), at least one; a JVM started with
 *     {@code -Dai.djl.pytorch.num_threads} keeps its own. Results are bit-identical from run to run
 *     with one thread; set it to make a model reproducible (docs/service.md, "Reproducible models")
 * @param kernels how message passing aggregates over in-edges ({@code torchscript}, the default:
 *     PyTorch's scatter kernels and a fused attention kernel, or {@code coo}: the earlier sparse
 *     matrix of ones); the same values either way
 * @param housekeeping how the partial writes of dead processes are found and removed
 */
@ConfigurationProperties("dipgnn")
public record ServiceProperties(
        @DefaultValue(ServiceProperties.DEFAULT_DATA_DIR) Path dataDir,
        @DefaultValue({"api", "worker"}) Set<ProcessRole> roles,
        @DefaultValue Datasets datasets,
        @DefaultValue Jobs jobs,
        @DefaultValue Security security,
        @DefaultValue Serving serving,
        @DefaultValue Quickstart quickstart,
        @DefaultValue("0") int threads,
        @DefaultValue Housekeeping housekeeping,
        @DefaultValue("torchscript") AggregationKernel kernels) {

    /** {@code dipgnn.data-dir} when not set ({@code DIPGNN_DATA_DIR}). */
    public static final String DEFAULT_DATA_DIR = "./dipgnn-data";

    /** The generated admin token's file under the data directory, written when no token is configured. */
    public static final String ADMIN_TOKEN_FILE = "admin-token";

    public ServiceProperties {
        if (roles == null || roles.isEmpty()) {
            throw new IllegalArgumentException("dipgnn.roles is empty; give api, worker or both (api,worker)");
        }
        if (threads < 0) {
            throw new IllegalArgumentException(
                    "dipgnn.threads must be 0 (automatic) or a thread count; got " + threads);
        }
    }

    /**
     * @param roots directories the server may register data sets from (sub-folders included);
     *     empty allows none. Relative paths are resolved against the working directory.
     * @param uploadMaxBytes largest accepted archive upload
     * @param registerBuiltin register the synthetic query-product graph as {@code query-product} on first start
     * @param expandMaxBytes most bytes an uploaded archive may expand to; extraction stops, and the
     *     upload is refused, as soon as it would write more
     * @param maxConcurrentUploads uploads received and extracted at the same time; more are
     *     refused with 503 and Retry-After
     * @param limits the most a graph's files, or a synthetic graph, may ask the service to hold
     */
    public record Datasets(
            @DefaultValue List<Path> roots,
            @DefaultValue("2GB") DataSize uploadMaxBytes,
            @DefaultValue("true") boolean registerBuiltin,
            @DefaultValue("1GB") DataSize expandMaxBytes,
            @DefaultValue("2") int maxConcurrentUploads,
            @DefaultValue Limits limits) {

        /** Settings with the default expansion cap, upload concurrency and limits. */
        public static Datasets of(List<Path> roots, DataSize uploadMaxBytes, boolean registerBuiltin) {
            return new Datasets(roots, uploadMaxBytes, registerBuiltin, DataSize.ofGigabytes(1), 2, Limits.DEFAULT);
        }

        public Datasets {
            if (maxConcurrentUploads < 1) {
                throw new IllegalArgumentException(
                        "dipgnn.datasets.max-concurrent-uploads must be at least 1; got " + maxConcurrentUploads);
            }
        }
    }

    /**
     * The most a data set may ask the service to hold ({@code dipgnn.datasets.limits.*}), each
     * checked before allocation and refused with a 4xx problem detail that names it.
     *
     * @param maxLineChars characters in one line of a graph file
     * @param maxColumns fields in one record of a graph file
     * @param maxFeatureDim width of a node type's features
     * @param maxNodes nodes of one type
     * @param maxEdges edges of one relation
     * @param maxSyntheticNodes nodes of a synthetic graph: queries plus products, or users plus items
     * @param maxSyntheticEdges clicks or interactions of a synthetic graph
     * @param maxValuesPerType values one node type may hold in one array: rows x width of its dense
     *     features (a synthetic graph's too), pairs of its sparse features, its label ids (2^28 by
     *     default: 1 GiB of floats)
     */
    public record Limits(
            @DefaultValue("16777216") int maxLineChars,
            @DefaultValue("100000") int maxColumns,
            @DefaultValue("100000") int maxFeatureDim,
            @DefaultValue("100000000") long maxNodes,
            @DefaultValue("1000000000") long maxEdges,
            @DefaultValue("2500000") int maxSyntheticNodes,
            @DefaultValue("20000000") int maxSyntheticEdges,
            @DefaultValue("268435456") long maxValuesPerType) {

        /** The defaults, as {@code @DefaultValue} gives them. */
        public static final Limits DEFAULT = new Limits(
                InputLimits.DEFAULT.maxLineChars(),
                InputLimits.DEFAULT.maxColumns(),
                InputLimits.DEFAULT.maxFeatureDim(),
                InputLimits.DEFAULT.maxNodes(),
                InputLimits.DEFAULT.maxEdges(),
                2_500_000,
                20_000_000,
                InputLimits.DEFAULT.maxValuesPerType());

        /** The prefix of these settings' names. */
        public static final String PREFIX = "dipgnn.datasets.limits.";

        /** The graph loaders' limits. */
        public InputLimits input() {
            return new InputLimits(
                    maxLineChars, maxColumns, maxFeatureDim, maxNodes, maxEdges, maxValuesPerType, PREFIX);
        }
    }

    /**
     * @param concurrency jobs running at the same time (the engine uses one device per job)
     * @param queueCapacity most queued jobs; more submissions are refused with 503
     * @param progressInterval how often a running job's progress is written to the database
     * @param leaseDuration how long a worker's claim on a running job lasts without renewal; a
     *     worker that dies loses its jobs to other workers once their leases expire (PostgreSQL)
     * @param leaseRenewInterval how often a worker renews the leases of its running jobs, checks
     *     for cancel requests from other processes and stores their curves
     * @param pollInterval how often an idle worker looks for queued jobs
     * @param workerId this worker's name in the job table; empty: {@code <host name>-<process id>}
     * @param wholeGraphMemory the most memory one training step of a job may take for the per-edge
     *     arrays of the whole graph ({@link com.dipgnn.sampling.WholeGraphBudget}); a graph and
     *     model that would need more train on sampled subgraphs. Size it to the worker's memory
     *     divided by {@code concurrency}, less the graph and the model
     */
    public record Jobs(
            @DefaultValue("1") int concurrency,
            @DefaultValue("100") int queueCapacity,
            @DefaultValue("2s") Duration progressInterval,
            @DefaultValue("60s") Duration leaseDuration,
            @DefaultValue("15s") Duration leaseRenewInterval,
            @DefaultValue("1s") Duration pollInterval,
            @DefaultValue("") String workerId,
            @DefaultValue("8GB") DataSize wholeGraphMemory) {

        public Jobs {
            if (concurrency < 1 || queueCapacity < 1) {
                throw new IllegalArgumentException("dipgnn.jobs.concurrency and queue-capacity must be at least 1; got "
                        + concurrency + " and " + queueCapacity);
            }
            if (leaseRenewInterval.compareTo(leaseDuration.dividedBy(2)) > 0) {
                throw new IllegalArgumentException("dipgnn.jobs.lease-renew-interval (" + leaseRenewInterval
                        + ") must be at most half of dipgnn.jobs.lease-duration (" + leaseDuration
                        + "), or a busy worker loses its leases; shorten the interval or lengthen the lease");
            }
            if (wholeGraphMemory == null) {
                wholeGraphMemory = DataSize.ofBytes(com.dipgnn.sampling.WholeGraphBudget.DEFAULT_MAX_EDGE_BYTES);
            }
            if (wholeGraphMemory.isNegative()) {
                throw new IllegalArgumentException("dipgnn.jobs.whole-graph-memory must not be negative; got "
                        + wholeGraphMemory + " (0 trains every job on sampled subgraphs)");
            }
        }

        /** The configured worker id, else {@code <host name>-<process id>}. */
        public String effectiveWorkerId() {
            if (!workerId.isBlank()) {
                return workerId;
            }
            String host;
            try {
                host = InetAddress.getLocalHost().getHostName();
            } catch (UnknownHostException e) {
                host = "localhost";
            }
            return host + "-" + ProcessHandle.current().pid();
        }
    }

    /**
     * @param openInference inference endpoints need no token
     * @param tokens configured API tokens; when empty an admin token is generated on first start
     * @param failedAuthLimit failed authentications (a missing or unknown token) from one client
     *     address within {@code failedAuthWindow} that lock the client out for one window (429 with
     *     Retry-After, whatever token it sends); 0 turns the lockout off
     * @param failedAuthWindow how long failures are counted, and how long a lockout lasts
     * @param failedAuthMaxClients most client addresses whose failures are remembered at once
     *     (the oldest are forgotten first)
     */
    public record Security(
            @DefaultValue("false") boolean openInference,
            @DefaultValue List<ApiToken> tokens,
            @DefaultValue("10") int failedAuthLimit,
            @DefaultValue("1m") Duration failedAuthWindow,
            @DefaultValue("10000") int failedAuthMaxClients) {

        /** The setting that lists the API tokens, {@code [i].name}, {@code .token} and {@code .role}. */
        public static final String TOKENS = "dipgnn.security.tokens";

        /** The same as environment variables: this prefix, then {@code NAME}, {@code TOKEN} or {@code ROLE}. */
        public static final String TOKENS_ENV = "DIPGNN_SECURITY_TOKENS_<i>_";

        @org.springframework.boot.context.properties.bind.ConstructorBinding
        public Security {}

        /** Tokens with the default failed-authentication limits. */
        public Security(boolean openInference, List<ApiToken> tokens) {
            this(openInference, tokens, 10, Duration.ofMinutes(1), 10_000);
        }
    }

    /**
     * @param name who holds the token (shown in logs, never the token)
     * @param token the secret
     * @param role what it may do
     */
    public record ApiToken(String name, String token, Role role) {}

    /** What a token may do: readers call inference and read; admins also change things. */
    public enum Role {
        READER,
        ADMIN
    }

    /**
     * @param maxBatch most node ids or pairs in one inference request
     * @param maxK largest k of a top-k request
     * @param syncInterval how often an API process compares its deployments with the deployment
     *     table and follows what other API replicas deployed, switched or undeployed (0: never)
     * @param inference how deployments compute embeddings: {@code exact} (every neighbour, layer by
     *     layer, the lower layers kept for new nodes) or {@code sampled} (chunks on sampled
     *     neighbourhoods: less memory, but new nodes only approximate existing ones)
     * @param maxRequestBytes largest body of a request other than an upload
     * @param index the top-k index of link deployments: {@code auto} (an exact scan up to 4,096
     *     candidates, an inverted file above), {@code exact}, {@code ivf}, or {@code graph}
     *     (JVector: faster answers, slower builds, slightly lower recall; docs/performance.md)
     * @param indexTargetRecall an approximate index is measured against an exact scan on sampled
     *     queries when a deployment builds it, and searched wider until it finds this share of the
     *     exact top 10 (0: measured and reported, never widened)
     * @param maxEmbeddingMagnitude the largest absolute value a deployment serves from precomputed
     *     embeddings; a file holding a larger one is refused as damaged (default 1e6: these models'
     *     embeddings are of order 1 to 100, while one flipped exponent bit makes values like 3e38)
     */
    public record Serving(
            @DefaultValue("1024") int maxBatch,
            @DefaultValue("1000") int maxK,
            @DefaultValue("10s") Duration syncInterval,
            @DefaultValue("exact") DeploymentOptions.Inference inference,
            @DefaultValue("16MB") DataSize maxRequestBytes,
            @DefaultValue("auto") IndexOptions.Kind index,
            @DefaultValue("0.95") double indexTargetRecall,
            @DefaultValue("1e6") double maxEmbeddingMagnitude) {

        public Serving {
            if (!(maxEmbeddingMagnitude > 0)) {
                throw new IllegalArgumentException(
                        "dipgnn.serving.max-embedding-magnitude must be positive; got " + maxEmbeddingMagnitude);
            }
            if (!(indexTargetRecall >= 0 && indexTargetRecall <= 1)) {
                throw new IllegalArgumentException("dipgnn.serving.index-target-recall must be in [0, 1] (0: measure "
                        + "only); got " + indexTargetRecall);
            }
        }
    }

    /**
     * On the first start with the embedded defaults (the built-in graph registered, this process
     * both API and worker), the service pre-trains DiP-GNN briefly on the built-in query-product
     * graph, fine-tunes it for recommendations and deploys it, as ordinary jobs in the job list, so
     * that {@code POST /api/v1/deployments/<deployment>/recommendations} answers a few minutes after
     * the first start. Off in the {@code postgres} profile.
     *
     * @param enabled whether to run it (once: a marker in the data directory remembers it ran)
     * @param pretrainSteps the pre-training's steps (2 layers x 64 x 4 heads)
     * @param finetuneSteps the fine-tuning's most steps (early stopping on validation MRR)
     * @param deployment the deployment's name
     * @param timeLimit the most time its training may take, so that a slow or busy machine has a
     *     recommendation within minutes: pre-training may take {@link #PRETRAINING_SHARE} of it,
     *     fine-tuning what is left (at least the rest of that share); a job that reaches its part ends
     *     with the steps done and says so. An idle 2-core machine needs about 80 s and runs every
     *     step, so the model is the same from start to start; 0: no limit (the steps alone decide,
     *     on any machine)
     */
    public record Quickstart(
            @DefaultValue("true") boolean enabled,
            @DefaultValue("100") int pretrainSteps,
            @DefaultValue("200") int finetuneSteps,
            @DefaultValue("recommendations") String deployment,
            @DefaultValue("3m") Duration timeLimit) {

        /** The share of {@link #timeLimit} pre-training may take (it takes about 90% of the time on an idle machine). */
        public static final double PRETRAINING_SHARE = 0.8;

        public Quickstart {
            if (timeLimit == null || timeLimit.isNegative()) {
                throw new IllegalArgumentException(
                        "dipgnn.quickstart.time-limit must be a duration (3m, 90s) or 0 for none; got " + timeLimit);
            }
        }

        /** Whether the quick start's training has a time limit. */
        public boolean limitsTime() {
            return !timeLimit.isZero();
        }
    }

    /**
     * Every process registers an owner token in the database, names its in-progress writes with
     * it and renews a heartbeat; a process's partial writes are debris once its heartbeat is older
     * than {@code ownerGrace} by the database's clock and nothing under them changed for as long.
     *
     * @param heartbeatInterval how often this process renews its heartbeat
     * @param ownerGrace how long an owner may go without a heartbeat before it counts as dead (at
     *     least three heartbeat intervals); also how long a dead owner's file must have been untouched
     * @param sweepInterval how often the data directory is swept for debris after the sweep at
     *     start (0: at start only)
     */
    public record Housekeeping(
            @DefaultValue("10s") Duration heartbeatInterval,
            @DefaultValue("2m") Duration ownerGrace,
            @DefaultValue("10m") Duration sweepInterval) {

        /** The defaults, as {@code @DefaultValue} gives them. */
        public static final Housekeeping DEFAULT =
                new Housekeeping(Duration.ofSeconds(10), Duration.ofMinutes(2), Duration.ofMinutes(10));

        public Housekeeping {
            if (heartbeatInterval == null || heartbeatInterval.isNegative() || heartbeatInterval.isZero()) {
                throw new IllegalArgumentException(
                        "dipgnn.housekeeping.heartbeat-interval must be positive; got " + heartbeatInterval);
            }
            if (ownerGrace == null || ownerGrace.compareTo(heartbeatInterval.multipliedBy(3)) < 0) {
                throw new IllegalArgumentException("dipgnn.housekeeping.owner-grace (" + ownerGrace + ") must be at "
                        + "least three heartbeat intervals (dipgnn.housekeeping.heartbeat-interval, "
                        + heartbeatInterval + "), or a live process that misses a beat loses its files");
            }
            if (sweepInterval == null || sweepInterval.isNegative()) {
                throw new IllegalArgumentException("dipgnn.housekeeping.sweep-interval must be 0 (at start only) or "
                        + "positive; got " + sweepInterval);
            }
        }
    }

    /**
     * PyTorch CPU threads for this process: {@link #threads()}, or the cores that {@code loadAverage}
     * leaves free divided among the concurrent jobs.
     */
    public int engineThreads(int cores, double loadAverage) {
        return threads > 0
                ? threads
                : com.dipgnn.runtime.EngineThreads.automatic(cores, jobs.concurrency(), loadAverage);
    }

    /** Whether this process serves the HTTP API and online inference. */
    public boolean runsApi() {
        return roles.contains(ProcessRole.API);
    }

    /** Whether this process runs training jobs. */
    public boolean runsWorker() {
        return roles.contains(ProcessRole.WORKER);
    }

    public Path modelsDir() {
        return dataDir.resolve("models");
    }

    /** Where embedding jobs write every node's embedding, one directory per job id. */
    public Path embeddingsDir() {
        return dataDir.resolve("embeddings");
    }

    public Path checkpointsDir() {
        return dataDir.resolve("checkpoints");
    }

    public Path uploadsDir() {
        return dataDir.resolve("datasets");
    }

    /** Where text-derived node inputs are cached, one file per data set and text inputs. */
    public Path textInputCacheDir() {
        return dataDir.resolve("cache").resolve("text-inputs");
    }
}
