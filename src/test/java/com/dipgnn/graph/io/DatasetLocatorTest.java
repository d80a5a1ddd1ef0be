package com.dipgnn.graph.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetLocatorTest {

    @TempDir
    Path root;

    private String savedProperty;

    @BeforeEach
    void pointThePropertyAtAFakeDatasetsFolder() throws Exception {
        savedProperty = System.getProperty(DatasetLocator.PROPERTY);
        System.setProperty(DatasetLocator.PROPERTY, root.toString());
        for (String name : new String[] {"beta", "alpha"}) {
            Files.createDirectories(root.resolve(name));
            Files.writeString(root.resolve(name).resolve("meta.json"), "{}");
        }
        Files.createDirectories(root.resolve("not-a-dataset"));
    }

    @AfterEach
    void restoreTheProperty() {
        if (savedProperty == null) {
            System.clearProperty(DatasetLocator.PROPERTY);
        } else {
            System.setProperty(DatasetLocator.PROPERTY, savedProperty);
        }
    }

    @Test
    void thePropertyNamesTheRoot() {
        assertThat(DatasetLocator.datasetsRoot()).isEqualTo(root);
        assertThat(DatasetLocator.findDatasetsRoot()).contains(root);
    }

    @Test
    void availableNamesAreTheFoldersWithMetaJsonSorted() {
        assertThat(DatasetLocator.availableNames()).containsExactly("alpha", "beta");
    }

    @Test
    void aPlainNameResolvesUnderTheRoot() {
        assertThat(DatasetLocator.resolve("beta")).isEqualTo(root.resolve("beta"));
    }

    @Test
    void anExistingPathIsUsedAsIs(@TempDir Path elsewhere) {
        assertThat(DatasetLocator.resolve(elsewhere.toString())).isEqualTo(elsewhere);
    }

    @Test
    void anUnknownNameListsTheAvailableOnes() {
        GraphDataException e = assertThrows(GraphDataException.class, () -> DatasetLocator.resolve("gamma"));

        assertThat(e.getMessage())
                .isEqualTo("data set 'gamma' not found; give the path of a graph folder, or one of "
                        + "the data sets in " + root + ": alpha, beta");
    }

    @Test
    void aBlankNameIsRefused() {
        GraphDataException e = assertThrows(GraphDataException.class, () -> DatasetLocator.resolve(" "));

        assertThat(e.getMessage())
                .isEqualTo("no data set given; give the path of a graph folder, " + "or one of the data sets in " + root
                        + ": alpha, beta");
    }

    @Test
    void aPropertyNamingAMissingFolderIsAnError() {
        Path missing = root.resolve("missing");
        System.setProperty(DatasetLocator.PROPERTY, missing.toString());

        GraphDataException e = assertThrows(GraphDataException.class, DatasetLocator::datasetsRoot);

        assertThat(e.file()).isEqualTo(missing);
        assertThat(e.getMessage()).contains("does not exist", "set it to the folder that holds the data sets");
    }
}
