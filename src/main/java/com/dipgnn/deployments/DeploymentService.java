package com.dipgnn.deployments;

import ai.djl.Device;
import com.dipgnn.config.ServiceProperties;
import com.dipgnn.datasets.DatasetIds;
import com.dipgnn.datasets.DatasetService;
import com.dipgnn.errors.ConflictException;
import com.dipgnn.errors.NotFoundException;
import com.dipgnn.errors.ServiceUnavailableException;
import com.dipgnn.registry.ModelRegistry;
import com.dipgnn.registry.ModelVersion;
import com.dipgnn.serving.DeploymentListener;
import com.dipgnn.serving.InvalidEmbeddingsException;
import com.dipgnn.serving.ModelDeployment;
import com.dipgnn.serving.PrecomputedEmbeddings;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Service;

/**
 * Deploys model versions under names and serves them. A (re)deploy loads the model, embeds every
 * node of its graph and builds the top-k index in the background; only then does the name switch
 * to it, so the previous version answers every request until the switch (the old one is closed a
 * while later, after its in-flight requests). Deployments are recorded in the database once
 * switched, and reloaded when the service starts; until they are loaded the service is not ready.
 * Each name's state is a {@link DeploymentSlot}; {@link DeploymentLoader} checks and loads the models.
 */
@Service
public class DeploymentService implements SmartLifecycle {

    private static final Logger LOG = LoggerFactory.getLogger(DeploymentService.class);
    private static final long RETIRE_AFTER_SECONDS = 30;

    private final DeploymentRepository repository;
    private final DeploymentLoader loads;
    private final ServiceProperties properties;
    private final Clock clock;
    private final Map<String, DeploymentSlot> slots = new ConcurrentHashMap<>();
    private final Map<String, Supplier<DeploymentPreparation>> preparing = new ConcurrentHashMap<>();
    private final AtomicInteger loading = new AtomicInteger();
    private final List<Consumer<String>> created = new CopyOnWriteArrayList<>();
    private final List<Consumer<String>> removed = new CopyOnWriteArrayList<>();
    private ExecutorService loader;
    private ScheduledExecutorService retirer;
    private ScheduledExecutorService syncer;
    private volatile boolean running;

    public DeploymentService(
            DeploymentRepository repository,
            ModelRegistry registry,
            DatasetService datasets,
            ServiceProperties properties,
            Device device,
            Clock clock) {
        this.repository = repository;
        this.loads = new DeploymentLoader(registry, datasets, properties, device);
        this.properties = properties;
        this.clock = clock;
    }

