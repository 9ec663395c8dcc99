package io.asrwb.engine.align;

import java.util.Locale;

/** Where alignments go for other tools. */
public enum ExportFormat {
    /** NIST CTM, one file for the split ({@code alignment.ctm}), as sclite and NeMo read it. */
    CTM,
    /** Praat TextGrid per utterance, tiers "words" (reference) and "hypothesis". */
    TEXTGRID,
    /** Audacity label track per utterance: the reference's words, and the hypothesis's beside. */
    AUDACITY;

    /** {@code ctm}, {@code textgrid} or {@code audacity}, any case. */
    public static ExportFormat parse(String name) {
        for (ExportFormat f : values()) {
            if (f.name().equalsIgnoreCase(name.strip())) {
                return f;
            }
        }
        throw new IllegalArgumentException(
                "unknown export format '" + name + "': expected ctm, textgrid or audacity");
    }

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
