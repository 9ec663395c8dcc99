package io.asrwb.engine.segment;

import io.asrwb.engine.align.AlignedWord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Aligned words into utterances of at most {@code maxSeconds}: runs of words aligned with at
 * least {@code minConfidence} are cut at word boundaries, each cut at the longest pause within
 * the limit (the latest of equal pauses, so utterances come out long); each run of words
 * below it becomes a rejected span, as does the text the alignment never placed.
 */
final class UtteranceCutter {

    /** Silence kept before the first and after the last word, at most half the gap to a neighbour. */
    static final double PAD_S = 0.15;

    /** Pauses this close in length count as equal, so the later (longer utterance) wins. */
    private static final double SAME_PAUSE_S = 0.05;

    private final SegmentOptions options;

    UtteranceCutter(SegmentOptions options) {
        this.options = options;
    }

    /** The plan for a transcript's {@code words} as the aligner placed them. */
    SegmentPlan cut(AnchoredAligner.Placed placed, List<String> words) {
        return cut(
                placed.words(),
                placed.unheard(),
                words.subList(placed.consumed(), words.size()),
                placed.fileSeconds());
    }

    /** Cuts and rejected spans, in time order; {@code unplaced} are the words with no audio. */
    SegmentPlan cut(
            List<AlignedWord> words,
            List<RejectedSpan> unheard,
            List<String> unplaced,
            double fileSeconds) {
        List<Cut> cuts = new ArrayList<>();
        List<RejectedSpan> rejected = new ArrayList<>(unheard);
        int i = 0;
        while (i < words.size()) {
            boolean good = good(words.get(i));
            int j = i;
            while (j + 1 < words.size() && good(words.get(j + 1)) == good) {
                j++;
            }
            if (good) {
                cutRun(words, i, j, fileSeconds, cuts, rejected);
            } else {
                rejected.add(lowConfidence(words.subList(i, j + 1)));
            }
            i = j + 1;
        }
        if (!unplaced.isEmpty()) {
            double at = words.isEmpty() ? 0 : words.get(words.size() - 1).endSec();
            rejected.add(
                    new RejectedSpan(
                            at,
                            fileSeconds,
                            String.join(" ", unplaced),
                            unplaced.size()
                                    + " words of the transcript found no audio: the recording"
                                    + " ended, or the audio after here does not say them"));
        }
        rejected.sort(java.util.Comparator.comparingDouble(RejectedSpan::startSeconds));
        return new SegmentPlan(cuts, rejected, fileSeconds, false);
    }

    private boolean good(AlignedWord w) {
        return w.confidence() >= options.minConfidence();
    }

    private RejectedSpan lowConfidence(List<AlignedWord> run) {
        double mean = run.stream().mapToDouble(AlignedWord::confidence).average().orElse(0);
        return new RejectedSpan(
                run.get(0).startSec(),
                run.get(run.size() - 1).endSec(),
                text(run),
                String.format(
                        Locale.ROOT,
                        "aligned with confidence %.2f (mean of %d words), below %.2f: the"
                                + " transcript and the audio disagree here",
                        mean,
                        run.size(),
                        options.minConfidence()));
    }

    private void cutRun(
            List<AlignedWord> w,
            int from,
            int to,
            double fileSeconds,
            List<Cut> cuts,
            List<RejectedSpan> rejected) {
        double max = options.maxSeconds();
        int i = from;
        while (i <= to) {
            double start = padBefore(w, i);
            // the farthest word that still fits
            int fits = i - 1;
            while (fits < to && padAfter(w, fits + 1, fileSeconds) - start <= max) {
                fits++;
            }
            if (fits < i) {
                rejected.add(
                        new RejectedSpan(
                                w.get(i).startSec(),
                                w.get(i).endSec(),
                                w.get(i).word(),
                                String.format(
                                        Locale.ROOT,
                                        "one word longer than --max-seconds %.1f",
                                        max)));
                i++;
                continue;
            }
            int end = fits == to ? to : longestPause(w, i, fits);
            List<AlignedWord> words = w.subList(i, end + 1);
            cuts.add(
                    new Cut(
                            start,
                            padAfter(w, end, fileSeconds),
                            text(words),
                            words.stream()
                                    .mapToDouble(AlignedWord::confidence)
                                    .average()
                                    .orElse(0)));
            i = end + 1;
        }
    }

    /** The word in {@code from..to} with the longest pause after it (the latest of equal ones). */
    private static int longestPause(List<AlignedWord> w, int from, int to) {
        double longest = 0;
        for (int k = from; k <= to; k++) {
            longest = Math.max(longest, w.get(k + 1).startSec() - w.get(k).endSec());
        }
        int best = from;
        for (int k = from; k <= to; k++) {
            if (w.get(k + 1).startSec() - w.get(k).endSec() >= longest - SAME_PAUSE_S) {
                best = k; // a later pause as long as the longest makes a longer utterance
            }
        }
        return best;
    }

    private static double padBefore(List<AlignedWord> w, int i) {
        double s = w.get(i).startSec();
        double room = i == 0 ? s : (s - w.get(i - 1).endSec()) / 2;
        return s - Math.max(0, Math.min(PAD_S, room));
    }

    private static double padAfter(List<AlignedWord> w, int i, double fileSeconds) {
        double e = w.get(i).endSec();
        double room = i + 1 < w.size() ? (w.get(i + 1).startSec() - e) / 2 : fileSeconds - e;
        return e + Math.max(0, Math.min(PAD_S, room));
    }

    private static String text(List<AlignedWord> words) {
        StringBuilder s = new StringBuilder();
        for (AlignedWord a : words) {
            s.append(s.length() == 0 ? "" : " ").append(a.word());
        }
        return s.toString();
    }
}
