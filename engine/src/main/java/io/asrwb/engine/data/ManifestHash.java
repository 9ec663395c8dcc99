package io.asrwb.engine.data;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

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
      line.append(String.format(Locale.ROOT, "%.4f", u.durationSeconds())).append('\t');
      escape(line, u.transcript()).append('\t');
      escape(line, u.speaker()).append('\t');
      line.append(u.split().key()).append('\n');
      d.update(line.toString().getBytes(StandardCharsets.UTF_8));
    }
    return HexFormat.of().formatHex(d.digest());
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
