package io.asrwb.app.datasets;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Utterance rows of a made-up dataset, the same for a given count: 2–9 words from a small
 * vocabulary, 0.5–15.5 s, 250 speakers, every 97th flagged, every 101st excluded, every 50th with
 * a check flag, a last CER on three rows of four (NaN on the rest: never evaluated).
 */
final class SyntheticRows {

    private static final String[] WORDS = {
        "turn", "left", "right", "seven", "start", "stop", "one", "hundred"
    };

    private SyntheticRows() {}

    static List<UtteranceRow> of(int count) {
        Random rnd = new Random(7);
        List<UtteranceRow> rows = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            StringBuilder text = new StringBuilder();
            for (int w = 0, n = 2 + rnd.nextInt(8); w < n; w++) {
                text.append(w == 0 ? "" : " ").append(WORDS[rnd.nextInt(WORDS.length)]);
            }
            double duration = 0.5 + rnd.nextDouble() * 15;
            double cer = i % 4 == 0 ? Double.NaN : rnd.nextDouble();
            rows.add(
                    new UtteranceRow(
                            String.format(Locale.ROOT, "utt-%06d", i),
                            "a/" + i + ".wav",
                            duration,
                            text.length() / duration,
                            "spk" + (i % 250),
                            "train",
                            text.toString(),
                            text.toString(),
                            false,
                            i % 97 == 0,
                            i % 101 == 0,
                            "",
                            i % 50 == 0 ? "same text ×2" : "",
                            cer));
        }
        return rows;
    }
}
