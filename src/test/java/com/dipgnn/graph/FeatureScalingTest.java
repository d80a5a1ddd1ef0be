package com.dipgnn.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The standardisation rule by hand: a 4-node dense type with a column {@code [1, 2, 3, 6]} (mean 3,
 * population variance (4 + 1 + 0 + 9) / 4 = 3.5), a binary column {@code [0, 1, 1, 0]} (unchanged)
 * and a constant column of 5s (centred to 0, not scaled); a sparse, a text-derived and an all-binary
 * dense type stay as they are. Then the file: round trip, identity writes nothing, malformed
 * content refused with the file and the fix.
 */
class FeatureScalingTest {

    /** sqrt(3.5), the population standard deviation of 1, 2, 3, 6. */
    private static final double STD = 1.8708286933869707;
    /** 1 / sqrt(3.5). */
    private static final double INV_STD = 0.5345224838248488;

    @TempDir
    Path dir;

    private static HeteroGraph graph() {
        DenseFeatures movie = new DenseFeatures(4, 3, new float[] {
            1, 0, 5,
            2, 1, 5,
            3, 1, 5,
            6, 0, 5
        });
        DenseFeatures user = new DenseFeatures(3, 2, new float[] {0, 1, 1, 1, 0, 0});
        SparseFeatures tag = new SparseFeatures(2, 3, new int[] {0, 1, 2}, new int[] {0, 2}, new float[] {7, 9});
        TextDerivedFeatures word = new TextDerivedFeatures(
                new SparseFeatures(2, 2, new int[] {0, 1, 2}, new int[] {1, 0}, new float[] {40, 50}), "fp");
        return new GraphBuilder("movies")
                .addNodes(NodeTable.ofCount("movie", 4).withFeatures(movie))
                .addNodes(NodeTable.ofCount("user", 3).withFeatures(user))
                .addNodes(NodeTable.ofCount("tag", 2).withFeatures(tag))
                .addNodes(NodeTable.ofCount("word", 2).withFeatures(word))
                .addNodes(NodeTable.ofCount("genre", 2))
                .addEdges(new RelationType("user", "rated", "movie"), new int[] {0, 1}, new int[] {2, 3}, null, true)
                .build();
    }

    @Test
    void fitsMeanAndPopulationStdOfDenseColumnsLeavingBinaryAndConstantColumnsUnscaled() {
        FeatureScaling scaling = FeatureScaling.fit(graph());

        assertThat(scaling.types()).containsOnlyKeys("movie");
        FeatureScaling.Columns movie = scaling.types().get("movie");
        assertThat(movie.means()).containsExactly(new double[] {3, 0, 5}, within(1e-12));
        assertThat(movie.scales()).containsExactly(new double[] {STD, 1, 1}, within(1e-12));
    }

    @Test
    void applyScalesTheDenseTypeIntoNewArraysAndLeavesTheOthers() {
        HeteroGraph raw = graph();
        float[] before =
                ((DenseFeatures) raw.nodes("movie").features()).values().clone();

        HeteroGraph scaled = FeatureScaling.fit(raw).apply(raw);

        assertThat(((DenseFeatures) scaled.nodes("movie").features()).values())
                .containsExactly(
                        new float[] {
                            (float) (-2 * INV_STD),
                            0,
                            0,
                            (float) (-1 * INV_STD),
                            1,
                            0,
                            0,
                            1,
                            0,
                            (float) (3 * INV_STD),
                            0,
                            0
                        },
                        within(1e-6f));
        assertThat(((DenseFeatures) raw.nodes("movie").features()).values())
                .as("the original is untouched")
                .containsExactly(before);
        for (String type : new String[] {"user", "tag", "word", "genre"}) {
            assertThat(scaled.nodes(type).features())
                    .as(type)
                    .isSameAs(raw.nodes(type).features());
        }
    }

    @Test
    void aNewRowIsScaledLikeTheGraphsRows() {
        FeatureScaling scaling = FeatureScaling.fit(graph());

        assertThat(scaling.applyRow("movie", new float[] {4, 1, 7}))
                .containsExactly(new float[] {(float) INV_STD, 1, 2}, within(1e-6f));
        float[] tag = {7, 0, 9};
        assertThat(scaling.applyRow("tag", tag)).isSameAs(tag);
        assertThatThrownBy(() -> scaling.applyRow("movie", new float[] {1, 2}))
                .hasMessageContaining("'movie' has 3 features; got 2");
    }

    @Test
    void fitsOnTheGivenNodesOnly() {
        // rows 0..2: column [1, 2, 3] has mean 2 and population variance 2/3; node 3 (6) is left out
        FeatureScaling scaling = FeatureScaling.fit(graph(), Map.of("movie", new int[] {0, 1, 2}));

        assertThat(scaling.types().get("movie").means()).containsExactly(new double[] {2, 0, 5}, within(1e-12));
        assertThat(scaling.types().get("movie").scales())
                .containsExactly(new double[] {0.816496580927726, 1, 1}, within(1e-12));
        assertThat(FeatureScaling.fit(graph(), Map.of()).isIdentity())
                .as("no nodes, nothing fitted")
                .isTrue();
    }

    @Test
    void aGraphWithNothingToScaleGivesTheIdentityWhichWritesNoFile() throws IOException {
        HeteroGraph binaryOnly = graph().withNodes(graph().nodes("movie").withFeatures(null));

        FeatureScaling scaling = FeatureScaling.fit(binaryOnly);
        scaling.save(dir);

        assertThat(scaling.isIdentity()).isTrue();
        assertThat(scaling).isEqualTo(FeatureScaling.identity());
        assertThat(scaling.apply(binaryOnly)).isSameAs(binaryOnly);
        assertThat(dir.resolve(FeatureScaling.FILE_NAME)).doesNotExist();
        assertThat(FeatureScaling.loadIfPresent(dir)).isEmpty();
    }

