package com.dipgnn.sampling;

/**
 * Timing of a {@link BatchPrefetcher}: how long the consumer waited for batches, against how long
 * the producers spent making them (summed over worker threads).
 *
 * @param delivered batches handed to the consumer
 * @param produced batches finished by the producers (including ones not consumed yet)
 * @param consumerWaitNanos total time the consumer spent blocked in {@code next()}
 * @param producerBusyNanos total time spent inside the batch function, over all workers
 */
public record PrefetchStats(long delivered, long produced, long consumerWaitNanos, long producerBusyNanos) {

    /** Mean consumer wait per delivered batch, in milliseconds (0 before the first batch). */
    public double meanWaitMillis() {
        return delivered == 0 ? 0 : consumerWaitNanos / 1e6 / delivered;
    }

    /** Mean time to produce one batch, in milliseconds (0 before the first batch). */
    public double meanProduceMillis() {
        return produced == 0 ? 0 : producerBusyNanos / 1e6 / produced;
    }
}
