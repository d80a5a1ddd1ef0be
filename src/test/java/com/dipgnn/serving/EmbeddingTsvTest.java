package com.dipgnn.serving;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.graph.HeteroGraph;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The TSV export holds every node once, with its key, and its values read back exactly. */
class EmbeddingTsvTest {

    @Test
    void everyNodeOfTheChosenTypesReadsBackAsTheDeploymentEmbedsIt(@TempDir Path dir) throws Exception {
        HeteroGraph graph = ServingFixtures.queryProduct();
        Path model = dir.resolve("model");
        ServingFixtures.randomLinkModel(graph, model, false, null);
        try (ModelDeployment deployment =
                ModelDeployment.deploy(model, graph, DeploymentOptions.defaults(), DeploymentListener.NONE)) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            long[] last = {0};
            long written = EmbeddingTsv.write(deployment, List.of("product", "query"), out, n -> last[0] = n);

            String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
            int products = graph.numNodes("product");
            int queries = graph.numNodes("query");
            assertThat(written).isEqualTo(products + queries).isEqualTo(last[0]);
            assertThat(lines).hasSize(1 + products + queries);
            assertThat(lines[0].split("\t")).hasSize(3 + deployment.dim()).startsWith("type", "id", "key", "e0");

            String[] firstQuery = lines[1 + products].split("\t", -1);
            assertThat(firstQuery[0]).isEqualTo("query");
            assertThat(firstQuery[1]).isEqualTo("0");
            assertThat(firstQuery[2])
                    .isEqualTo(
                            graph.nodes("query").keys() == null
                                    ? ""
                                    : graph.nodes("query").keys()[0]);
            float[] expected = deployment.embeddings("query", new int[] {0})[0];
            for (int d = 0; d < expected.length; d++) {
                assertThat(Float.parseFloat(firstQuery[3 + d])).isEqualTo(expected[d]);
            }
        }
    }
}
