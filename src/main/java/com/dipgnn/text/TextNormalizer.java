package com.dipgnn.text;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Turns free text into word tokens: Unicode NFKC, lower case ({@link Locale#ROOT}), then maximal runs of
 * letters and digits (combining marks stay with their word). Everything else — white space and
 * punctuation — separates tokens and is dropped.
 *
 * <p>Why punctuation is dropped: the node texts are short titles, names, tags and package
 * descriptions, where punctuation ({@code .}, {@code (}, {@code ::}, {@code -}) carries almost no
 * meaning for a node representation but would take 10–20% of every sequence and many of the cheap
 * "easy" positions of the masked-token objective. A consequence is that {@code e-mail} becomes
 * {@code e}, {@code mail}, and no token ever contains white space or punctuation, which keeps the
 * one-token-per-line vocabulary file unambiguous. Stateless and thread-safe.
 */
public final class TextNormalizer {

    /** Normalises and splits {@code text}; null or blank text gives no tokens. */
    public List<String> tokens(String text) {
        List<String> out = new ArrayList<>();
        if (text == null || text.isEmpty()) {
            return out;
        }
        String normal = Normalizer.normalize(text, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
        int start = -1;
        int i = 0;
        while (i < normal.length()) {
            int cp = normal.codePointAt(i);
            boolean word = isWordChar(cp, start >= 0);
            if (word && start < 0) {
                start = i;
            } else if (!word && start >= 0) {
                out.add(normal.substring(start, i));
                start = -1;
            }
            i += Character.charCount(cp);
        }
        if (start >= 0) {
            out.add(normal.substring(start));
        }
        return out;
    }

    private static boolean isWordChar(int cp, boolean insideWord) {
        if (Character.isLetterOrDigit(cp)) {
            return true;
        }
        int type = Character.getType(cp);
        boolean mark = type == Character.NON_SPACING_MARK
                || type == Character.COMBINING_SPACING_MARK
                || type == Character.ENCLOSING_MARK;
        return mark && insideWord;
    }
}
