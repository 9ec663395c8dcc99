package io.asrwb.engine.data;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;

/**
 * SHA-256 of a dataset's canonical manifest: its utterances sorted by id, one line each of
 * id, audio, duration (4 decimals, so header-exact and manifest-rounded durations agree),
 * transcript, speaker and split, tab-separated with tabs, newlines and backslashes escaped. The
 * same utterances give the same hash whatever format they were read from or written to.
 */
public final class ManifestHash {

    private ManifestHash() {}

    public static String of(List<Utterance> utterances) {
        List<Utterance> sorted = new ArrayList<>(utterances);
        sorted.sort(Comparator.comparing(Utterance::id));
        MessageDigest d = sha256();
        StringBuilder line = new StringBuilder(256);
        for (Utterance u : sorted) {
            line.setLength(0);
            escape(line, u.id()).append('\t');
            escape(line, u.audio()).append('\t');
            appendFourDecimals(line, u.durationSeconds()).append('\t');
            escape(line, u.transcript()).append('\t');
            escape(line, u.speaker()).append('\t');
            line.append(u.split().key()).append('\n');
            d.update(line.toString().getBytes(StandardCharsets.UTF_8));
        }
        return HexFormat.of().formatHex(d.digest());
    }

    /** As {@code %.4f} would (half-up), without String.format's cost on 100k rows. */
    static StringBuilder appendFourDecimals(StringBuilder out, double v) {
        long tenThousandths = Math.round(Math.abs(v) * 10_000);
        if (v < 0 && tenThousandths != 0) {
            out.append('-');
        }
        long frac = tenThousandths % 10_000;
        out.append(tenThousandths / 10_000).append('.');
        for (long d = 1000; d > 0; d /= 10) {
            out.append((char) ('0' + (frac / d) % 10));
        }
        return out;
    }

    private static StringBuilder escape(StringBuilder out, String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                default -> out.append(c);
            }
        }
        return out;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
