package com.dipgnn.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.dipgnn.graph.DenseFeatures;
import com.dipgnn.graph.GraphBuilder;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.NodeTable;
import com.dipgnn.graph.RelationType;
import com.dipgnn.graph.SparseFeatures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Text-derived node inputs: learned from the pre-training nodes only, TF-IDF values against a
 * hand computation, applied without changing the data fingerprint, saved with a model and read
 * back unchanged, and cached.
 */
class TextInputsTest {

    private static final TextInputConfig CONFIG = new TextInputConfig(new VocabularyConfig(100, 1, 16, 0), 10);

    /** "doc" has text only; "item" has text and 2-dim features; doc 3 is a fine-tuning node. */
    static HeteroGraph graph() {
        NodeTable docs = new NodeTable(
                "doc",
                4,
                null,
                null,
                null,
                new String[] {"apple banana", "Apple cherry", "apple banana banana", "durian durian apple"},
                null,
                null);
        NodeTable items = new NodeTable(
                "item",
                2,
                null,
                new DenseFeatures(2, 2, new float[] {1, 0, 0, 1}),
                null,
                new String[] {"egg fig", "egg"},
                null,
                null);
        return new GraphBuilder("texts")
                .addNodes(docs)
                .addNodes(items)
                .addEdges(
                        new RelationType("doc", "mentions", "item"),
                        new int[] {0, 1, 2, 3},
                        new int[] {0, 1, 0, 1},
                        null,
                        true)
                .build();
    }

    private static final Map<String, int[]> PRETRAIN = Map.of("doc", new int[] {0, 1, 2}, "item", new int[] {0, 1});

    private static TextInputs learn() {
        return TextInputs.learn(graph(), PRETRAIN, CONFIG).orElseThrow();
    }

    @Test
    void theVocabularyComesFromPretrainingNodesOnlyAndEveryTypeWithTextGetsInputs() {
        TextInputs inputs = learn();
        assertThat(inputs.vocabulary().contains("apple")).isTrue();
        assertThat(inputs.vocabulary().contains("egg"))
                .as("text of a featured type is in the vocabulary")
                .isTrue();
        assertThat(inputs.vocabulary().contains("durian"))
                .as("only a fine-tuning node has it")
                .isFalse();
        assertThat(inputs.derivedTypes()).containsExactly("doc", "item");
        assertThat(inputs.textOnlyTypes()).containsExactly("doc");
        assertThat(inputs.columns().get("doc").width()).isEqualTo(3);
        assertThat(inputs.columns().get("doc").dataWidth()).isZero();
        assertThat(inputs.columns().get("item").width()).as("egg, fig").isEqualTo(2);
        assertThat(inputs.columns().get("item").dataWidth())
                .as("after its 2 features")
                .isEqualTo(2);

        TextInputs featureless = TextInputs.learn(graph(), PRETRAIN, CONFIG.withScope(TextInputScope.FEATURELESS))
                .orElseThrow();
        assertThat(featureless.derivedTypes()).containsExactly("doc");
        assertThat(TextInputs.learn(
                        graph().withNodes(NodeTable.ofCount("doc", 4)).withNodes(NodeTable.ofCount("item", 2)),
                        PRETRAIN,
                        CONFIG))
                .isEmpty();
    }

    @Test
    void rowsAreTfIdfOverPretrainingDocumentFrequenciesWithUnitNorm() {
        TextInputs inputs = learn();
        TextInputs.Columns c = inputs.columns().get("doc");
        Vocabulary v = inputs.vocabulary();
        int apple = c.column(v.id("apple"));
        int banana = c.column(v.id("banana"));
        int cherry = c.column(v.id("cherry"));
        // N = 3 pre-training docs; df apple 3, banana 2, cherry 1; idf = ln((1 + N) / (1 + df)) + 1
        assertThat(c.idf()[apple]).isCloseTo(1f, within(1e-6f));
        assertThat(c.idf()[banana]).isCloseTo((float) (Math.log(4.0 / 3.0) + 1), within(1e-6f));
        assertThat(c.idf()[cherry]).isCloseTo((float) (Math.log(2.0) + 1), within(1e-6f));

        SparseFeatures f = inputs.features("doc", graph().nodes("doc").text());
        float[] row = new float[3];
        // doc 2 "apple banana banana": (1, 2 x 1.2876821) / 2.7626982
        f.copyRow(2, row, 0);
        assertThat(row[apple]).isCloseTo(0.3619650f, within(1e-5f));
        assertThat(row[banana]).isCloseTo(0.9321930f, within(1e-5f));
        assertThat(row[cherry]).isZero();
        // doc 3 "durian durian apple": durian is [UNK], not a column; apple alone has norm 1
        f.copyRow(3, row, 0);
        assertThat(row[apple]).isCloseTo(1f, within(1e-6f));
        assertThat(row[banana] + row[cherry]).isZero();
    }

