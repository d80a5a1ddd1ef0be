package com.dipgnn.datasets;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.errors.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A data set directory may not reach, through links, files outside the data set roots. */
class DatasetLinksTest {

    @TempDir
    Path tmp;

    @Test
    void aLinkedFileOutsideTheRootsIsRefusedWithoutReadingIt() throws IOException {
        Path root = Files.createDirectories(tmp.resolve("root"));
        Path outside = Files.writeString(tmp.resolve("passwd"), "root:x:0:0:root:/root:/bin/bash\n");
        Path graph = Files.createDirectories(root.resolve("g/nodes"));
        Files.createSymbolicLink(graph.resolve("item.csv"), outside);
        assertThatThrownBy(() -> DatasetService.requireNoLinksLeaving(root.resolve("g"), List.of(root.toRealPath())))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("nodes/item.csv").hasMessageContaining("outside the data set roots")
                .hasMessageNotContaining("root:x");
    }

    @Test
    void aLinkedFolderOutsideTheRootsAndADanglingLinkAreRefused() throws IOException {
        Path root = Files.createDirectories(tmp.resolve("root"));
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Path graph = Files.createDirectories(root.resolve("g"));
        Files.createSymbolicLink(graph.resolve("edges"), elsewhere);
        assertThatThrownBy(() -> DatasetService.requireNoLinksLeaving(graph, List.of(root.toRealPath())))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("'edges'");
        Files.delete(graph.resolve("edges"));
        Files.createSymbolicLink(graph.resolve("edges"), tmp.resolve("gone"));
        assertThatThrownBy(() -> DatasetService.requireNoLinksLeaving(graph, List.of(root.toRealPath())))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("link to nothing");
    }

    @Test
    void linksInsideARootAreFollowedAsBefore() throws IOException {
        Path root = Files.createDirectories(tmp.resolve("root"));
        Path shared = Files.writeString(Files.createDirectories(root.resolve("shared")).resolve("items.csv"), "id\na\n");
        Path graph = Files.createDirectories(root.resolve("g/nodes"));
        Files.createSymbolicLink(graph.resolve("item.csv"), shared);
        assertThatCode(() -> DatasetService.requireNoLinksLeaving(root.resolve("g"), List.of(root.toRealPath())))
                .doesNotThrowAnyException();
    }
}
