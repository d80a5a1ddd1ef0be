package com.dipgnn.store;

import java.nio.file.Path;

/**
 * What the format-1 migrations of fine-tuning, pre-training and recommender checkpoints share.
 * Checkpoints written before {@link CheckpointState#FORMAT} hold their settings as one string:
 * configuration records' {@code toString()} joined by each kind's separators. Such a checkpoint
 * resumes when that string equals the one its kind's migration renders from the current run the
 * way the old version did (budget left out as it left it out); otherwise it is refused with both
 * strings, since they cannot be taken apart reliably. Nothing outside the migrations compares
 * settings as strings.
 */
public final class UnversionedCheckpoints {

    private UnversionedCheckpoints() {}

    /**
     * {@code settings} without the record component {@code name=defaultValue, }: a checkpoint
     * written before the component was recorded, when it always had its default, compares equal to
     * one written with the default since.
     */
    public static String withoutDefault(String settings, String name, Object defaultValue) {
        return settings.replace(name + "=" + defaultValue + ", ", "");
    }

    /**
     * {@code settings} without its last component when that is {@code name=defaultValue}: as {@link
     * #withoutDefault} for a component added at the end of the settings record.
     */
    public static String withoutTrailingDefault(String settings, String name, Object defaultValue) {
        String trailing = ", " + name + "=" + defaultValue + "]";
        return settings.endsWith(trailing)
                ? settings.substring(0, settings.length() - trailing.length()) + "]"
                : settings;
    }

    /**
     * Refuses a format-1 checkpoint whose settings string is not the one rendered for the run now.
     *
     * @param run the kind of run in words ("fine-tuning")
     * @param hint what the user may do
     */
    public static void requireSettings(String saved, String now, Path dir, String run, String hint) {
        if (!saved.equals(now)) {
            throw new CheckpointRefusedException("the " + run + " checkpoint in " + dir + " was written with other "
                    + "settings, by an earlier version (checkpoint format " + CheckpointState.UNVERSIONED
                    + "; checkpoint: " + saved + "; now: " + now + "); " + hint);
        }
    }
}
