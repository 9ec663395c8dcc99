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
        String[] words = words(text);
        if (words.length == 0) {
            return new TextAlignment.Aligned(List.of());
        }
        int[] labelling = new int[String.join(" ", words).length()];
        String missing = labelling(words, labelling);
        if (missing != null) {
            return new TextAlignment.Unaligned(missing);
        }
        int needed = 0;
        for (int i = 0; i < labelling.length; i++) {
            // a repeated label needs a blank frame between its two frames
            needed += i > 0 && labelling[i - 1] == labelling[i] ? 2 : 1;
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
        return new TextAlignment.Aligned(placed(logProbs, spans, words));
    }

    /**
     * Places as much of {@code text} as the audio holds ({@link CtcAlignment#alignPrefix}): the words
     * whose every character the path reached, edges moved onto the audio's pauses. A long
     * recording's aligner gives each window more text than it can hold and keeps the words the
     * path placed with confidence.
     *
     * @param samples the audio at {@code sampleRate}, as the model heard it
     * @throws IllegalArgumentException when a character is not in the model's alphabet
     */
    public List<AlignedWord> alignPrefix(
            float[][] logProbs, String text, float[] samples, int sampleRate) {
        String[] words = words(text);
        int[] labelling = new int[String.join(" ", words).length()];
        String missing = labelling(words, labelling);
        if (missing != null) {
            throw new IllegalArgumentException(missing);
        }
        if ((long) logProbs.length * (2L * labelling.length + 1) > MAX_CELLS) {
            throw new IllegalArgumentException(
                    logProbs.length + " frames and " + labelling.length + " labels: too large");
        }
        List<LabelSpan> spans = CtcAlignment.alignPrefix(logProbs, logProbs.length, labelling);
        int whole = 0;
        for (int first = 0; whole < words.length; whole++) {
            int last = first + words[whole].length() - 1;
            if (last >= spans.size()) {
                break;
            }
            first = last + 2;
        }
        String[] kept = java.util.Arrays.copyOf(words, whole);
        List<double[]> charMids = new ArrayList<>(whole);
        int label = 0;
        for (String word : kept) {
            double[] mids = new double[word.length()];
            for (int c = 0; c < mids.length; c++, label++) {
                LabelSpan span = spans.get(label);
                mids[c] = (span.firstFrame() + span.lastFrame() + 1) / 2.0 * frameSeconds;
            }
            charMids.add(mids);
            label++; // the space
        }
        List<Pause> pauses = Pauses.of(samples, sampleRate);
        return PauseSnapping.snap(
                PauseTrim.trim(placed(logProbs, spans, kept), charMids, pauses),
                pauses,
                samples.length / (double) sampleRate);
    }

    private static String[] words(String text) {
        return text.isBlank() ? new String[0] : text.strip().split(" +");
    }

    /** Fills {@code out} with the labels of the words joined by spaces; the reason when one is missing. */
    private String labelling(String[] words, int[] out) {
        String joined = String.join(" ", words);
        for (int i = 0; i < joined.length(); i++) {
            char c = joined.charAt(i);
            int index = c == ' ' ? labels.spaceIndex() : labels.labels().indexOf(c);
            if (index <= CtcLabels.BLANK) {
                return "character '" + c + "' is not in the model's alphabet";
            }
            out[i] = index;
        }
        return null;
    }

    private List<AlignedWord> placed(float[][] logProbs, List<LabelSpan> spans, String[] words) {
        List<AlignedWord> out = new ArrayList<>(words.length);
        int first = 0;
        for (String word : words) {
            int last = first + word.length() - 1;
            out.add(word(logProbs, spans, first, last, word));
            first = last + 2; // past the space
        }
        return out;
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