    @Test
    void savesAndLoadsBackEqual() throws IOException {
        FeatureScaling scaling = FeatureScaling.fit(graph());

        scaling.save(dir);

        String json = Files.readString(dir.resolve(FeatureScaling.FILE_NAME));
        assertThat(json)
                .contains("\"format\" : \"dipgnn-feature-scaling\"")
                .contains("\"version\" : 1")
                .contains("\"movie\"");
        assertThat(FeatureScaling.loadIfPresent(dir)).contains(scaling);
    }

    @Test
    void malformedFilesAreRefusedWithTheFileTheProblemAndTheFix() throws IOException {
        refused(
                "{\"format\": \"dipgnn-feature-scaling\", \"version\": 1, \"types\": {\"movie\": "
                        + "{\"mean\": [1.0, \"NaN\"], \"scale\": [1.0, 1.0]}}}",
                "mean[1]",
                "finite number");
        refused(
                "{\"format\": \"dipgnn-feature-scaling\", \"version\": 1, \"types\": {\"movie\": "
                        + "{\"mean\": [1.0], \"scale\": [1e400]}}}",
                "scale[0]",
                "finite number");
        refused(
                "{\"format\": \"dipgnn-feature-scaling\", \"version\": 1, \"types\": {\"movie\": "
                        + "{\"mean\": [1.0], \"scale\": [1.0, 2.0]}}}",
                "1 means and 2 scales");
        refused(
                "{\"format\": \"dipgnn-feature-scaling\", \"version\": 1, \"types\": {\"movie\": "
                        + "{\"mean\": [1.0], \"scale\": [0.0]}}}",
                "scales must be positive");
        refused("{\"format\": \"dipgnn-feature-scaling\", \"version\": 1}", "no \"types\" object");
        refused("{\"version\": 1, \"types\": {}}", "is not a feature scaling");
        refused("{\"format\": \"dipgnn-feature-scaling\", \"types\": {", "is not valid JSON");
        assertThatThrownBy(() -> load("{\"format\": \"dipgnn-feature-scaling\", \"version\": 2, \"types\": {}}"))
                .isInstanceOf(FeatureScalingException.class)
                .hasMessageContaining(FeatureScaling.FILE_NAME)
                .hasMessageContaining("format version 2")
                .hasMessageContaining("use the dipgnn version that trained the model, or a newer one");
    }

    private void refused(String content, String what) {
        refused(content, what, what);
    }

    private void refused(String content, String what, String detail) {
        assertThatThrownBy(() -> load(content))
                .isInstanceOf(FeatureScalingException.class)
                .hasMessageContaining(dir.resolve(FeatureScaling.FILE_NAME).toString())
                .hasMessageContaining(what)
                .hasMessageContaining(detail)
                .hasMessageContaining("copy it again or train the model again");
    }

    private FeatureScaling load(String content) throws IOException {
        Files.writeString(dir.resolve(FeatureScaling.FILE_NAME), content, StandardCharsets.UTF_8);
        return FeatureScaling.loadIfPresent(dir).orElseThrow();
    }

    @Test
    void aGraphThatDoesNotFitTheScalingIsRefused() {
        FeatureScaling scaling = FeatureScaling.fit(graph());
        HeteroGraph sparseMovies = graph().withNodes(graph().nodes("movie")
                .withFeatures(new SparseFeatures(4, 3, new int[] {0, 0, 0, 0, 0}, new int[0], new float[0])));
        HeteroGraph noMovies =
                new GraphBuilder("other").addNodes(NodeTable.ofCount("user", 1)).build();

        assertThatThrownBy(() -> scaling.apply(sparseMovies))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("standardises 3 dense features of 'movie' nodes")
                .hasMessageContaining("3 sparse features");
        assertThatThrownBy(() -> scaling.apply(noMovies))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("has no node type 'movie'");
    }

    @Test
    void aNonFiniteFeatureCannotBeFitted() {
        HeteroGraph bad = new GraphBuilder("bad")
                .addNodes(NodeTable.ofCount("movie", 2)
                        .withFeatures(new DenseFeatures(2, 1, new float[] {1, Float.NaN})))
                .build();

        assertThatThrownBy(() -> FeatureScaling.fit(bad))
                .hasMessageContaining("node 1 of type 'movie'")
                .hasMessageContaining("must be finite");
    }

    @Test
    void rowNormalisationExcludesStandardisation() {
        FeatureScaling scaling = FeatureScaling.fit(graph());

        assertThatThrownBy(() -> new FeaturePreprocessing(scaling, true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not both");
        assertThat(FeaturePreprocessing.rowNormalized().applyRow("movie", new float[] {1, 3, 0}))
                .containsExactly(0.25f, 0.75f, 0f);
        assertThat(FeaturePreprocessing.standardized(scaling).applyRow("movie", new float[] {3, 0, 5}))
                .containsExactly(0f, 0f, 0f);
        HeteroGraph raw = graph();
        assertThat(((DenseFeatures) FeaturePreprocessing.rowNormalized()
                                .apply(raw)
                                .nodes("movie")
                                .features())
                        .values())
                .startsWith(1 / 6f, 0f, 5 / 6f);
    }
}
