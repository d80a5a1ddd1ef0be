package com.dipgnn.graph;

import com.dipgnn.naming.EnumNames;

/** Which part of a data set's own split a node or an edge belongs to. */
public enum SplitMark {
    NONE((byte) 0),
    TRAIN((byte) 1),
    VAL((byte) 2),
    TEST((byte) 3);

    private static final EnumNames<SplitMark> NAMES = EnumNames.of(SplitMark.class, "split")
            .name(NONE, "-")
            .alias(NONE, "")
            .alias(VAL, "valid", "validation")
            .build();

    private final byte code;

    SplitMark(byte code) {
        this.code = code;
    }

    /** The compact code stored in per-node or per-edge byte arrays. */
    public byte code() {
        return code;
    }

    public static SplitMark fromCode(byte code) {
        return values()[code];
    }

    /**
     * Parses the split column of the data files: {@code train}, {@code val}, {@code test}, or
     * {@code -} for none.
     *
     * @throws IllegalArgumentException for any other text
     */
    public static SplitMark parse(String text) {
        return NAMES.parse(text);
    }
}
