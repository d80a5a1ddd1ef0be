package com.dipgnn.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line finds what the service stored, by id, and says what there is when it does not. */
class ServiceDataTest {

    @TempDir
    Path dir;

    @Test
    void aModelIdNamesTheServicesModelDirectory() throws IOException {
        Path stored = Files.createDirectories(dir.resolve("models/mv-0123abcd"));
        Files.createDirectories(dir.resolve("models/mv-4567efab"));
        ServiceData data = ServiceData.at(dir);

        assertThat(data.model("--model", "mv-0123abcd")).isEqualTo(stored);
        assertThat(data.model("--model", stored.toString())).isEqualTo(stored);
        assertThatThrownBy(() -> data.model("--model", "mv-nope"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(
                        "--model mv-nope: no such model directory, and no model 'mv-nope' in " + dir.resolve("models"))
                .hasMessageContaining("(it holds mv-0123abcd, mv-4567efab)")
                .hasMessageContaining("--data-dir");
    }

    @Test
    void anUploadedDataSetsIdNamesItsGraphFolderAndTheBuiltInItsGenerator() throws IOException {
        // an archive of one top folder, as the service keeps it: datasets/<id>/<folder>/...
        Path graph = Files.createDirectories(dir.resolve("datasets/shop-0/shop"));
        Files.writeString(graph.resolve("nodes.csv"), "id\n1\n");
        ServiceData data = ServiceData.at(dir);

        assertThat(data.dataset("shop-0")).isEqualTo(graph.toString());
        assertThat(data.dataset("query-product")).isEqualTo("synthetic:query-product");
        assertThat(data.dataset("synthetic:community")).isEqualTo("synthetic:community");
        assertThatThrownBy(() -> data.dataset("no-such-set-xyz"))
                .isInstanceOf(com.dipgnn.graph.io.GraphDataException.class)
                .hasMessageContaining("data set 'no-such-set-xyz' not found")
                .hasMessageContaining("(it holds shop-0)")
                .hasMessageContaining("synthetic:query-product is the service's built-in query-product");
    }

    @Test
    void aDataDirectoryWithoutModelsSaysSo() {
        ServiceData data = ServiceData.at(dir.resolve("elsewhere"));
        assertThatThrownBy(() -> data.model("--pretrained", "mv-1")).hasMessageContaining("(there is no such folder)");
    }
}
