package com.dipgnn.quickstart;

import com.dipgnn.config.ServiceProperties;
import com.dipgnn.datasets.DatasetService;
import com.dipgnn.deployments.DeploymentPreparation;
import com.dipgnn.deployments.DeploymentService;
import com.dipgnn.jobs.JobService;
import com.dipgnn.jobs.JobState;
import com.dipgnn.jobs.JobView;
import com.dipgnn.jobs.parameters.FinetuneParameters;
import com.dipgnn.jobs.parameters.PretrainParameters;
import com.dipgnn.jobs.runner.JobProgress;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

/**
 * The first start on the embedded defaults: pre-trains DiP-GNN briefly on the built-in query-product
 * graph, fine-tunes it for recommendations and deploys it ({@link ServiceProperties.Quickstart}),
 * on a thread of its own so the service is up at once. The jobs are ordinary jobs (in the job list,
 * with progress and curves), submitted with idempotency keys, so a restart in the middle picks up
 * the same jobs; a marker file in the data directory makes it run once.
 */
@Component
@Order(1) // after the built-in data set is registered (DatasetBootstrap)
class QuickstartRunner implements ApplicationRunner {

    private static final Logger LOG = LoggerFactory.getLogger(QuickstartRunner.class);
    /** Written when the demonstration has deployed its model (or found it cannot): it runs once. */
    static final String MARKER = "quickstart-done";

    private static final Duration POLL = Duration.ofSeconds(2);
    /** How often the log says where the quick start is. */
    private static final Duration LOG_EVERY = Duration.ofSeconds(15);

    private static final String PREPARER = "the quick start";

    /** The idempotency keys of its two jobs: a restart takes up the jobs a start before submitted. */
    static final String PRETRAIN_KEY = "quickstart-pretrain";

    static final String FINETUNE_KEY = "quickstart-finetune";

    private final ServiceProperties properties;
    private final JobService jobs;
    private final DeploymentService deployments;
    private final ObjectMapper json;
    private volatile Thread thread;
    /** The job working towards the deployment now, and what follows it; null before the first is submitted. */
    private final AtomicReference<Stage> stage = new AtomicReference<>();

    /** A job of the quick start and what comes after it. */
    private record Stage(String jobId, String then) {}

    QuickstartRunner(ServiceProperties properties, JobService jobs, DeploymentService deployments, ObjectMapper json) {
        this.properties = properties;
        this.jobs = jobs;
        this.deployments = deployments;
        this.json = json;
    }

    /**
     * Says, before the web server takes its first request, that the deployment is being prepared:
     * a request in the moment between the server's start and the first job's gets the 503 too, never
     * a 404.
     */
    @PostConstruct
    void announce() {
        if (willRun()) {
            deployments.preparing(properties.quickstart().deployment(), this::preparation);
        }
    }

    @Override
    public void run(ApplicationArguments args) {
        if (!willRun()) {
            return;
        }
        ServiceProperties.Quickstart q = properties.quickstart();
        LOG.info(
                "Quick start: pre-training, fine-tuning and deploying '{}' on the built-in graph '{}' as jobs "
                        + "(79 s on an idle 2-core machine; {}; its routes say how long meanwhile; "
                        + "dipgnn.quickstart.enabled=false turns this off)",
                q.deployment(),
                DatasetService.BUILTIN_QUERY_PRODUCT,
                QuickstartTimeLimits.describe(q));
        String pretraining;
        try {
            // submitted here, so that the service names its job from its first request on
            pretraining = submitPretraining(q);
        } catch (RuntimeException e) {
            LOG.warn("Quick start stopped: {}", e.getMessage(), e);
            deployments.notPreparing(q.deployment());
            return;
        }
        stage.set(new Stage(pretraining, afterPretraining(q)));
        thread = new Thread(() -> demonstrate(pretraining), "quickstart");
        thread.setDaemon(true);
        thread.start();
    }

    /** Whether this start runs the demonstration: on the embedded defaults, both roles, and not yet done. */
    private boolean willRun() {
        return properties.quickstart().enabled()
                && properties.datasets().registerBuiltin()
                && properties.runsApi()
                && properties.runsWorker()
                && !Files.exists(marker());
    }

    /**
     * The id of the job a start before submitted under {@code key}, whatever its parameters (the
     * quick-start settings may have changed since, e.g. its time limit, which would make a new
     * submission under the same key a conflict), else of {@code submission}'s new job.
     */
    private String ownJob(String key, Supplier<JobService.Submission> submission) {
        return jobs.findByIdempotencyKey(key)
                .map(JobView::id)
                .orElseGet(() -> submission.get().job().id());
    }

