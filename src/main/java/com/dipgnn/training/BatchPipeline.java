package com.dipgnn.training;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Prepares training batches on a worker thread ahead of the training loop (a bounded window of
 * futures), so the math does not wait on sampling when it can be avoided. Each step's randomness
 * depends only on (seed, step), so results do not depend on thread timing.
 */
final class BatchPipeline<B> implements AutoCloseable {

    /** Prepares the batch of one step. */
    interface Preparer<B> {
        B prepare(long step, Random rng);
    }

    private static final int AHEAD = 3;

    private final Preparer<B> preparer;
    private final long seed;
    private final long lastStep;
    private final ExecutorService workers;
    private final Deque<Future<B>> window = new ArrayDeque<>();
    private long nextToSubmit = 1;
    private long waitNanos;

    BatchPipeline(Preparer<B> preparer, long seed, long lastStep) {
        this.preparer = preparer;
        this.seed = seed;
        this.lastStep = lastStep;
        this.workers = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "batch-sampler");
            t.setDaemon(true);
            return t;
        });
        fill();
    }

    private void fill() {
        while (window.size() < AHEAD && nextToSubmit <= lastStep) {
            long step = nextToSubmit++;
            window.addLast(workers.submit(() -> preparer.prepare(step, Seeds.rng(seed, step))));
        }
    }

    B next() {
        Future<B> future = window.pollFirst();
        if (future == null) {
            throw new IllegalStateException("no batch left");
        }
        long t0 = System.nanoTime();
        try {
            B batch = future.get();
            waitNanos += System.nanoTime() - t0;
            fill();
            return batch;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a training batch", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException("sampling a training batch failed: " + cause, cause);
        }
    }

    /** Total time the consumer spent waiting for batches. */
    long waitNanos() {
        return waitNanos;
    }

    @Override
    public void close() {
        workers.shutdownNow();
    }
}
