package io.asrwb.engine.data.curation;

import io.asrwb.engine.data.Utterance;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;

/**
 * The checks that need no audio decoding, run on a whole dataset at import: chars/s, duration and
 * chars/s outliers ({@link RobustOutliers}), characters outside the allowed set, and duplicate
 * transcripts (same {@link TranscriptText#normalise normalised} text).
 */
public final class TextChecks {

    /**
     * The English letters, apostrophe and space of deepspeech.pytorch's default labels, compared
     * case-insensitively. Used until a dataset is checked against a model's own alphabet.
     */
    public static final IntPredicate ENGLISH =
            cp -> (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || cp == '\'' || cp == ' ';

    private TextChecks() {}

    /**
     * @param allowed which code points of a lower-cased transcript are in the alphabet
     * @return one result per utterance, in the same order
     */
    public static List<TextCheckResult> run(List<Utterance> utterances, IntPredicate allowed) {
        int n = utterances.size();
        double[] durations = new double[n];
        double[] cps = new double[n];
        String[] normalised = new String[n];
        String[] violations = new String[n];
        // The per-utterance part is most of the work and independent: spread it over the cores
        // (an import of 100k utterances spends ~0.3 s here on one core).
        IntStream.range(0, n)
                .parallel()
                .forEach(
                        i -> {
                            Utterance u = utterances.get(i);
                            normalised[i] = TranscriptText.normalise(u.transcript());
                            durations[i] = u.durationSeconds();
                            int chars = normalised[i].codePointCount(0, normalised[i].length());
                            cps[i] =
                                    u.durationSeconds() > 0
                                            ? chars / u.durationSeconds()
                                            : Double.NaN;
                            violations[i] = charsetViolation(u.transcript(), allowed);
                        });
        Map<String, Integer> textCounts = new HashMap<>(n * 2);
        for (String t : normalised) {
            if (!t.isEmpty()) {
                textCounts.merge(t, 1, Integer::sum);
            }
        }
        RobustOutliers durationBand = RobustOutliers.fit(durations);
        RobustOutliers cpsBand = RobustOutliers.fit(cps);
        List<TextCheckResult> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(
                    new TextCheckResult(
                            cps[i],
                            durationBand.isOutlier(durations[i]),
                            cpsBand.isOutlier(cps[i]),
                            violations[i],
                            normalised[i].isEmpty() ? 1 : textCounts.get(normalised[i])));
        }
        return out;
    }

    /** The distinct characters of {@code transcript} outside {@code allowed}, sorted; null if none. */
    public static String charsetViolation(String transcript, IntPredicate allowed) {
        String lower = transcript.toLowerCase(Locale.ROOT);
        TreeSet<Integer> bad = null; // allocated only for the rare transcript that has any
        for (int i = 0; i < lower.length(); ) {
            int cp = lower.codePointAt(i);
            i += Character.charCount(cp);
            if (!allowed.test(cp)) {
                if (bad == null) {
                    bad = new TreeSet<>();
                }
                bad.add(cp);
            }
        }
        if (bad == null) {
            return null;
        }
        StringBuilder s = new StringBuilder();
        bad.forEach(s::appendCodePoint);
        return s.toString();
    }
}
