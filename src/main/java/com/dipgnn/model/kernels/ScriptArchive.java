package com.dipgnn.model.kernels;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * A TorchScript archive, written without Python: the zip that {@code torch.jit.load} reads, holding
 * the compiled-module source of one parameterless module class ({@code code/__torch__.py}, which
 * libtorch compiles at load time), a pickle of an instance of it ({@code data.pkl}: the class
 * {@code __torch__.<name>} with the attributes {@code {'training': True}}), an empty constants
 * table ({@code constants.pkl}) and the format version. Entries are stored uncompressed.
 */
final class ScriptArchive {

    /** The archive format version written; libtorch 2.x reads it and newer ones still accept it. */
    static final int FORMAT_VERSION = 5;

    private static final String ROOT = "segops/";

    private ScriptArchive() {}

    /**
     * @param className the module class defined in {@code source}, e.g. {@code SegOps}
     * @param source TorchScript source in the serialised form ({@code class SegOps(Module): ...})
     * @return the archive's bytes
     */
    static byte[] of(String className, String source) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            put(zip, "code/__torch__.py", source.getBytes(StandardCharsets.UTF_8));
            put(zip, "data.pkl", moduleInstancePickle(className));
            put(zip, "constants.pkl", emptyTuplePickle());
            put(zip, "version", (FORMAT_VERSION + "\n").getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the TorchScript archive in memory", e);
        }
        return bytes.toByteArray();
    }

    /**
     * A protocol-2 pickle of a module object: {@code __torch__.<className>} built with no
     * arguments, then given the attribute dictionary {@code {'training': True}}.
     */
    static byte[] moduleInstancePickle(String className) {
        Pickle p = new Pickle();
        p.global("__torch__", className);
        p.op(Pickle.EMPTY_TUPLE).op(Pickle.NEWOBJ).memoize();
        p.op(Pickle.EMPTY_DICT).memoize();
        p.string("training").op(Pickle.NEWTRUE).op(Pickle.SETITEM);
        p.op(Pickle.BUILD);
        return p.finish();
    }

    /** A protocol-2 pickle of {@code ()}. */
    static byte[] emptyTuplePickle() {
        return new Pickle().op(Pickle.EMPTY_TUPLE).finish();
    }

    private static void put(ZipOutputStream zip, String name, byte[] content) throws IOException {
        ZipEntry entry = new ZipEntry(ROOT + name);
        entry.setMethod(ZipEntry.STORED);
        entry.setSize(content.length);
        entry.setCompressedSize(content.length);
        CRC32 crc = new CRC32();
        crc.update(content);
        entry.setCrc(crc.getValue());
        zip.putNextEntry(entry);
        zip.write(content);
        zip.closeEntry();
    }

    /** The few pickle opcodes the archive needs (see Python's {@code pickletools} for their meaning). */
    private static final class Pickle {
        static final int EMPTY_TUPLE = ')';
        static final int NEWOBJ = 0x81;
        static final int EMPTY_DICT = '}';
        static final int NEWTRUE = 0x88;
        static final int SETITEM = 's';
        static final int BUILD = 'b';
        private static final int PROTO = 0x80;
        private static final int GLOBAL = 'c';
        private static final int BINUNICODE = 'X';
        private static final int BINPUT = 'q';
        private static final int STOP = '.';

        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private int memo;

        Pickle() {
            out.write(PROTO);
            out.write(2);
        }

        Pickle op(int opcode) {
            out.write(opcode);
            return this;
        }

        Pickle global(String module, String name) {
            out.write(GLOBAL);
            byte[] text = (module + "\n" + name + "\n").getBytes(StandardCharsets.US_ASCII);
            out.write(text, 0, text.length);
            return memoize();
        }

        Pickle string(String value) {
            byte[] text = value.getBytes(StandardCharsets.UTF_8);
            out.write(BINUNICODE);
            for (int shift = 0; shift < 32; shift += 8) { // little-endian length
                out.write((text.length >>> shift) & 0xff);
            }
            out.write(text, 0, text.length);
            return this;
        }

        /** Stores the object on top of the stack in the next memo slot, as Python's pickler does. */
        Pickle memoize() {
            out.write(BINPUT);
            out.write(memo++);
            return this;
        }

        byte[] finish() {
            out.write(STOP);
            return out.toByteArray();
        }
    }
}
