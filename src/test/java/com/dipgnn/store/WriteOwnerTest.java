package com.dipgnn.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every temporary name this process writes carries its owner token where {@link WriteOwner#of}
 * finds it; names of older versions carry none; and the engine's own clean-ups of partial writes
 * leave another owner's alone.
 */
class WriteOwnerTest {

    private static final String OTHER = "o0123456789ab";

    @TempDir
    Path dir;

    @Test
    void aTokenIsTheLetterOAndTwelveHexDigitsTheSameForTheWholeProcess() {
        assertThat(WriteOwner.current()).matches("o[0-9a-f]{12}").isEqualTo(WriteOwner.current());
        assertThat(WriteOwner.tag()).isEqualTo(WriteOwner.current() + "-");
    }

    @Test
    void theTemporaryNamesOfAtomicWritesAndCheckpointsCarryThisProcesssToken() throws IOException {
        List<String> names = new ArrayList<>();
        AtomicFiles.write(dir.resolve("curves.json"), out -> names.add(onlyHiddenOrTmp(dir)));
        AtomicFiles.writeDirectory(
                dir.resolve("model-1"),
                "exists",
                temp -> names.add(temp.getFileName().toString()));
        Path checkpoints = dir.resolve("checkpoints");
        CheckpointFiles.commit(
                checkpoints, 1, temp -> names.add(temp.getFileName().toString()));

        assertThat(names.get(0))
                .startsWith("curves.json." + WriteOwner.current() + "-")
                .endsWith(".tmp");
        assertThat(names.get(1)).startsWith(".model-1" + AtomicFiles.PARTIAL + WriteOwner.current() + "-");
        assertThat(names.get(2)).startsWith(CheckpointFiles.PARTIAL + WriteOwner.current() + "-");
        for (String name : names) {
            assertThat(WriteOwner.of(name)).as(name).contains(WriteOwner.current());
        }
    }

    @Test
    void theOwnerIsFoundInEveryKindOfTemporaryNameAndInNoNameOfAnOlderVersion() {
        Map<String, String> owned = Map.of(
                ".upload-" + OTHER + "-7f3a1c2e-9b1d-4e5f-8a6b-0c1d2e3f4a5b",
                OTHER,
                ".partial-" + OTHER + "-7f3a1c2e-9b1d-4e5f-8a6b-0c1d2e3f4a5b",
                OTHER,
                ".shop-links-2.partial-" + OTHER + "-123456789",
                OTHER,
                ".latest-" + OTHER + "-998877.tmp",
                OTHER,
                "shop.bin." + OTHER + "-18446744073709551615.tmp",
                OTHER,
                ".admin-token." + OTHER + "-42.tmp",
                OTHER,
                OTHER,
                OTHER);
        owned.forEach((name, owner) -> assertThat(WriteOwner.of(name)).as(name).contains(owner));
        for (String legacy : List.of(
                ".upload-7f3a1c2e-9b1d-4e5f-8a6b-0c1d2e3f4a5b",
                ".partial-123",
                ".shop-links-2.partial-123456789",
                ".latest-998877.tmp",
                "shop.bin123.tmp",
                ".admin-token42.tmp",
                "upload_1a2b3c4d_5e6f_00000001.tmp",
                "shop",
                "step-00000004",
                // a user's name that merely looks like a token is not an owner
                ".a-" + OTHER + "-b.partial-123",
                "x-" + OTHER + "-y.bin123.tmp",
                "o0123456789abc",
                "O0123456789AB")) {
            assertThat(WriteOwner.of(legacy)).as(legacy).isEmpty();
        }
    }

    @Test
    void removingPartialWritesLeavesAnotherOwnersWriteInProgress() throws IOException {
        Path mine = Files.createDirectories(dir.resolve(".m-1" + AtomicFiles.PARTIAL + WriteOwner.tag() + "5"));
        Path legacy = Files.createDirectories(dir.resolve(".m-1" + AtomicFiles.PARTIAL + "77"));
        Path others = Files.createDirectories(dir.resolve(".m-1" + AtomicFiles.PARTIAL + OTHER + "-6"));
        Path otherModel = Files.createDirectories(dir.resolve(".m-2" + AtomicFiles.PARTIAL + WriteOwner.tag() + "7"));

        AtomicFiles.removePartialWrites(dir, "m-1");

        assertThat(mine).doesNotExist();
        assertThat(legacy).doesNotExist();
        assertThat(others).as("another live process may be writing it").exists();
        assertThat(otherModel).exists();
    }

    @Test
    void aCheckpointCommitCleansUpItsOwnAndOldLeftoversButNotAnotherOwners() throws IOException {
        Path checkpoints = Files.createDirectories(dir.resolve("checkpoints"));
        Path mine = Files.createDirectories(checkpoints.resolve(CheckpointFiles.PARTIAL + WriteOwner.tag() + "1"));
        Path legacy = Files.createDirectories(checkpoints.resolve(CheckpointFiles.PARTIAL + "2"));
        Path others = Files.createDirectories(checkpoints.resolve(CheckpointFiles.PARTIAL + OTHER + "-3"));
        Path othersPointer = Files.writeString(checkpoints.resolve(CheckpointFiles.POINTER + OTHER + "-4.tmp"), "x");

        CheckpointFiles.commit(checkpoints, 7, temp -> Files.writeString(temp.resolve("state"), "7"));

        assertThat(mine).doesNotExist();
        assertThat(legacy).doesNotExist();
        assertThat(others).exists();
        assertThat(othersPointer).exists();
        assertThat(CheckpointFiles.latest(checkpoints)).isEqualTo(checkpoints.resolve("step-00000007"));
    }

    /** The one temporary file in {@code dir} while an atomic write is under way. */
    private static String onlyHiddenOrTmp(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".tmp"))
                    .findFirst()
                    .orElseThrow();
        }
    }
}
