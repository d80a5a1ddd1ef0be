package com.dipgnn.datasets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.dipgnn.config.ServiceProperties;
import com.dipgnn.errors.InvalidInputException;
import com.dipgnn.errors.ServiceUnavailableException;
import com.dipgnn.graph.synthetic.InteractionConfig;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.Mockito;
import org.springframework.util.unit.DataSize;

/** Synthetic sizes and concurrent uploads are bounded before anything is allocated or written. */
class DatasetLimitsTest {

    @TempDir
    Path data;

    private DatasetService service(int concurrentUploads, ServiceProperties.Limits limits) {
        DatasetRepository repository = Mockito.mock(DatasetRepository.class);
        Mockito.when(repository.find(Mockito.anyString())).thenReturn(Optional.empty());
        ServiceProperties properties = com.dipgnn.testing.TestProperties.of(
                data,
                new ServiceProperties.Datasets(
                        List.of(), DataSize.ofMegabytes(1), false, DataSize.ofMegabytes(4), concurrentUploads, limits));
        return new DatasetService(repository, properties);
    }

    @Test
    void aSyntheticGraphBeyondTheLimitsIsRefusedNamingTheSetting() {
        DatasetService service = service(2, ServiceProperties.Limits.DEFAULT);
        // one node beyond the default of 2,500,000
        assertThatThrownBy(() -> service.registerSynthetic("big", new SyntheticSpec(1_500_001, 1_000_000, 100, 0L)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("2500001 nodes")
                .hasMessageContaining("dipgnn.datasets.limits.max-synthetic-nodes");
        assertThatThrownBy(() -> service.registerSynthetic("big", new SyntheticSpec(100, 100, 30_000_000, 0L)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("dipgnn.datasets.limits.max-synthetic-edges");
    }

    @Test
    void anInteractionGraphOfTwoMillionUsersAndHalfAMillionItemsIsWithinTheNodeLimitAndOneMoreUserIsNot() {
        DatasetService service = service(2, ServiceProperties.Limits.DEFAULT);
        InteractionConfig scale = InteractionConfig.defaults().withSize(2_000_000, 500_000, 20_000_001);
        // 2,500,000 nodes pass the node limit; the check reaches the edges, one beyond 20,000,000, and
        // refuses there, before anything is generated
        InvalidInputException edges = refusal(service, scale);
        assertThat(edges).hasMessageContaining("20000001 interactions");
        assertThat(edges).hasMessageContaining("dipgnn.datasets.limits.max-synthetic-edges");
        assertThat(edges.field()).isEqualTo("synthetic.interactions");
        InvalidInputException nodes = refusal(service, scale.withSize(2_000_001, 500_000, 20_000_000));
        assertThat(nodes).hasMessageContaining("2000001 users and 500000 items has 2500001 nodes");
        assertThat(nodes).hasMessageContaining("dipgnn.datasets.limits.max-synthetic-nodes");
        assertThat(nodes.field()).isEqualTo("synthetic");
    }

    private static InvalidInputException refusal(DatasetService service, InteractionConfig config) {
        return catchThrowableOfType(
                InvalidInputException.class,
                () -> service.registerSynthetic("scale", SyntheticSpec.interactions(config)));
    }

    @Test
    void aSyntheticGraphOfMoreFeatureValuesThanTheBoundIsRefusedBeforeGenerating() {
        ServiceProperties.Limits d = ServiceProperties.Limits.DEFAULT;
        DatasetService service = service(
                2,
                new ServiceProperties.Limits(
                        d.maxLineChars(),
                        d.maxColumns(),
                        d.maxFeatureDim(),
                        d.maxNodes(),
                        d.maxEdges(),
                        d.maxSyntheticNodes(),
                        d.maxSyntheticEdges(),
                        100_000));
        // 4,000 products x 33 features (the generator's width) = 132,000 values, every node and edge limit kept
        assertThatThrownBy(() -> service.registerSynthetic("wide", new SyntheticSpec(100, 4_000, 100, 0L)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("132000 feature values (4000 nodes x 33)")
                .hasMessageContaining("dipgnn.datasets.limits.max-values-per-type");
    }

    @Test
    void anUploadBeyondTheConcurrentOnesIsRefusedWithoutReadingIt() throws Exception {
        DatasetService service = service(1, ServiceProperties.Limits.DEFAULT);
        CountDownLatch reading = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        InputStream slow = new InputStream() {
            @Override
            public int read() throws IOException {
                reading.countDown();
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return -1;
            }
        };
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<?> first = pool.submit(() -> service.upload("first", "g.tar.gz", slow));
            assertThat(reading.await(10, TimeUnit.SECONDS)).isTrue();
            InputStream untouched = Mockito.mock(InputStream.class);
            assertThatThrownBy(() -> service.upload("second", "g.tar.gz", untouched))
                    .isInstanceOf(ServiceUnavailableException.class)
                    .hasMessageContaining("dipgnn.datasets.max-concurrent-uploads");
            Mockito.verifyNoInteractions(untouched);
            release.countDown();
            assertThatThrownBy(first::get).hasCauseInstanceOf(InvalidInputException.class); // an empty archive
        } finally {
            pool.shutdownNow();
        }
    }
}
