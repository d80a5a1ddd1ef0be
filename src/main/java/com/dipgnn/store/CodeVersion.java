package com.dipgnn.store;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The version of this code, as stamped into the build (for model manifests). */
public final class CodeVersion {

    private static final String VERSION = read();

    private CodeVersion() {}

    public static String get() {
        return VERSION;
    }

    private static String read() {
        try (InputStream in = CodeVersion.class.getResourceAsStream("dipgnn-version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
