package io.asrwb.engine.audio.vad;

import java.util.ArrayList;
import java.util.List;

/**
 * How well detected speech spans agree with known ones: a detected span matches a true span when
 * their overlap is at least half of their union (each span matches at most once, in time order).
 * Precision is the matched share of detected spans, recall the matched share of true spans, and
 * the boundary error the mean distance of matched starts and ends.
 *
 * @param truth number of true spans
 * @param detected number of detected spans
 * @param matched number of one-to-one matches
 * @param meanBoundaryErrorMs mean |start difference| and |end difference| over the matches (NaN
 *     when nothing matched)
 */
public record SpanAgreement(int truth, int detected, int matched, double meanBoundaryErrorMs) {

    public double precision() {
        return detected == 0 ? 0 : (double) matched / detected;
    }

    public double recall() {
        return truth == 0 ? 0 : (double) matched / truth;
    }

    public static SpanAgreement of(List<SpeechSpan> truth, List<SpeechSpan> detected) {
        List<SpeechSpan> free = new ArrayList<>(detected);
        int matched = 0;
        double errorSum = 0;
        for (SpeechSpan t : truth) {
            SpeechSpan best = null;
            double bestIou = 0.5;
            for (SpeechSpan d : free) {
                double iou = iou(t, d);
                if (iou >= bestIou) {
                    best = d;
                    bestIou = iou;
                }
            }
            if (best != null) {
                free.remove(best);
                matched++;
                errorSum +=
                        Math.abs(best.startSeconds() - t.startSeconds())
                                + Math.abs(best.endSeconds() - t.endSeconds());
            }
        }
        double error = matched == 0 ? Double.NaN : errorSum / (2.0 * matched) * 1000;
        return new SpanAgreement(truth.size(), detected.size(), matched, error);
    }

    private static double iou(SpeechSpan a, SpeechSpan b) {
        double overlap =
                Math.min(a.endSeconds(), b.endSeconds())
                        - Math.max(a.startSeconds(), b.startSeconds());
        if (overlap <= 0) {
            return 0;
        }
        double union =
                Math.max(a.endSeconds(), b.endSeconds())
                        - Math.min(a.startSeconds(), b.startSeconds());
        return overlap / union;
    }
}
