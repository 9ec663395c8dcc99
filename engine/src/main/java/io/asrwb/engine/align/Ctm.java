package io.asrwb.engine.align;

import java.util.Locale;

/** NIST CTM lines: recording, channel, start, duration, word, confidence. */
final class Ctm {

    private Ctm() {}

    static String line(String recording, AlignedWord w) {
        return String.format(
                Locale.ROOT,
                "%s 1 %.3f %.3f %s %.3f%n",
                recording.replaceAll("\\s", "_"),
                w.startSec(),
                w.endSec() - w.startSec(),
                w.word(),
                w.confidence());
    }
}