    @Override
    public void start() {
        loader = Executors.newSingleThreadExecutor(r -> daemon(r, "dipgnn-deploy"));
        retirer = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "dipgnn-retire"));
        running = true;
        if (!properties.runsApi()) {
            return; // a worker-only process serves no models
        }
        for (DeploymentRepository.Row row : repository.all()) {
            DeploymentSlot slot = new DeploymentSlot(row.createdAt(), row.updatedAt());
            slots.put(row.name(), slot);
            load(row.name(), slot, row.modelId(), row.embeddingsPath(), null, true);
        }
        long sync = properties.serving().syncInterval().toMillis();
        if (sync > 0) {
            syncer = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "dipgnn-deploy-sync"));
            syncer.scheduleWithFixedDelay(this::syncSafely, sync, sync, TimeUnit.MILLISECONDS);
        }
    }

    /**
     * Follows the deployment table, where other API replicas record what they deploy: loads a
     * deployment this process does not serve yet, switches one whose row names another model (or
     * other precomputed embeddings) and was updated after this process last changed it, and drops
     * one whose row is gone. Deployments being loaded here are left alone.
     */
    void syncWithTable() {
        Instant started = clock.instant();
        Map<String, DeploymentRepository.Row> rows = new HashMap<>();
        repository.all().forEach(r -> rows.put(r.name(), r));
        for (DeploymentRepository.Row row : rows.values()) {
            DeploymentSlot slot = slots.get(row.name());
            if (slot == null) {
                DeploymentSlot fresh = new DeploymentSlot(row.createdAt(), row.updatedAt());
                if (slots.putIfAbsent(row.name(), fresh) == null) {
                    LOG.info(
                            "Deployment '{}' was created by another API process: loading model {}",
                            row.name(),
                            row.modelId());
                    created.forEach(l -> l.accept(row.name()));
                    synchronized (fresh) {
                        load(row.name(), fresh, row.modelId(), row.embeddingsPath(), null, true);
                    }
                }
                continue;
            }
            synchronized (slot) {
                if (slot.switchedElsewhere(row)) {
                    LOG.info(
                            "Deployment '{}' was switched to model {} by another API process",
                            row.name(),
                            row.modelId());
                    slot.updatedAt = row.updatedAt();
                    load(row.name(), slot, row.modelId(), row.embeddingsPath(), null, true);
                }
            }
        }
        for (Map.Entry<String, DeploymentSlot> e : slots.entrySet()) {
            DeploymentSlot slot = e.getValue();
            synchronized (slot) {
                if (slot.undeployedElsewhere(rows.containsKey(e.getKey()), started) && slots.remove(e.getKey(), slot)) {
                    LOG.info("Deployment '{}' was undeployed by another API process", e.getKey());
                    retire(slot.served);
                    removed.forEach(l -> l.accept(e.getKey()));
                }
            }
        }
    }

    private void syncSafely() {
        try {
            syncWithTable();
        } catch (RuntimeException e) {
            LOG.warn("Could not compare the deployments with the deployment table: {}", e.getMessage());
        }
    }

    @Override
    public void stop() {
        running = false;
        if (syncer != null) {
            syncer.shutdownNow();
        }
        loader.shutdownNow();
        retirer.shutdownNow().forEach(Runnable::run); // close replaced models whose grace period had not ended
        slots.values().forEach(s -> {
            if (s.served != null) {
                s.served.model().close();
            }
        });
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** Calls {@code listener} with the name of each deployment, existing and new. */
    public void onNewDeployment(Consumer<String> listener) {
        created.add(listener);
        slots.keySet().forEach(listener);
    }

    /** Calls {@code listener} with the name of each undeployed deployment. */
    public void onRemovedDeployment(Consumer<String> listener) {
        removed.add(listener);
    }

    /** Candidates in the top-k index of the model serving {@code name} (0 when none). */
    public double indexSize(String name) {
        DeploymentSlot slot = slots.get(name);
        Served served = slot == null ? null : slot.served;
        return served == null
                ? 0
                : served.model().index().map(i -> (double) i.size()).orElse(0.0);
    }

    /** Whether every deployment has finished loading (ready or failed): the service's readiness. */
    public boolean allLoaded() {
        return running && loading.get() == 0;
    }

    /**
     * Deploys {@code modelId} under {@code name} (a new deployment, or a switch of an existing one
     * once the new model is loaded).
     */
    public DeploymentView deploy(String name, String modelId) {
        return deploy(name, modelId, null);
    }

    /**
     * Deploys {@code modelId} under {@code name}, serving the precomputed embeddings in the server
     * directory {@code embeddingsPath} (written by the Spark batch job) instead of computing them;
     * null computes them. The embeddings are read and checked against the model and its graph
     * before anything changes: a directory that does not belong to the model is refused (an
     * {@link InvalidEmbeddingsException}) and leaves no deployment behind.
     */
    public DeploymentView deploy(String name, String modelId, String embeddingsPath) {
        DatasetIds.require("name", name);
        ModelVersion model = loads.requireDeployable(modelId);
        PrecomputedEmbeddings precomputed = null;
        String source = null;
        if (embeddingsPath != null) {
            Path dir = loads.embeddingsDirectory(embeddingsPath);
            source = dir.toString();
            DeploymentSlot existing = slots.get(name);
            if (existing != null && existing.pending != null) {
                throw new ConflictException("deployment '" + name + "' is already loading model '"
                        + existing.pending.modelId() + "'; wait until it is ready, then deploy again");
            }
            precomputed = loads.readEmbeddings(model, dir);
        }
        boolean[] isNew = {false};
        DeploymentSlot slot = slots.computeIfAbsent(name, n -> {
            isNew[0] = true;
            return new DeploymentSlot(clock.instant(), null);
        });
        if (isNew[0]) {
            created.forEach(l -> l.accept(name));
        }
        synchronized (slot) {
            if (slot.pending != null) {
                throw new ConflictException("deployment '" + name + "' is already loading model '"
                        + slot.pending.modelId() + "'; wait until it is ready, then deploy again");
            }
            if (slot.served != null
                    && modelId.equals(slot.served.modelId())
                    && Objects.equals(source, slot.served.embeddingsPath())) {
                return slot.view(name);
            }
            load(name, slot, model.id(), source, precomputed, false);
        }
        return slot.view(name);
    }

    /** Stops serving {@code name} and forgets it. */
    public void undeploy(String name) {
        DeploymentSlot slot = slot(name);
        synchronized (slot) {
            if (slot.pending != null && slot.served == null) {
                throw new ConflictException("deployment '" + name + "' is loading its first model; undeploy it once "
                        + "it is ready or failed");
            }
            slots.remove(name);
            repository.delete(name);
            retire(slot.served);
            removed.forEach(l -> l.accept(name));
            LOG.info("Deployment '{}' undeployed", name);
        }
    }

    public DeploymentView get(String name) {
        return slot(name).view(name);
    }

    public List<DeploymentView> list() {
        return slots.keySet().stream().sorted().map(this::get).toList();
    }

    /** What {@code name} serves now: model, version and node keys, from one moment. */
    public Served serving(String name) {
        DeploymentSlot slot = slot(name);
        Served served = slot.served;
        if (served == null) {
            if (slot.state == DeploymentState.FAILED) {
                throw new ConflictException(
                        "deployment '" + name + "' failed to load: " + slot.error + "; deploy another model version");
            }
            throw new ServiceUnavailableException(
                    "deployment '" + name + "' is still loading its model; retry shortly");
        }
        return served;
    }

    /**
     * Loads a model in the background and switches {@code name} to it.
     *
     * @param embeddingsPath the precomputed embeddings to serve, or null to compute them
     * @param precomputed those embeddings, already read and checked; null: read (and checked) here
     *     when {@code embeddingsPath} is given (a deployment reloaded at start)
     */
    private void load(
            String name,
            DeploymentSlot slot,
            String modelId,
            String embeddingsPath,
            PrecomputedEmbeddings precomputed,
            boolean atStart) {
        slot.pending = new DeploymentView.PendingLoad(
                modelId, embeddingsPath, DeploymentListener.Phase.EMBEDDING.name(), 0, 0);
        slot.error = null;
        loading.incrementAndGet();
        LOG.info(
                "Deployment '{}' loading model {}{}",
                name,
                modelId,
                embeddingsPath == null ? "" : " from the precomputed embeddings in " + embeddingsPath);
        loader.execute(() -> {
            try {
                DeploymentListener progress = (phase, done, total) -> slot.pending =
                        new DeploymentView.PendingLoad(modelId, embeddingsPath, phase.name(), done, total);
                ModelDeployment loaded = loads.load(modelId, embeddingsPath, precomputed, progress);
                switchTo(name, slot, modelId, embeddingsPath, loaded, atStart);
            } catch (Exception | LinkageError e) {
                LOG.warn("Loading model {} for deployment '{}' failed", modelId, name, e);
                slot.error = e.getMessage() != null
                        ? e.getMessage()
                        : "an unexpected error while loading; the service log has the details";
                if (slot.served == null) {
                    slot.state = DeploymentState.FAILED;
                }
            } finally {
                slot.pending = null;
                loading.decrementAndGet();
            }
        });
    }

    private void switchTo(
            String name,
            DeploymentSlot slot,
            String modelId,
            String embeddingsPath,
            ModelDeployment loaded,
            boolean atStart) {
        synchronized (slot) {
            if (slots.get(name) != slot) {
                loaded.close();
                return;
            }
            Instant now = clock.instant();
            if (!atStart) {
                repository.upsert(name, modelId, embeddingsPath, now);
                slot.updatedAt = now;
            }
            Served previous = slot.served;
            slot.served = new Served(loaded, modelId, new NodeKeys(loaded.graph()), embeddingsPath);
            slot.state = DeploymentState.READY;
            retire(previous);
        }
        LOG.info(
                "Deployment '{}' now serves model {}{} ({})",
                name,
                modelId,
                embeddingsPath == null ? "" : " with the embeddings in " + embeddingsPath,
                loaded.stats());
    }

    /** Closes a replaced model once requests that already hold it are done. */
    private void retire(Served previous) {
        if (previous != null) {
            retirer.schedule(previous.model()::close, RETIRE_AFTER_SECONDS, TimeUnit.SECONDS);
        }
    }

    private DeploymentSlot slot(String name) {
        DeploymentSlot slot = slots.get(name);
        if (slot == null) {
            Supplier<DeploymentPreparation> preparation = preparing.get(name);
            DeploymentPreparation now = preparation == null ? null : preparation.get();
            if (now != null) {
                throw new ServiceUnavailableException(now.describe(name), now.retryAfterSeconds(), now.details());
            }
            throw new NotFoundException("deployment", name, "list the deployments with GET /api/v1/deployments");
        }
        return slot;
    }

    /**
     * Says that {@code name}, which does not exist yet, is being prepared: until it is deployed (or
     * {@link #notPreparing} is called), its routes answer 503 with {@code status}'s job, step and
     * ETA instead of 404. {@code status} is asked at each such request; null from it means nothing
     * is under way.
     */
    public void preparing(String name, Supplier<DeploymentPreparation> status) {
        preparing.put(name, Objects.requireNonNull(status, "status"));
    }

    /** {@code name} is no longer being prepared (deployed, or given up): an absent one answers 404 again. */
    public void notPreparing(String name) {
        preparing.remove(name);
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }
}
