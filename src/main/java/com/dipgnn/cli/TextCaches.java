package com.dipgnn.cli;

import com.dipgnn.text.TextInputCache;
import java.nio.file.Path;

/** Where the command line caches text-derived node inputs between runs. */
final class TextCaches {

    private TextCaches() {}

    /**
     * The command line's cache: {@code $DIPGNN_CACHE_DIR/text-inputs}, by default
     * {@code ~/.cache/dipgnn/text-inputs}.
     */
    static TextInputCache cli() {
        String dir = System.getenv("DIPGNN_CACHE_DIR");
        Path root = dir != null && !dir.isBlank()
                ? Path.of(dir)
                : Path.of(System.getProperty("user.home"), ".cache", "dipgnn");
        return new TextInputCache(root.resolve("text-inputs"));
    }
}
