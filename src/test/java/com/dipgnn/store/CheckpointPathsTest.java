package com.dipgnn.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The latest checkpoint is read only from inside its checkpoint directory (the path rule, {@link AllowedRoots}). */
class CheckpointPathsTest {

    @TempDir
    Path tmp;

    @Test
    void theLatestCheckpointMustLieInsideItsDirectoryWithoutLinksLeavingIt() throws Exception {
        Path dir = tmp.resolve("checkpoints");
        CheckpointFiles.commit(dir, 3, temp -> Files.writeString(temp.resolve("state.json"), "{}"));
        assertThat(CheckpointFiles.latest(dir))
                .isEqualTo(dir.resolve("step-00000003").toRealPath());

        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Files.writeString(elsewhere.resolve("state.json"), "{}");
        Files.createSymbolicLink(
                dir.resolve("step-00000003").resolve("optimizer.params"),
                Files.writeString(elsewhere.resolve("optimizer.params"), "x"));
        assertThatThrownBy(() -> CheckpointFiles.latest(dir))
                .isInstanceOf(CheckpointRefusedException.class)
                .hasMessageContaining("'optimizer.params' in the latest checkpoint")
                .hasMessageContaining("delete the checkpoint directory to start afresh");

        Files.writeString(dir.resolve(CheckpointFiles.LATEST), "../elsewhere");
        assertThatThrownBy(() -> CheckpointFiles.latest(dir))
                .isInstanceOf(CheckpointRefusedException.class)
                .hasMessageContaining("is outside the checkpoint directory");
    }
}
