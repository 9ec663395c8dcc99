package io.asrwb.engine.decode;

import java.util.ArrayList;
import java.util.List;

/** Groups emitted labels into words at spaces; shared by both decoders so their output agrees. */
final class TranscriptBuilder {

    private TranscriptBuilder() {}

    static Transcript build(
            List<LabelSpan> spans, CtcLabels labels, double frameSeconds, double score) {
        List<WordTiming> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        int start = -1;
        int end = -1;
        for (LabelSpan span : spans) {
            if (span.label() == labels.spaceIndex()) {
                addWord(words, word, start, end, frameSeconds);
                start = -1;
                continue;
            }
            if (start < 0) {
                start = span.firstFrame();
            }
            end = span.lastFrame() + 1;
            word.append(labels.character(span.label()));
        }
        addWord(words, word, start, end, frameSeconds);
        String text = String.join(" ", words.stream().map(WordTiming::word).toList());
        return new Transcript(text, words, score);
    }

    private static void addWord(
            List<WordTiming> words, StringBuilder word, int start, int end, double frameSeconds) {
        if (word.length() > 0) {
            words.add(
                    new WordTiming(
                            word.toString(), start, end, start * frameSeconds, end * frameSeconds));
            word.setLength(0);
        }
    }

    static void checkInput(float[][] logProbabilities, int frames, CtcLabels labels) {
        checkFrameCount(logProbabilities, frames);
        for (int t = 0; t < frames; t++) {
            checkRow(logProbabilities[t], t, labels);
        }
    }

    /** {@code frames} is within the rows given. */
    static void checkFrameCount(float[][] logProbabilities, int frames) {
        if (frames < 0 || frames > logProbabilities.length) {
            throw new IllegalArgumentException(
                    "frames "
                            + frames
                            + " is outside 0.."
                            + logProbabilities.length
                            + " (the number of rows given)");
        }
    }

    /** Row {@code t} has one log-probability per label. */
    static void checkRow(float[] row, int t, CtcLabels labels) {
        if (row.length != labels.size()) {
            throw new IllegalArgumentException(
                    "frame "
                            + t
                            + " has "
                            + row.length
                            + " log-probabilities but the label set has "
                            + labels.size()
                            + " labels "
                            + labels.labels()
                            + "; decode with the model's own alphabet");
        }
    }

    static double checkFrameSeconds(double frameSeconds) {
        if (!(frameSeconds > 0) || Double.isInfinite(frameSeconds)) {
            throw new IllegalArgumentException(
                    "frame duration must be a positive number of seconds,"
                            + " got "
                            + frameSeconds);
        }
        return frameSeconds;
    }
}
