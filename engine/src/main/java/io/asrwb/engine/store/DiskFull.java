package io.asrwb.engine.store;

import java.util.Locale;

/**
 * Recognises "the disk is full" in an exception chain, whoever wrapped it (H2, ND4J's serializer,
 * java.nio): Java has no exception type for ENOSPC, only the OS's message.
 */
public final class DiskFull {

    /** The OS messages of a full disk or an exhausted quota (Linux, macOS, Windows). */
    private static final String[] MESSAGES = {
        "no space left on device",
        "disk quota exceeded",
        "not enough space on the disk",
        "there is not enough space"
    };

    private DiskFull() {}

    /** Whether {@code t} or one of its causes says the disk is full. */
    public static boolean is(Throwable t) {
        for (int depth = 0; t != null && depth < 32; depth++, t = t.getCause()) {
            String m = t.getMessage();
            if (m != null) {
                String lower = m.toLowerCase(Locale.ROOT);
                for (String full : MESSAGES) {
                    if (lower.contains(full)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** {@code bytes} for people, rounded up: "~3 MB". */
    public static String megabytes(long bytes) {
        return "~" + Math.max(1, (bytes + (1 << 20) - 1) >> 20) + " MB";
    }
}
