package io.asrwb.engine.data.curation;

import java.text.Normalizer;
import java.util.Locale;

/** The normalised form of a transcript used to count characters and to find duplicates. */
public final class TranscriptText {

    private TranscriptText() {}

    /**
     * NFKC, lower case, punctuation other than apostrophes removed, whitespace collapsed: "Hello,
     * World!" and "hello world" are the same sentence for duplicate detection.
     */
    public static String normalise(String transcript) {
        String s = Normalizer.normalize(transcript, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
        StringBuilder out = new StringBuilder(s.length());
        boolean space = false;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            if (Character.isLetterOrDigit(cp)
                    || cp == '\''
                    || Character.getType(cp) == Character.NON_SPACING_MARK) {
                if (space && out.length() > 0) {
                    out.append(' ');
                }
                space = false;
                out.appendCodePoint(cp);
            } else if (Character.isWhitespace(cp)
                    || Character.getType(cp) == Character.DASH_PUNCTUATION) {
                space = true;
            }
        }
        return out.toString();
    }

    /** Characters a CTC model emits for it: code points of the normalised text, spaces included. */
    public static int modelChars(String transcript) {
        String n = normalise(transcript);
        return n.codePointCount(0, n.length());
    }
}
