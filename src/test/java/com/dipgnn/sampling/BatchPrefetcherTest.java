package com.dipgnn.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.StepRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

class BatchPrefetcherTest {

    @Test
    void batchesArriveInStepOrderWhateverTheProducerTiming() {
        IntFunction<Integer> jittery = step -> {
            sleepMillis(StepRandom.rngFor(99, step).nextInt(4));
            return step;
        };
        try (BatchPrefetcher<Integer> prefetcher = new BatchPrefetcher<>(jittery, 40, 3, 4)) {
            List<Integer> steps = drain(prefetcher);

            assertThat(steps).containsExactlyElementsOf(TestGraphs.rangeList(40));
            assertThat(prefetcher.hasNext()).isFalse();
            assertThatThrownBy(prefetcher::next).isInstanceOf(NoSuchElementException.class);
        }
    }

    @Test
    void oneOrThreeWorkersGiveIdenticalSampledBatches() {
        HeteroGraph graph = TestGraphs.academic(2);
        HgSampler sampler = new HgSampler(new SamplingConfig(3, 6));
        long seed = 1234;
        IntFunction<int[]> batch = step -> {
            Random rng = StepRandom.rngFor(seed, step);
            int[] seeds = {rng.nextInt(400), 400 - 1 - step};
            sleepMillis(rng.nextInt(3));
            return sampler.sampleNodes(graph, Map.of("paper", seeds), rng).get("author");
        };

        List<int[]> single;
        List<int[]> three;
        try (BatchPrefetcher<int[]> prefetcher = new BatchPrefetcher<>(batch, 30, 1, 2)) {
            single = drain(prefetcher);
        }
        try (BatchPrefetcher<int[]> prefetcher = new BatchPrefetcher<>(batch, 30, 3, 5)) {
            three = drain(prefetcher);
        }

        assertThat(three).hasSize(30);
        for (int step = 0; step < 30; step++) {
            assertThat(three.get(step)).as("step %d", step).containsExactly(single.get(step));
        }
        assertThat(Arrays.equals(single.get(0), single.get(1))).isFalse();
    }

    @Test
    void aProducerFailureReachesTheConsumerWithItsStepAfterEarlierBatches() {
        IntFunction<Integer> failsAtFive = step -> {
            if (step == 5) {
                throw new IllegalStateException("boom");
            }
            return step * 10;
        };
        try (BatchPrefetcher<Integer> prefetcher = new BatchPrefetcher<>(failsAtFive, 20, 2, 3)) {
            List<Integer> received = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                received.add(prefetcher.next());
            }

            assertThat(received).containsExactly(0, 10, 20, 30, 40);
            assertThatThrownBy(prefetcher::next)
                    .isInstanceOfSatisfying(
                            BatchProductionException.class,
                            e -> assertThat(e.step()).isEqualTo(5))
                    .hasMessageContaining("step 5")
                    .hasRootCauseMessage("boom");
            assertThat(prefetcher.hasNext()).isFalse();
        }
    }

    @Test
    void producersStayAtMostCapacityBatchesAhead() throws InterruptedException {
        AtomicInteger calls = new AtomicInteger();
        CountDownLatch filled = new CountDownLatch(3);
        IntFunction<Integer> counting = step -> {
            calls.incrementAndGet();
            filled.countDown();
            return step;
        };
        try (BatchPrefetcher<Integer> prefetcher = new BatchPrefetcher<>(counting, 100, 2, 3)) {
            assertThat(filled.await(10, TimeUnit.SECONDS)).isTrue();
            Thread.sleep(150);
            assertThat(calls.get()).isEqualTo(3);

            assertThat(prefetcher.next()).isZero();
            waitUntil(() -> calls.get() == 4);
            Thread.sleep(100);
            assertThat(calls.get()).isEqualTo(4);
        }
    }

    @Test
    void closeStopsAndJoinsTheWorkersEvenMidStream() {
        BatchPrefetcher<Integer> prefetcher = new BatchPrefetcher<>(
                step -> {
                    sleepMillis(step == 2 ? 60_000 : 1);
                    return step;
                },
                1000,
                3,
                4);
        String prefix = prefetcher.threadNamePrefix();
        assertThat(prefetcher.next()).isZero();
        assertThat(liveThreads(prefix)).isPositive();

        long start = System.nanoTime();
        prefetcher.close();

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
        assertThat(liveThreads(prefix)).isZero();
        assertThatThrownBy(prefetcher::next)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closed");
    }

    @Test
    void workersEndByThemselvesAfterTheLastStep() {
        BatchPrefetcher<Integer> prefetcher = new BatchPrefetcher<>(step -> step, 5, 3, 2);
        List<Integer> all = drain(prefetcher);

        assertThat(all).containsExactly(0, 1, 2, 3, 4);
        waitUntil(() -> liveThreads(prefetcher.threadNamePrefix()) == 0);
        assertThat(liveThreads(prefetcher.threadNamePrefix())).isZero();
        prefetcher.close();
    }

    @Test
    void statsSeparateConsumerWaitingFromProducerWork() {
        int steps = 8;
        try (BatchPrefetcher<Integer> prefetcher = new BatchPrefetcher<>(
                step -> {
                    sleepMillis(10);
                    return step;
                },
                steps,
                1,
                2)) {
            drain(prefetcher);
            PrefetchStats stats = prefetcher.stats();

            assertThat(stats.delivered()).isEqualTo(steps);
            assertThat(stats.produced()).isEqualTo(steps);
            // Each batch sleeps 10 ms in the producer, and the consumer only waits: it waits for most of it.
            assertThat(stats.producerBusyNanos()).isGreaterThanOrEqualTo(steps * 9_000_000L);
            assertThat(stats.consumerWaitNanos()).isGreaterThan(steps * 5_000_000L);
            assertThat(stats.meanProduceMillis()).isGreaterThanOrEqualTo(9.0);
        }
    }

    @Test
    void invalidSettingsAreRejected() {
        assertThatThrownBy(() -> new BatchPrefetcher<>(step -> step, 10, 1, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("capacity");
        assertThatThrownBy(() -> new BatchPrefetcher<>(step -> step, 10, 0, 4))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("workers");
        assertThatThrownBy(() -> new BatchPrefetcher<>(step -> step, -1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("steps");
    }

    private static <T> List<T> drain(BatchPrefetcher<T> prefetcher) {
        List<T> out = new ArrayList<>();
        prefetcher.forEachRemaining(out::add);
        return out;
    }

    private static long liveThreads(String prefix) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith(prefix) && t.isAlive())
                .count();
    }

    private static void waitUntil(BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            sleepMillis(5);
        }
    }

    private static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
