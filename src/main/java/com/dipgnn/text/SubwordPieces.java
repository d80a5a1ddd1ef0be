package com.dipgnn.text;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Learns WordPiece-style sub-word pieces from the words a vocabulary leaves out: word-initial pieces
 * ({@code "abc"}) and continuation pieces ({@code "##abc"}) of 1..{@value #MAX_PIECE_LENGTH} code
 * points, counted over the occurrences of those words. Every single character seen at least
 * {@code minCount} times comes first (so most unknown words can be spelled), then the most frequent
 * longer pieces (count desc, token asc).
 */
final class SubwordPieces {

    /** Prefix of a piece that continues a word. */
    static final String CONTINUATION = "##";

    static final int MAX_PIECE_LENGTH = 8;

    private SubwordPieces() {}

    /** Up to {@code budget} pieces not already in {@code taken}, in id order. */
    static List<String> learn(Map<String, Integer> leftOutWords, int minCount, int budget, Set<String> taken) {
        Map<String, Integer> counts = new HashMap<>();
        for (Map.Entry<String, Integer> e : leftOutWords.entrySet()) {
            countPieces(e.getKey(), e.getValue(), counts);
        }
        List<Map.Entry<String, Integer>> single = new ArrayList<>();
        List<Map.Entry<String, Integer>> longer = new ArrayList<>();
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            if (e.getValue() >= minCount && !taken.contains(e.getKey())) {
                (pieceLength(e.getKey()) == 1 ? single : longer).add(e);
            }
        }
        var order = Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey());
        single.sort(order);
        longer.sort(order);
        List<String> pieces = new ArrayList<>();
        for (List<Map.Entry<String, Integer>> group : List.of(single, longer)) {
            for (int i = 0; i < group.size() && pieces.size() < budget; i++) {
                pieces.add(group.get(i).getKey());
            }
        }
        return pieces;
    }

    private static void countPieces(String word, int count, Map<String, Integer> counts) {
        int[] cps = word.codePoints().toArray();
        for (int start = 0; start < cps.length; start++) {
            for (int end = start + 1; end <= Math.min(cps.length, start + MAX_PIECE_LENGTH); end++) {
                String piece = new String(cps, start, end - start);
                counts.merge(start == 0 ? piece : CONTINUATION + piece, count, Integer::sum);
            }
        }
    }

    private static int pieceLength(String piece) {
        String body = piece.startsWith(CONTINUATION) ? piece.substring(CONTINUATION.length()) : piece;
        return body.codePointCount(0, body.length());
    }

    /**
     * Greedy longest-match-first spelling of {@code word} with the tokens of {@code ids}, as id list;
     * null when some position has no piece (the word is then [UNK]).
     */
    static int[] spell(String word, Map<String, Integer> ids) {
        int[] cps = word.codePoints().toArray();
        List<Integer> out = new ArrayList<>();
        int start = 0;
        while (start < cps.length) {
            Integer found = null;
            int end = Math.min(cps.length, start + MAX_PIECE_LENGTH);
            for (; end > start; end--) {
                String body = new String(cps, start, end - start);
                found = ids.get(start == 0 ? body : CONTINUATION + body);
                if (found != null) {
                    break;
                }
            }
            if (found == null) {
                return null;
            }
            out.add(found);
            start = end;
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }
}
