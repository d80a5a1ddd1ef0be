package com.dipgnn.serving;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.GZIPInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * Compresses and decompresses Parquet pages without Hadoop's codec machinery: parquet's own codec
 * factory instantiates Hadoop codecs through a Hadoop {@code Configuration}, which would bring XML
 * parsing, Hadoop's shaded Guava and more into the service jar. Reads uncompressed, Snappy (Spark's
 * default) and GZIP pages, and writes Snappy ones (snappy-java); any other codec is refused with the fix.
 */
final class ParquetCodecs implements CompressionCodecFactory {

    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codecName) {
        if (codecName != CompressionCodecName.SNAPPY) {
            throw new UnsupportedOperationException(
                    "the service writes Parquet pages with snappy only, not " + codecName);
        }
        return new BytesInputCompressor() {
            @Override
            public BytesInput compress(BytesInput bytes) throws IOException {
                return BytesInput.from(Snappy.compress(bytes.toByteArray()));
            }

            @Override
            public CompressionCodecName getCodecName() {
                return CompressionCodecName.SNAPPY;
            }

            @Override
            public void release() {}
        };
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codecName) {
        return switch (codecName) {
            case UNCOMPRESSED ->
                new Decompressor() {
                    @Override
                    byte[] decompress(byte[] input, int offset, int length, int uncompressedSize) {
                        byte[] out = new byte[length];
                        System.arraycopy(input, offset, out, 0, length);
                        return out;
                    }
                };
            case SNAPPY ->
                new Decompressor() {
                    @Override
                    byte[] decompress(byte[] input, int offset, int length, int uncompressedSize) throws IOException {
                        byte[] out = new byte[uncompressedSize];
                        int n = Snappy.uncompress(input, offset, length, out, 0);
                        return check(n, uncompressedSize, out);
                    }
                };
            case GZIP ->
                new Decompressor() {
                    @Override
                    byte[] decompress(byte[] input, int offset, int length, int uncompressedSize) throws IOException {
                        byte[] out = new byte[uncompressedSize];
                        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(input, offset, length))) {
                            return check(in.readNBytes(out, 0, uncompressedSize), uncompressedSize, out);
                        }
                    }
                };
            default ->
                throw new UnreadablePage(
                        "column chunks compressed with " + codecName
                                + " cannot be read here; write the embeddings with snappy (the batch job's default), gzip or none");
        };
    }

    @Override
    public void release() {}

    private static byte[] check(int got, int expected, byte[] out) throws IOException {
        if (got != expected) {
            throw new UnreadablePage("a page decompressed to " + got + " bytes instead of " + expected);
        }
        return out;
    }

    /** Works on byte arrays; both of parquet's entry points end here. */
    private abstract static class Decompressor implements BytesInputDecompressor {

        abstract byte[] decompress(byte[] input, int offset, int length, int uncompressedSize) throws IOException;

        @Override
        public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
            byte[] input = bytes.toByteArray();
            return BytesInput.from(decompress(input, 0, input.length, uncompressedSize));
        }

        @Override
        public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
                throws IOException {
            byte[] in = new byte[compressedSize];
            input.duplicate().get(in);
            output.put(decompress(in, 0, compressedSize, uncompressedSize));
        }

        @Override
        public void release() {}
    }

    /**
     * A page or column chunk this factory cannot decode, said in plain words (the reader passes the
     * message on to the user, unlike the messages of the Parquet library's own exceptions).
     */
    static final class UnreadablePage extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UnreadablePage(String message) {
            super(message);
        }
    }
}
