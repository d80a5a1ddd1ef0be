package com.dipgnn.graph.synthetic;

import java.util.List;

/** Readable words for synthetic categories and item text. */
final class CategoryWords {

    private static final List<String> CATEGORIES = List.of(
            "shoes",
            "phone",
            "laptop",
            "book",
            "toy",
            "kitchen",
            "garden",
            "camera",
            "watch",
            "bag",
            "shirt",
            "headphones",
            "bicycle",
            "lamp",
            "sofa",
            "perfume",
            "guitar",
            "tent",
            "printer",
            "coffee");

    private static final List<String> ADJECTIVES =
            List.of("red", "classic", "compact", "premium", "light", "smart", "vintage", "durable", "large", "mini");

    private static final List<String> QUERY_MODIFIERS =
            List.of("cheap", "best", "new", "used", "buy", "top", "discount", "gift");

    private CategoryWords() {}

    /** The word of category {@code c}; categories beyond the word list get a number. */
    static String category(int c) {
        String word = CATEGORIES.get(c % CATEGORIES.size());
        int round = c / CATEGORIES.size();
        return round == 0 ? word : word + (round + 1);
    }

    static String adjective(int i) {
        return ADJECTIVES.get(Math.floorMod(i, ADJECTIVES.size()));
    }

    static String queryModifier(int i) {
        return QUERY_MODIFIERS.get(Math.floorMod(i, QUERY_MODIFIERS.size()));
    }
}
