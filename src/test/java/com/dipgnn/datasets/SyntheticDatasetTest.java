package com.dipgnn.datasets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.config.ServiceProperties;
import com.dipgnn.errors.InvalidInputException;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.synthetic.InteractionConfig;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.ArgumentCaptor;
import org.mockito.Mockito;
import org.springframework.util.unit.DataSize;

/**
 * A synthetic interaction graph registered through the service is stored as its location and
 * regenerated from it, identically, by a service that starts afresh; settings of the other kind,
 * or that do not fit together, are refused naming the field.
 */
class SyntheticDatasetTest {

    @TempDir
    Path data;

    private DatasetService service(DatasetRepository repository) {
        ServiceProperties properties = com.dipgnn.testing.TestProperties.of(
                data,
                new ServiceProperties.Datasets(
                        List.of(),
                        DataSize.ofMegabytes(1),
                        false,
                        DataSize.ofMegabytes(4),
                        2,
                        ServiceProperties.Limits.DEFAULT));
        return new DatasetService(repository, properties);
    }

    private static DatasetRepository empty() {
        DatasetRepository repository = Mockito.mock(DatasetRepository.class);
        Mockito.when(repository.find(Mockito.anyString())).thenReturn(Optional.empty());
        return repository;
    }

    private static SyntheticSpec interactions(Integer users, Integer items, Integer interactions, Long seed) {
        return new SyntheticSpec(
                "interactions",
                null,
                null,
                null,
                seed,
                users,
                items,
                interactions,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
    }

    @Test
    void anInteractionGraphIsRegisteredAndReloadedFromItsStoredLocation() {
        DatasetRepository repository = empty();
        Dataset registered = service(repository).registerSynthetic("recs", interactions(200, 100, 2_000, 7L));

        ArgumentCaptor<Dataset> stored = ArgumentCaptor.forClass(Dataset.class);
        Mockito.verify(repository).insert(stored.capture());
        assertThat(stored.getValue()).isEqualTo(registered);
        assertThat(registered.source()).isEqualTo(DatasetSource.BUILTIN);
        assertThat(registered.location())
                .startsWith("synthetic:interactions?users=200&items=100&interactions=2000&seed=7&");
        // 300 nodes; 2,000 interactions stored with their reverses
        assertThat(registered.summary().totalNodes()).isEqualTo(300);
        assertThat(registered.summary().totalEdges()).isEqualTo(4_000);
        assertThat(registered.summary().nodeTypes())
                .extracting(DatasetSummary.NodeTypeSummary::type, DatasetSummary.NodeTypeSummary::count)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("user", 200),
                        org.assertj.core.groups.Tuple.tuple("item", 100));
        // the generator's own graph for these settings (its defaults for the rest)
        HeteroGraph direct = SyntheticGraphs.interactions(
                InteractionConfig.defaults().withSize(200, 100, 2_000).withSeed(7L));
        assertThat(registered.fingerprint()).isEqualTo(direct.fingerprint());

        // a service started afresh finds only the stored row and regenerates the graph from its location
        DatasetRepository restarted = Mockito.mock(DatasetRepository.class);
        Mockito.when(restarted.find("recs")).thenReturn(Optional.of(registered));
        HeteroGraph reloaded = service(restarted).graph("recs");
        assertThat(reloaded.fingerprint()).isEqualTo(registered.fingerprint());
        assertThat(reloaded.numNodes("user")).isEqualTo(200);
        assertThat(reloaded.numNodes("item")).isEqualTo(100);
        assertThat(SyntheticSpec.parse(registered.location()).withDefaults())
                .isEqualTo(SyntheticSpec.interactions(
                        InteractionConfig.defaults().withSize(200, 100, 2_000).withSeed(7L)));
    }

    @Test
    void aSettingOfTheOtherKindIsRefusedNamingIt() {
        DatasetRepository repository = empty();
        DatasetService service = service(repository);
        SyntheticSpec withQueries = new SyntheticSpec(
                "interactions", 10, null, null, 0L, 200, 100, 2_000, null, null, null, null, null, null, null);
        assertThatThrownBy(() -> service.registerSynthetic("recs", withQueries))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("synthetic.queries is a setting of kind 'query-product', not of 'interactions'")
                .extracting(e -> ((InvalidInputException) e).field())
                .isEqualTo("synthetic.queries");
        SyntheticSpec withUsers =
                new SyntheticSpec(null, 100, 200, 1_000, 0L, 200, null, null, null, null, null, null, null, null, null);
        assertThatThrownBy(() -> service.registerSynthetic("shop", withUsers))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("synthetic.users is a setting of kind 'interactions', not of 'query-product'")
                .extracting(e -> ((InvalidInputException) e).field())
                .isEqualTo("synthetic.users");
        Mockito.verify(repository, Mockito.never()).insert(Mockito.any());
    }

    @Test
    void settingsThatDoNotFitTogetherAreRefusedBeforeGenerating() {
        DatasetRepository repository = empty();
        DatasetService service = service(repository);
        // 200 users need 5 interactions each (the default minPerUser): 1,000 at least
        assertThatThrownBy(() -> service.registerSynthetic("recs", interactions(200, 100, 999, 0L)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("is 999 but must be at least 1000")
                .extracting(e -> ((InvalidInputException) e).field())
                .isEqualTo("synthetic");
        SyntheticSpec unknownKind = new SyntheticSpec(
                "ratings", null, null, null, null, null, null, null, null, null, null, null, null, null, null);
        assertThatThrownBy(() -> service.registerSynthetic("recs", unknownKind))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("'ratings'")
                .hasMessageContaining("query-product or interactions")
                .extracting(e -> ((InvalidInputException) e).field())
                .isEqualTo("synthetic.kind");
        Mockito.verify(repository, Mockito.never()).insert(Mockito.any());
    }

    @Test
    void theNamesBeanValidationAcceptsAreTheKindsOwnNames() {
        for (SyntheticKind kind : SyntheticKind.values()) {
            assertThat(kind.apiName()).matches(SyntheticKind.NAME_PATTERN);
            assertThat(SyntheticKind.parse(kind.apiName().toUpperCase(java.util.Locale.ROOT)))
                    .isEqualTo(kind);
        }
        assertThat("ratings").doesNotMatch(SyntheticKind.NAME_PATTERN);
        assertThat(SyntheticKind.parse(null)).isEqualTo(SyntheticKind.QUERY_PRODUCT);
    }
}
