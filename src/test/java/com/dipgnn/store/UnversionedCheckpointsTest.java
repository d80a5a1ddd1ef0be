package com.dipgnn.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.DataOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The format-1 helpers, and the arrays header that tells format 1 from later ones. */
class UnversionedCheckpointsTest {

    @Test
    void onlyAComponentAtItsDefaultIsLeftOutOfSettingsStrings() {
        assertThat(UnversionedCheckpoints.withoutDefault(
                        "Spec[fullGraphMaxNodes=5, fullGraphMaxBytes=8589934592, seed=1]",
                        "fullGraphMaxBytes",
                        8589934592L))
                .isEqualTo("Spec[fullGraphMaxNodes=5, seed=1]");
        assertThat(UnversionedCheckpoints.withoutDefault(
                        "Spec[fullGraphMaxNodes=5, fullGraphMaxBytes=1073741824, seed=1]",
                        "fullGraphMaxBytes",
                        8589934592L))
                .isEqualTo("Spec[fullGraphMaxNodes=5, fullGraphMaxBytes=1073741824, seed=1]");
    }

    @Test
    void arraysOfFormat1AndOfThisFormatAreReadAndANewerFormatIsRefused(@TempDir Path tmp) throws Exception {
        Path old = tmp.resolve("old.bin");
        try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(old))) {
            out.writeInt(1);
            out.writeUTF("w");
            out.writeInt(2);
            out.writeFloat(1.5f);
            out.writeFloat(-2f);
        }
        assertThat(CheckpointFiles.readArrays(old)).containsOnlyKeys("w");
        assertThat(CheckpointFiles.readArrays(old).get("w")).containsExactly(1.5f, -2f);

        Path now = tmp.resolve("now.bin");
        CheckpointFiles.writeArrays(now, Map.of("w", new float[] {1.5f, -2f}));
        // header (magic, format) + the format-1 body of the same arrays
        assertThat(Files.size(now)).isEqualTo(Files.size(old) + 2 * Integer.BYTES);
        assertThat(CheckpointFiles.readArrays(now).get("w")).containsExactly(1.5f, -2f);

        Path newer = tmp.resolve("newer.bin");
        try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(newer))) {
            out.writeInt(CheckpointFiles.ARRAYS_MAGIC);
            out.writeInt(CheckpointState.FORMAT + 1);
        }
        assertThatThrownBy(() -> CheckpointFiles.readArrays(newer))
                .isInstanceOf(CheckpointRefusedException.class)
                .hasMessageContaining("newer than this version reads");
    }
}
