package com.dipgnn.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The one path rule, case by case: a directory is accepted when its real path lies under an
 * allowed root and no link inside it, at any depth or through a chain, leads out; everything else
 * is refused with what is wrong, where, and the fix, without reading the file outside. The rule
 * serves data set directories, uploads, embeddings, model and checkpoint directories alike.
 */
class AllowedRootsTest {

    /** A directory to check: made under {@code root} (allowed) and {@code outside} (not); returns the path to give. */
    interface Setup {
        String make(Path root, Path outside) throws IOException;
    }

    /**
     * @param refused a part of the message when the directory is refused; null when it is accepted
     */
    record Case(String name, Setup setup, String refused) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("plain directory", (root, outside) -> graph(root).toString(), null),
                new Case(
                        "file link staying inside",
                        (root, outside) -> {
                            Path g = graph(root);
                            Path shared = Files.writeString(
                                    Files.createDirectories(root.resolve("shared"))
                                            .resolve("i.csv"),
                                    "id\n");
                            Files.createSymbolicLink(g.resolve("nodes/linked.csv"), shared);
                            return g.toString();
                        },
                        null),
                new Case(
                        "folder link staying inside",
                        (root, outside) -> {
                            Path g = graph(root);
                            Files.createSymbolicLink(
                                    g.resolve("more"), Files.createDirectories(root.resolve("shared")));
                            return g.toString();
                        },
                        null),
                new Case(
                        "file link leaving",
                        (root, outside) -> {
                            Path g = graph(root);
                            Files.createSymbolicLink(g.resolve("nodes/item.csv"), secret(outside));
                            return g.toString();
                        },
                        "'nodes/item.csv' in the test directory"),
                new Case(
                        "folder link leaving",
                        (root, outside) -> {
                            Path g = graph(root);
                            Files.createSymbolicLink(g.resolve("edges"), outside);
                            return g.toString();
                        },
                        "'edges' in the test directory"),
                new Case(
                        "chain of file links leaving at its end",
                        (root, outside) -> {
                            Path g = graph(root);
                            Path middle = Files.createSymbolicLink(root.resolve("middle.csv"), secret(outside));
                            Files.createSymbolicLink(g.resolve("first.csv"), middle);
                            return g.toString();
                        },
                        "'first.csv' in the test directory"),
                new Case(
                        "link inside a linked folder that stays inside",
                        (root, outside) -> {
                            Path g = graph(root);
                            Path other = Files.createDirectories(root.resolve("other"));
                            Files.createSymbolicLink(other.resolve("x.csv"), secret(outside));
                            Files.createSymbolicLink(g.resolve("sub"), other);
                            return g.toString();
                        },
                        "'sub/x.csv' in the test directory"),
                new Case(
                        "link to nothing",
                        (root, outside) -> {
                            Path g = graph(root);
                            Files.createSymbolicLink(g.resolve("gone.csv"), root.resolve("nothing-here"));
                            return g.toString();
                        },
                        "'gone.csv' in the test directory " /* then the path */),
                new Case(
                        "link loop",
                        (root, outside) -> {
                            Path g = graph(root);
                            Files.createSymbolicLink(g.resolve("nodes/again"), g);
                            return g.toString();
                        },
                        "(a loop); remove the link"),
                new Case(
                        "'..' leading out",
                        (root, outside) -> {
                            graph(root);
                            return root.resolve("g/../../outside").toString();
                        },
                        "is outside the test roots"),
                new Case(
                        "'..' staying inside",
                        (root, outside) -> {
                            graph(root);
                            return root.resolve("g/nodes/..").toString();
                        },
                        null),
                new Case(
                        "the directory itself a link to inside",
                        (root, outside) -> Files.createSymbolicLink(root.resolve("alias"), graph(root))
                                .toString(),
                        null),
                new Case(
                        "the directory itself a link to outside",
                        (root, outside) -> Files.createSymbolicLink(root.resolve("alias"), outside)
                                .toString(),
                        "is outside the test roots"),
                new Case(
                        "not existing",
                        (root, outside) -> root.resolve("absent").toString(),
                        "does not exist on the server"),
                new Case(
                        "a file, not a directory",
                        (root, outside) -> secret(root).toString(),
                        "is not a directory"));
    }

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void oneRuleForEveryDirectory(Case c) throws IOException {
        Path root = Files.createDirectories(tmp.resolve("root"));
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        String given = c.setup().make(root, outside);
        AllowedRoots allowed = AllowedRoots.of(List.of(root, tmp.resolve("not-made")), "the test roots");
        assertThat(allowed.roots()).containsExactly(root.toRealPath());
        if (c.refused() == null) {
            assertThat(allowed.directory(given, "the test directory"))
                    .isEqualTo(Path.of(given).toRealPath());
        } else {
            assertThatThrownBy(() -> allowed.directory(given, "the test directory"))
                    .isInstanceOf(PathRefusedException.class)
                    .hasMessageContaining(c.refused())
                    .hasMessageNotContaining("root:x");
        }
    }

    private static Path graph(Path root) throws IOException {
        Path g = Files.createDirectories(root.resolve("g/nodes"));
        Files.writeString(g.resolve("query.csv"), "id\nq\n");
        return g.getParent();
    }

    private static Path secret(Path dir) throws IOException {
        return Files.writeString(dir.resolve("passwd"), "root:x:0:0:root:/root:/bin/bash\n");
    }
}