    @Test
    void theWidthIsCappedByDocumentFrequency() {
        TextInputs narrow = TextInputs.learn(graph(), PRETRAIN, new TextInputConfig(CONFIG.vocabulary(), 2))
                .orElseThrow();
        Vocabulary v = narrow.vocabulary();
        assertThat(narrow.columns().get("doc").tokenIds()).containsExactlyInAnyOrder(v.id("apple"), v.id("banana"));
    }

    @Test
    void applyingAddsTextDerivedFeaturesWithoutChangingTheDataFingerprint() {
        HeteroGraph raw = graph();
        TextInputs inputs = learn();
        HeteroGraph applied = inputs.apply(raw, null);
        assertThat(applied.nodes("doc").hasTextDerivedFeatures()).isTrue();
        assertThat(applied.nodes("doc").featureDim()).isEqualTo(3);
        assertThat(applied.nodes("doc").dataFeatureDim()).isZero();
        assertThat(applied.nodes("item").featureDim())
                .as("2 features, then 2 text columns")
                .isEqualTo(4);
        assertThat(applied.nodes("item").dataFeatureDim()).isEqualTo(2);
        assertThat(applied.fingerprint()).isEqualTo(raw.fingerprint());
        // items: N = 2 pre-training texts; df egg 2, fig 1; idf egg = ln(3/3) + 1 = 1, fig = ln(3/2) + 1
        // "egg fig": (1, 1.4054651) / |(1, 1.4054651)| = (0.5797387, 0.8148025) after the features (1, 0)
        TextInputs.Columns c = inputs.columns().get("item");
        int egg = c.column(inputs.vocabulary().id("egg"));
        int fig = c.column(inputs.vocabulary().id("fig"));
        float[] rows = applied.nodes("item").features().gather(new int[] {0, 1});
        assertThat(rows[0]).isEqualTo(1f);
        assertThat(rows[1]).isZero();
        assertThat(rows[2 + egg]).isCloseTo(0.5797387f, within(1e-6f));
        assertThat(rows[2 + fig]).isCloseTo(0.8148025f, within(1e-6f));
        // "egg" with features (0, 1): (0, 1, egg 1, fig 0)
        assertThat(rows[4]).isZero();
        assertThat(rows[5]).isEqualTo(1f);
        assertThat(rows[6 + egg]).isEqualTo(1f);
        assertThat(rows[6 + fig]).isZero();
        // row normalisation takes the whole row: "egg" item sums to 2
        float[] normalised =
                applied.withRowNormalizedFeatures().nodes("item").features().gather(new int[] {1});
        assertThat(normalised)
                .containsExactly(egg == 0 ? new float[] {0, 0.5f, 0.5f, 0} : new float[] {0, 0.5f, 0, 0.5f});
        assertThatThrownBy(() -> inputs.apply(
                        raw.withNodes(raw.nodes("item").withFeatures(new DenseFeatures(2, 3, new float[6]))), null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("3-dim features")
                .hasMessageContaining("reads 2 features before its text");
        assertThat(applied.induced("part", Map.of("doc", new int[] {3}, "item", new int[] {1}))
                        .nodes("doc")
                        .hasTextDerivedFeatures())
                .as("kept by induced subgraphs")
                .isTrue();
    }

    @Test
    void aGraphLoadedWithoutTextIsRefusedWithTheFix() {
        HeteroGraph noText = graph().withNodes(NodeTable.ofCount("doc", 4));
        assertThatThrownBy(() -> learn().apply(noText, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("without the text of 'doc'")
                .hasMessageContaining("load it with its text");
    }

    @Test
    void savedWithAModelAndReadBackUnchanged(@TempDir Path dir) throws IOException {
        TextInputs inputs = learn();
        TextInputsFile.save(inputs, dir);
        assertThat(TextInputsFile.exists(dir)).isTrue();
        TextInputs loaded = TextInputsFile.load(dir);
        assertThat(loaded.fingerprint()).isEqualTo(inputs.fingerprint());
        assertThat(loaded.vocabulary().tokens()).isEqualTo(inputs.vocabulary().tokens());
        assertThat(loaded.columns().get("doc").tokenIds())
                .containsExactly(inputs.columns().get("doc").tokenIds());
        assertThat(loaded.columns().get("doc").idf())
                .containsExactly(inputs.columns().get("doc").idf());
        assertThat(loaded.columns().get("item").dataWidth()).isEqualTo(2);
        assertThat(loaded.columns().get("doc").dataWidth()).isZero();
        assertThat(TextInputsFile.loadIfPresent(dir.resolve("missing"))).isEmpty();
        Path incomplete = Files.createDirectories(dir.resolve("incomplete"));
        VocabularyIO.save(inputs.vocabulary(), incomplete);
        assertThatThrownBy(() -> TextInputsFile.loadIfPresent(incomplete))
                .isInstanceOf(VocabularyException.class)
                .hasMessageContaining("no " + TextInputsFile.FILE_NAME)
                .hasMessageContaining("incomplete");

        Path file = dir.resolve(TextInputsFile.FILE_NAME);
        List<String> lines = Files.readAllLines(file);
        String[] first = lines.get(1).split("\t");
        lines.set(1, first[0] + "\t" + first[1] + "\t9.5");
        Files.write(file, lines);
        assertThatThrownBy(() -> TextInputsFile.load(dir))
                .isInstanceOf(VocabularyException.class)
                .hasMessageContaining("corrupted");
    }

    @Test
    void aVersionOneFileOfAModelSavedBeforeDataWidthsReadsAsTextOnlyTypes(@TempDir Path dir) throws IOException {
        // what the previous version wrote: only text-only types had columns, and the header had no widths
        TextInputs textOnly = TextInputs.learn(graph(), PRETRAIN, CONFIG.withScope(TextInputScope.FEATURELESS))
                .orElseThrow();
        TextInputsFile.save(textOnly, dir);
        Path file = dir.resolve(TextInputsFile.FILE_NAME);
        List<String> lines = Files.readAllLines(file);
        String header = lines.get(0);
        assertThat(header).startsWith("#dipgnn-text-inputs v2 ");
        lines.set(
                0,
                header.replace("#dipgnn-text-inputs v2 ", "#dipgnn-text-inputs v1 ")
                        .replaceAll(" data-widths=\\S*", ""));
        Files.write(file, lines);
        TextInputs loaded = TextInputsFile.load(dir);
        assertThat(loaded.fingerprint()).as("a v1 model keeps its fingerprint").isEqualTo(textOnly.fingerprint());
        assertThat(loaded.textOnlyTypes()).containsExactly("doc");

        lines.set(0, header.replace("#dipgnn-text-inputs v2 ", "#dipgnn-text-inputs v9 "));
        Files.write(file, lines);
        assertThatThrownBy(() -> TextInputsFile.load(dir))
                .isInstanceOf(VocabularyException.class)
                .hasMessageContaining("v9")
                .hasMessageContaining("newer");
    }

    @Test
    void derivedInputsAreComputedOnceAndReadFromTheCache(@TempDir Path dir) throws IOException {
        TextInputs inputs = learn();
        TextInputCache cache = new TextInputCache(dir);
        HeteroGraph raw = graph();
        HeteroGraph first = inputs.apply(raw, cache);
        Path file = cache.fileFor(raw, inputs);
        assertThat(file).isRegularFile();
        long written = Files.getLastModifiedTime(file).toMillis();

        HeteroGraph second = inputs.apply(raw, cache);
        assertThat(Files.getLastModifiedTime(file).toMillis()).isEqualTo(written);
        assertThat(rows(second)).containsExactly(rows(first));

        Files.writeString(file, "not a cache file");
        assertThat(rows(inputs.apply(raw, cache)))
                .as("an unreadable file is recomputed")
                .containsExactly(rows(first));
        assertThat(Files.size(file)).isGreaterThan(20);
    }

    private static float[] rows(HeteroGraph g) {
        return g.nodes("doc").features().gather(new int[] {0, 1, 2, 3});
    }
}
