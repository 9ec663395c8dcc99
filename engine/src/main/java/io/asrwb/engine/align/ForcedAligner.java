package io.asrwb.engine.align;

import io.asrwb.engine.decode.CtcAlignment;
import io.asrwb.engine.decode.CtcLabels;
import io.asrwb.engine.decode.LabelSpan;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Places a known text in a model's per-frame log-probabilities: the Viterbi path through the CTC
 * trellis of the text's labels ({@link CtcAlignment}), read back as word spans. A word runs from the
 * first frame of its first character to the end of the last frame of its last character; its
 * confidence is the mean posterior of the path's label over those frames (blanks inside the word
 * included), so a word squeezed into frames where the model hears something else scores low.
 */
public final class ForcedAligner {

    /**
     * The trellis keeps one back-pointer byte per frame and state: 64 MB, about 9 minutes of audio
     * at 30 ms frames with 12 characters a second. Longer texts are refused with a hint to segment.
     */
    static final long MAX_CELLS = 64L << 20;

    private final CtcLabels labels;
    private final double frameSeconds;

    /**
     * @param frameSeconds seconds per output frame of the model ({@link FrameClock})
     */
    public ForcedAligner(CtcLabels labels, double frameSeconds) {
        if (!(frameSeconds > 0)) {
            throw new IllegalArgumentException("frameSeconds must be > 0, got " + frameSeconds);
        }
        this.labels = labels;
        this.frameSeconds = frameSeconds;
    }

    public double frameSeconds() {
        return frameSeconds;
    }

    /**
     * Aligns {@code text} to {@code logProbs} and moves its word edges onto the pauses of the
     * audio they were computed from ({@link PauseSnapping}).
     *
     * @param samples the audio at {@code sampleRate}, as the model heard it
     */
    public TextAlignment align(float[][] logProbs, String text, float[] samples, int sampleRate) {
        return snapped(
                align(logProbs, text),
                Pauses.of(samples, sampleRate),
                samples.length / (double) sampleRate);
    }

    static TextAlignment snapped(TextAlignment path, List<Pause> pauses, double clipSec) {
        return path instanceof TextAlignment.Aligned a
                ? new TextAlignment.Aligned(PauseSnapping.snap(a.words(), pauses, clipSec))
                : path;
    }

    /**
     * Aligns {@code text} (normalised: words split by single spaces) to {@code logProbs [T][K]}:
     * the CTC path's spans, not moved onto pauses.
     */
    public TextAlignment align(float[][] logProbs, String text) {
        String[] words = text.isBlank() ? new String[0] : text.strip().split(" +");
        if (words.length == 0) {
            return new TextAlignment.Aligned(List.of());
        }
        String joined = String.join(" ", words);
        int[] labelling = new int[joined.length()];
        int needed = 0;
        for (int i = 0; i < joined.length(); i++) {
            char c = joined.charAt(i);
            int index = c == ' ' ? labels.spaceIndex() : labels.labels().indexOf(c);
            if (index <= CtcLabels.BLANK) {
                return new TextAlignment.Unaligned(
                        "character '" + c + "' is not in the model's alphabet");
            }
            labelling[i] = index;
            // a repeated label needs a blank frame between its two frames
            needed += i > 0 && labelling[i - 1] == index ? 2 : 1;
        }
        int frames = logProbs.length;
        if (frames < needed) {
            return new TextAlignment.Unaligned(
                    String.format(
                            Locale.ROOT,
                            "%d frames (%.2f s) cannot hold the %d labels of the text",
                            frames,
                            frames * frameSeconds,
                            needed));
        }
        if ((long) frames * (2L * labelling.length + 1) > MAX_CELLS) {
            return new TextAlignment.Unaligned(
                    String.format(
                            Locale.ROOT,
                            "%.0f s with %d characters is too long to align in one piece; cut it"
                                    + " into utterances first",
                            frames * frameSeconds,
                            labelling.length));
        }
        List<LabelSpan> spans = CtcAlignment.align(logProbs, frames, labelling);
        List<AlignedWord> out = new ArrayList<>(words.length);
        int first = 0;
        for (String word : words) {
            int last = first + word.length() - 1;
            out.add(word(logProbs, spans, first, last, word));
            first = last + 2; // past the space
        }
        return new TextAlignment.Aligned(out);
    }

    private AlignedWord word(
            float[][] logProbs, List<LabelSpan> spans, int firstLabel, int lastLabel, String word) {
        int start = spans.get(firstLabel).firstFrame();
        int end = spans.get(lastLabel).lastFrame() + 1;
        double sum = 0;
        int label = firstLabel;
        for (int t = start; t < end; t++) {
            while (spans.get(label).lastFrame() < t) {
                label++;
            }
            LabelSpan span = spans.get(label);
            int onPath = t >= span.firstFrame() ? span.label() : CtcLabels.BLANK;
            sum += Math.exp(logProbs[t][onPath]);
        }
        return new AlignedWord(word, start * frameSeconds, end * frameSeconds, sum / (end - start));
    }
}
