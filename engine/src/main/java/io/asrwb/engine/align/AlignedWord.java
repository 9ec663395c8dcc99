package io.asrwb.engine.align;

import java.util.Objects;

/**
 * One word placed in its utterance's audio.
 *
 * @param word       the word as aligned (normalised text)
 * @param startSec   where its first character's first frame starts
 * @param endSec     where its last character's last frame ends
 * @param confidence mean posterior, over the word's frames, of the label the best path takes there
 *                   (0..1; a word the model hears clearly scores near 1)
 */
public record AlignedWord(String word, double startSec, double endSec, double confidence) {

    public AlignedWord {
        Objects.requireNonNull(word, "word");
        if (!(endSec > startSec) || startSec < 0) {
            throw new IllegalArgumentException(
                    "word '" + word + "' needs 0 <= start < end, got " + startSec + ".." + endSec);
        }
    }
}
