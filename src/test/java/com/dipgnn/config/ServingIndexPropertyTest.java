package com.dipgnn.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.serving.IndexOptions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** {@code dipgnn.serving.index} names the top-k index of link deployments; auto by default. */
class ServingIndexPropertyTest {

    private static ServiceProperties bind(Map<String, String> values) {
        return new Binder(new MapConfigurationPropertySource(values)).bindOrCreate("dipgnn", ServiceProperties.class);
    }

    @Test
    void defaultsToAutoAndTakesEachKindByItsLowerCaseName() {
        assertThat(bind(Map.of()).serving().index()).isEqualTo(IndexOptions.Kind.AUTO);
        assertThat(bind(Map.of("dipgnn.serving.index", "graph")).serving().index())
                .isEqualTo(IndexOptions.Kind.GRAPH);
        assertThat(bind(Map.of("dipgnn.serving.index", "ivf")).serving().index())
                .isEqualTo(IndexOptions.Kind.IVF);
    }

    @Test
    void anUnknownKindIsRefused() {
        assertThatThrownBy(() -> bind(Map.of("dipgnn.serving.index", "hnsw"))).hasStackTraceContaining("hnsw");
    }

    @Test
    void theTargetRecallDefaultsTo095AndMustBeAShare() {
        assertThat(bind(Map.of()).serving().indexTargetRecall()).isEqualTo(0.95);
        assertThat(bind(Map.of("dipgnn.serving.index-target-recall", "0"))
                        .serving()
                        .indexTargetRecall())
                .isZero();
        assertThatThrownBy(() -> bind(Map.of("dipgnn.serving.index-target-recall", "1.2")))
                .hasStackTraceContaining("index-target-recall must be in [0, 1]");
    }
}
