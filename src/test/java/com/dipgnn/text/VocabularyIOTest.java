package com.dipgnn.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VocabularyIOTest {

    private static final List<String> TEXTS =
            List.of("graph neural networks", "Graph pre-training of neural networks", "Café au lait", "café crème");

    @TempDir
    Path dir;

    private final Vocabulary vocabulary = Vocabulary.learn(TEXTS, new VocabularyConfig(100, 1, 12));

    @Test
    void roundTripGivesTheSameIdsAndFingerprint() {
        Path modelDir = dir.resolve("model");
        Path file = VocabularyIO.save(vocabulary, modelDir);
        assertThat(file).hasFileName(VocabularyIO.FILE_NAME).exists();
        assertThat(VocabularyIO.exists(modelDir)).isTrue();

        Vocabulary loaded = VocabularyIO.load(modelDir);
        assertThat(loaded.fingerprint()).isEqualTo(vocabulary.fingerprint());
        assertThat(loaded.tokens()).isEqualTo(vocabulary.tokens());
        assertThat(loaded.config()).isEqualTo(vocabulary.config());
        Tokenizer before = new Tokenizer(vocabulary);
        Tokenizer after = new Tokenizer(loaded);
        for (String text : TEXTS) {
            assertThat(after.encode(text)).isEqualTo(before.encode(text));
        }
        assertThat(after.maxLength()).isEqualTo(12);
    }

    @Test
    void roundTripKeepsSubwordSpelling() {
        List<String> texts = List.of("graphs graphs networks networks", "graphical graphite caféine caféterie");
        Vocabulary withPieces = Vocabulary.learn(texts, new VocabularyConfig(300, 2, 12, 150));
        VocabularyIO.save(withPieces, dir);
        Vocabulary loaded = VocabularyIO.load(dir);
        assertThat(loaded.config().maxPieces()).isEqualTo(150);
        assertThat(loaded.fingerprint()).isEqualTo(withPieces.fingerprint());
        String unseen = "Caféterie, graphite"; // left-out words, spelled with pieces
        assertThat(new Tokenizer(loaded).encode(unseen))
                .isEqualTo(new Tokenizer(withPieces).encode(unseen))
                .doesNotContain(Vocabulary.UNK)
                .hasSizeGreaterThan(3);
    }

    @Test
    void saveReplacesAnOldFileAndLeavesNoTemporaries() throws IOException {
        VocabularyIO.save(Vocabulary.learn(List.of("old words"), new VocabularyConfig(100, 1, 8)), dir);
        VocabularyIO.save(vocabulary, dir);
        assertThat(VocabularyIO.load(dir).fingerprint()).isEqualTo(vocabulary.fingerprint());
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly(VocabularyIO.FILE_NAME);
        }
    }

    @Test
    void missingVocabularyGivesAClearError() {
        assertThat(VocabularyIO.exists(dir)).isFalse();
        assertThatThrownBy(() -> VocabularyIO.load(dir))
                .isInstanceOf(VocabularyException.class)
                .hasMessageContaining("has no vocabulary.txt");
    }

    @Test
    void editedTokensAreDetected() throws IOException {
        Path file = VocabularyIO.save(vocabulary, dir);
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        lines.set(6, lines.get(6) + "x");
        Files.write(file, lines, StandardCharsets.UTF_8);
        assertThatThrownBy(() -> VocabularyIO.load(dir))
                .isInstanceOf(VocabularyException.class)
                .hasMessageContaining("corrupted")
                .hasMessageContaining("fingerprint");
    }

    @Test
    void truncatedFileIsDetected() throws IOException {
        Path file = VocabularyIO.save(vocabulary, dir);
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        Files.write(file, lines.subList(0, lines.size() - 2), StandardCharsets.UTF_8);
        assertThatThrownBy(() -> VocabularyIO.load(dir))
                .isInstanceOf(VocabularyException.class)
                .hasMessageContaining("size");
    }

    @Test
    void foreignFileIsRefused() throws IOException {
        Files.writeString(dir.resolve(VocabularyIO.FILE_NAME), "[PAD]\n[UNK]\n");
        assertThatThrownBy(() -> VocabularyIO.load(dir))
                .isInstanceOf(VocabularyException.class)
                .hasMessageContaining("#dipgnn-vocabulary v1");
        Files.writeString(dir.resolve(VocabularyIO.FILE_NAME), "");
        assertThatThrownBy(() -> VocabularyIO.load(dir)).hasMessageContaining("empty");
    }
}
