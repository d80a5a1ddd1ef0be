package com.dipgnn.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.stream.Stream;

/**
 * Checkpoint directories kept under {@code src/test/resources/checkpoints}, copied for a test to resume
 * from. Their array files are kept as Base64 text ({@code <name>.base64}, no binary in git) and
 * decoded to their own names, byte for byte, as they are copied.
 */
public final class CheckpointFixtures {

    /** The suffix of an array file kept as Base64 text. */
    private static final String BASE64 = ".base64";

    private CheckpointFixtures() {}

    /** Copies the fixture {@code checkpoints/<name>} into {@code target}; returns {@code target}. */
    public static Path copy(String name, Path target) throws IOException {
        URL url = CheckpointFixtures.class.getResource("/checkpoints/" + name);
        if (url == null) {
            throw new IllegalArgumentException("no checkpoint fixture " + name);
        }
        Path source;
        try {
            source = Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        try (Stream<Path> files = Files.walk(source)) {
            files.forEach(file -> {
                Path to = target.resolve(source.relativize(file).toString());
                try {
                    if (Files.isDirectory(file)) {
                        Files.createDirectories(to);
                    } else if (file.getFileName().toString().endsWith(BASE64)) {
                        String kept = to.getFileName().toString();
                        Files.write(
                                to.resolveSibling(kept.substring(0, kept.length() - BASE64.length())),
                                Base64.getMimeDecoder().decode(Files.readString(file)));
                    } else {
                        Files.copy(file, to);
                        to.toFile().setWritable(true);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        return target;
    }
}
