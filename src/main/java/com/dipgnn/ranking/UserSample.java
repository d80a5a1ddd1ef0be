package com.dipgnn.ranking;

import java.util.Arrays;

/**
 * The users a full ranking ranks when there are too many: while users x candidates stays within
 * {@link #MAX_RANKED_SCORES} every user, else each user whose fixed hash of its id falls below the
 * fraction {@code MAX_RANKED_SCORES / (users x candidates)}. The choice depends on the user's id
 * alone, so that every model ranked on the same data (the GNN link task, MF-BPR, LightGCN,
 * popularity) ranks the same users, about {@code MAX_RANKED_SCORES / candidates} of them, each
 * against every candidate.
 *
 * @param fraction the share of users kept, in (0, 1]
 */
public record UserSample(double fraction) {

    /**
     * Scores (users x candidates) one full ranking computes at most: about 7 times Gowalla's test
     * set (29,858 users x 40,981 locations, all ranked), about 17,000 users against 500,000 items.
     */
    public static final long MAX_RANKED_SCORES = 1L << 33;
    /**
     * Scores a ranking that chooses the popularity prior's weight computes at most, once per weight
     * of its grid: a quarter of {@link #MAX_RANKED_SCORES} (Gowalla's validation carve-out is still
     * ranked whole; about 4,300 users against 500,000 items). A user kept under it is kept under
     * the larger bound too (the same hash, a smaller threshold), so the prior is chosen on a subset
     * of the users validation reports.
     */
    public static final long MAX_CALIBRATION_SCORES = MAX_RANKED_SCORES / 4;
    /** Every user. */
    public static final UserSample EVERY_USER = new UserSample(1);

    private static final long SEED = 0x5EED_A2C4L;

    public UserSample {
        if (!(fraction > 0 && fraction <= 1)) {
            throw new IllegalArgumentException("the share of users ranked must be in (0, 1]; got " + fraction);
        }
    }

    /** The sample for {@code users} users to rank against {@code candidates} candidates each. */
    public static UserSample of(long users, long candidates) {
        return of(users, candidates, MAX_RANKED_SCORES);
    }

    /** {@link #of(long, long)} with at most about {@code maxScores} scores. */
    public static UserSample of(long users, long candidates, long maxScores) {
        double scores = (double) Math.max(1, users) * Math.max(1, candidates);
        return scores <= maxScores ? EVERY_USER : new UserSample(maxScores / scores);
    }

    /** Whether user {@code id} is ranked. */
    public boolean keeps(int id) {
        return fraction >= 1 || (mix(id ^ SEED) >>> 11) * 0x1.0p-53 < fraction;
    }

    /** The kept ids of {@code ids}, in order. */
    public int[] kept(int[] ids) {
        return fraction >= 1 ? ids : Arrays.stream(ids).filter(this::keeps).toArray();
    }

    /** The pairs of {@code pairs} whose user is kept. */
    public Interactions kept(Interactions pairs) {
        if (fraction >= 1) {
            return pairs;
        }
        int[] users = pairs.userColumn();
        int[] items = pairs.itemColumn();
        int n = 0;
        for (int e = 0; e < users.length; e++) {
            if (keeps(users[e])) {
                users[n] = users[e];
                items[n++] = items[e];
            }
        }
        return Interactions.of(pairs.users(), pairs.items(), Arrays.copyOf(users, n), Arrays.copyOf(items, n));
    }

    /** Stafford's "variant 13" 64-bit finaliser. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
