package com.dipgnn.graph.io;

import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;

/**
 * Passes characters through and refuses a line longer than {@link InputLimits#maxLineChars} as
 * soon as its characters arrive, before a line reader would have buffered all of it.
 */
final class LineLimitReader extends FilterReader {

    private final Path file;
    private final InputLimits limits;
    private long sinceNewline;
    private int line = 1;

    LineLimitReader(Reader in, Path file, InputLimits limits) {
        super(in);
        this.file = file;
        this.limits = limits;
    }

    @Override
    public int read() throws IOException {
        int c = super.read();
        if (c >= 0) {
            count((char) c);
        }
        return c;
    }

    @Override
    public int read(char[] buffer, int offset, int length) throws IOException {
        int n = super.read(buffer, offset, length);
        for (int i = offset; i < offset + Math.max(n, 0); i++) {
            count(buffer[i]);
        }
        return n;
    }

    private void count(char c) {
        if (c == '\n') {
            sinceNewline = 0;
            line++;
        } else if (++sinceNewline > limits.maxLineChars()) {
            throw new GraphDataException(
                    file,
                    line,
                    "the line is longer than " + limits.maxLineChars() + " characters (the limit max-line-chars)",
                    "check that the file is a table of this graph; " + limits.raise("max-line-chars"));
        }
    }
}