    /** Submits the pre-training job (or finds the one a start before submitted) and returns its id. */
    private String submitPretraining(ServiceProperties.Quickstart q) {
        Map<String, Object> pretrain = new LinkedHashMap<>();
        pretrain.put("layers", 2);
        pretrain.put("hidden", 64);
        pretrain.put("heads", 4);
        pretrain.put("steps", q.pretrainSteps());
        QuickstartTimeLimits.pretraining(q).ifPresent(seconds -> pretrain.put("timeLimitSeconds", seconds));
        return ownJob(
                PRETRAIN_KEY,
                () -> jobs.submitPretrain(
                        DatasetService.BUILTIN_QUERY_PRODUCT,
                        "quickstart-dipgnn",
                        parameters(PretrainParameters.class, pretrain),
                        PRETRAIN_KEY));
    }

    private static String afterPretraining(ServiceProperties.Quickstart q) {
        return "fine-tuning (" + q.finetuneSteps() + " steps) and deploying";
    }

    @PreDestroy
    void stop() {
        Thread t = thread;
        if (t != null) {
            t.interrupt();
        }
    }

    private void demonstrate(String pretraining) {
        ServiceProperties.Quickstart q = properties.quickstart();
        String dataset = DatasetService.BUILTIN_QUERY_PRODUCT;
        try {
            JobView pretrained = awaitEnd(pretraining, afterPretraining(q));
            if (pretrained.state() != JobState.SUCCEEDED) {
                giveUp("the pre-training job " + pretrained.id() + " ended " + pretrained.state());
                return;
            }
            Map<String, Object> finetune = new LinkedHashMap<>();
            finetune.put("task", "link");
            finetune.put("pretrainedModelId", pretrained.modelId());
            finetune.put("steps", q.finetuneSteps());
            QuickstartTimeLimits.fineTuning(q, trainingTime(pretrained))
                    .ifPresent(seconds -> finetune.put("timeLimitSeconds", seconds));
            JobView tuned = awaitEnd(
                    ownJob(
                            FINETUNE_KEY,
                            () -> jobs.submitFinetune(
                                    dataset,
                                    q.deployment(),
                                    parameters(FinetuneParameters.class, finetune),
                                    FINETUNE_KEY)),
                    "deploying");
            if (tuned.state() != JobState.SUCCEEDED) {
                giveUp("the fine-tuning job " + tuned.id() + " ended " + tuned.state());
                return;
            }
            if (deployments.list().stream().noneMatch(d -> d.name().equals(q.deployment()))) {
                deployments.deploy(q.deployment(), tuned.modelId());
            }
            Files.writeString(marker(), tuned.modelId() + "\n");
            LOG.info(
                    "Quick start: deployment '{}' is loading model {}; ask it for recommendations with POST "
                            + "/api/v1/deployments/{}/recommendations",
                    q.deployment(),
                    tuned.modelId(),
                    q.deployment());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the service stops: the next start picks up the same jobs
        } catch (RuntimeException | IOException e) {
            LOG.warn("Quick start stopped: {}", e.getMessage(), e);
        } finally {
            // deployed (it loads, and says so itself), or given up: its name answers 404 again if absent
            deployments.notPreparing(q.deployment());
        }
    }

    /** How long a job ran, from its last start to its end (what a restart in between cannot change). */
    private static Duration trainingTime(JobView job) {
        return job.startedAt() == null || job.finishedAt() == null
                ? Duration.ZERO
                : Duration.between(job.startedAt(), job.finishedAt());
    }

    /** Waits for job {@code id} to end, saying where it is in the log every {@link #LOG_EVERY}. */
    private JobView awaitEnd(String id, String then) throws InterruptedException {
        stage.set(new Stage(id, then));
        long nextLog = System.nanoTime() + LOG_EVERY.toNanos();
        while (true) {
            JobView view = jobs.get(id);
            if (view.state().isTerminal()) {
                return view;
            }
            if (System.nanoTime() >= nextLog) {
                LOG.info(
                        "Quick start: {}",
                        preparation(view, then).describe(properties.quickstart().deployment()));
                nextLog += LOG_EVERY.toNanos();
            }
            Thread.sleep(POLL.toMillis());
        }
    }

    /** Where the quick start is, for a request to its deployment before it exists. */
    private DeploymentPreparation preparation() {
        Stage now = stage.get();
        return now == null ? DeploymentPreparation.starting(PREPARER) : preparation(jobs.get(now.jobId()), now.then());
    }

    private static DeploymentPreparation preparation(JobView job, String then) {
        JobProgress progress = job.progress();
        if (progress == null) {
            return new DeploymentPreparation(
                    PREPARER, job.id(), job.state().name().toLowerCase(Locale.ROOT), 0, 0, null, then);
        }
        return new DeploymentPreparation(
                PREPARER,
                job.id(),
                progress.phase(),
                progress.step(),
                progress.totalSteps(),
                progress.etaSeconds(),
                then);
    }

    private void giveUp(String why) throws IOException {
        LOG.warn("Quick start stopped: {}; the jobs are in GET /api/v1/jobs", why);
        Files.writeString(marker(), why + "\n");
    }

    /** The parameters a user would post, as the job API reads them. */
    private <T> T parameters(Class<T> type, Map<String, Object> body) {
        return json.convertValue(body, type);
    }

    private Path marker() {
        return properties.dataDir().resolve(MARKER);
    }
}
