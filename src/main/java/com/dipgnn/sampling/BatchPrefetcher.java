package com.dipgnn.sampling;

import com.dipgnn.graph.StepRandom;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntFunction;

/**
 * Produces the batches of steps {@code 0..numSteps-1} on worker threads ahead of the consumer and
 * hands them out in step order. At most {@code capacity} batches are in production or waiting to
 * be consumed at any time. For results that do not depend on thread timing, the batch function
 * must derive all its randomness from the step (see {@link StepRandom#rngFor(long, long)}).
 *
 * <p>A producer failure reaches the consumer as a {@link BatchProductionException} naming the
 * step, after the batches of all earlier steps; no later step is started. {@link #close()} stops
 * and joins the worker threads. The consumer side ({@link #next()}) is meant for one thread.
 *
 * @param <T> the batch type
 */
public final class BatchPrefetcher<T> implements Iterator<T>, AutoCloseable {

    /** Default number of batches produced ahead. */
    public static final int DEFAULT_CAPACITY = 4;

    private static final AtomicInteger INSTANCES = new AtomicInteger();
    private static final long JOIN_MILLIS = 30_000;

    private final IntFunction<T> batchForStep;
    private final int numSteps;
    private final Semaphore freeSlots;
    private final Outcome<T>[] slots;
    private final AtomicInteger nextToClaim = new AtomicInteger();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition arrived = lock.newCondition();
    private final List<Thread> workers = new ArrayList<>();
    private final String threadNamePrefix;
    private final AtomicLong waitNanos = new AtomicLong();
    private final AtomicLong busyNanos = new AtomicLong();
    private final AtomicLong produced = new AtomicLong();
    private volatile boolean closed;
    private volatile boolean failed;
    private volatile int nextToDeliver;
    private boolean broken;

    /** One worker, {@value #DEFAULT_CAPACITY} batches ahead. */
    public BatchPrefetcher(IntFunction<T> batchForStep, int numSteps) {
        this(batchForStep, numSteps, 1, DEFAULT_CAPACITY);
    }

    /**
     * Starts the workers right away.
     *
     * @param batchForStep makes the batch of a step (called from worker threads)
     * @param numSteps number of steps, {@code >= 0}
     * @param workers number of producer threads, {@code >= 1}
     * @param capacity batches produced ahead at most, {@code >= 1}
     */
    @SuppressWarnings("unchecked")
    public BatchPrefetcher(IntFunction<T> batchForStep, int numSteps, int workers, int capacity) {
        this.batchForStep = Objects.requireNonNull(batchForStep, "batchForStep");
        require(numSteps >= 0, "number of steps must be >= 0 (got " + numSteps + ")");
        require(workers >= 1, "number of prefetch workers must be >= 1 (got " + workers + ")");
        require(capacity >= 1, "prefetch capacity must be >= 1 (got " + capacity + ")");
        this.numSteps = numSteps;
        this.freeSlots = new Semaphore(capacity);
        this.slots = (Outcome<T>[]) new Outcome<?>[capacity];
        this.threadNamePrefix = "batch-prefetch-" + INSTANCES.incrementAndGet() + "-";
        for (int w = 0; w < workers; w++) {
            Thread thread = new Thread(this::produceLoop, threadNamePrefix + w);
            thread.setDaemon(true);
            this.workers.add(thread);
        }
        this.workers.forEach(Thread::start);
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    private void produceLoop() {
        while (!closed && !failed) {
            try {
                freeSlots.acquire();
            } catch (InterruptedException e) {
                return;
            }
            int step = nextToClaim.getAndIncrement();
            if (step >= numSteps || closed || failed) {
                freeSlots.release();
                return;
            }
            publish(step, produce(step));
        }
    }

    private Outcome<T> produce(int step) {
        long start = System.nanoTime();
        try {
            return new Outcome<>(batchForStep.apply(step), null);
        } catch (Throwable e) {
            failed = true;
            return new Outcome<>(null, e);
        } finally {
            busyNanos.addAndGet(System.nanoTime() - start);
            produced.incrementAndGet();
        }
    }

    private void publish(int step, Outcome<T> outcome) {
        lock.lock();
        try {
            slots[step % slots.length] = outcome;
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Whether another batch (or the failure of its step) is still to come. */
    @Override
    public boolean hasNext() {
        return !broken && nextToDeliver < numSteps;
    }

    /** The step whose batch {@link #next()} returns next. */
    public int nextStep() {
        return nextToDeliver;
    }

    /**
     * The batch of the next step, waiting for it if needed.
     *
     * @throws BatchProductionException if producing it failed
     * @throws IllegalStateException if closed, or interrupted while waiting
     */
    @Override
    public T next() {
        if (closed) {
            throw new IllegalStateException("batch prefetcher is closed (next step was " + nextToDeliver + ")");
        }
        if (!hasNext()) {
            throw new NoSuchElementException(
                    broken
                            ? "no more batches: the batch of step " + nextToDeliver + " failed"
                            : "all " + numSteps + " batches have been delivered");
        }
        int step = nextToDeliver;
        Outcome<T> outcome = awaitOutcome(step);
        freeSlots.release();
        if (outcome.error != null) {
            broken = true;
            throw new BatchProductionException(step, outcome.error);
        }
        nextToDeliver = step + 1;
        return outcome.batch;
    }

    private Outcome<T> awaitOutcome(int step) {
        long start = System.nanoTime();
        int slot = step % slots.length;
        lock.lock();
        try {
            while (slots[slot] == null) {
                if (closed) {
                    throw new IllegalStateException("batch prefetcher is closed (waiting for step " + step + ")");
                }
                arrived.await();
            }
            Outcome<T> outcome = slots[slot];
            slots[slot] = null;
            return outcome;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the batch of step " + step, e);
        } finally {
            lock.unlock();
            waitNanos.addAndGet(System.nanoTime() - start);
        }
    }

    /** Consumer wait and producer time so far. */
    public PrefetchStats stats() {
        return new PrefetchStats(nextToDeliver, produced.get(), waitNanos.get(), busyNanos.get());
    }

    /** Stops the workers (interrupting a batch in production) and waits for their threads to end. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        workers.forEach(Thread::interrupt);
        lock.lock();
        try {
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
        boolean interrupted = false;
        for (Thread worker : workers) {
            try {
                worker.join(JOIN_MILLIS);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Name prefix of this prefetcher's worker threads. */
    String threadNamePrefix() {
        return threadNamePrefix;
    }

    /** A produced batch, or the failure that replaced it. */
    private record Outcome<T>(T batch, Throwable error) {}
}
