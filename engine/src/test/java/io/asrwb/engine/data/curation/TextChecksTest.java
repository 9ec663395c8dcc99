package io.asrwb.engine.data.curation;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextChecksTest {

    private static Utterance utt(String id, double seconds, String text) {
        return new Utterance(id, id + ".wav", seconds, text, "", Split.NONE);
    }

    @Test
    void outliersChargesetAndDuplicatesAreFound() {
        List<Utterance> utts = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            // ~15 chars/s, 2.0 ± 0.2 s
            utts.add(
                    utt(
                            "u" + i,
                            2.0 + (i % 5) * 0.1 - 0.2,
                            "sentence "
                                    + "abcdefghijklmnopqrst".substring(0, 10 + (i % 5))
                                    + " "
                                    + i));
        }
        utts.add(
                utt(
                        "long",
                        30.0,
                        "a fairly normal sentence that is quite long but spoken very slowly"));
        utts.add(
                utt(
                        "fast",
                        2.0,
                        "this transcript is far too long for two seconds of audio so it must be"
                                + " misaligned"));
        utts.add(utt("dup1", 2.0, "Hello, World!"));
        utts.add(utt("dup2", 2.1, "hello   world"));
        utts.add(utt("accent", 2.0, "café crème"));

        List<TextCheckResult> r = TextChecks.run(utts, TextChecks.ENGLISH);

        assertThat(r.get(20).durationOutlier()).isTrue();
        assertThat(r.get(21).cpsOutlier()).isTrue();
        assertThat(r.get(21).durationOutlier()).isFalse();
        assertThat(r.subList(0, 20)).noneMatch(t -> t.durationOutlier() || t.cpsOutlier());
        assertThat(r.get(22).dupTranscriptCount()).isEqualTo(2);
        assertThat(r.get(23).dupTranscriptCount()).isEqualTo(2);
        assertThat(r.get(0).dupTranscriptCount()).isEqualTo(1);
        assertThat(r.get(24).charsetViolation()).isEqualTo("èé");
        assertThat(r.get(22).charsetViolation())
                .isEqualTo("!,"); // punctuation is outside the letters too
        assertThat(r.get(0).charsetViolation()).isEqualTo("0"); // digits are not letters
        assertThat(r.get(22).charsPerSec()).isEqualTo("hello world".length() / 2.0);
    }

    @Test
    void tooFewValuesOrNoSpreadFlagNothing() {
        RobustOutliers few = RobustOutliers.fit(new double[] {1, 1, 1, 100});
        assertThat(few.isOutlier(100)).isFalse();
        RobustOutliers flat = RobustOutliers.fit(new double[] {2, 2, 2, 2, 2, 2, 2, 2, 9});
        assertThat(flat.isOutlier(9)).isFalse();
        RobustOutliers band = RobustOutliers.fit(new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9});
        // median 5, MAD 2, half-width 3.5 * 1.4826 * 2 = 10.38
        assertThat(band.isOutlier(15.3)).isFalse();
        assertThat(band.isOutlier(15.4)).isTrue();
        assertThat(band.isOutlier(-5.4)).isTrue();
    }

    @Test
    void normalisationKeepsWordsAndApostrophes() {
        assertThat(TranscriptText.normalise("  It's  a TEST -- really? "))
                .isEqualTo("it's a test really");
        assertThat(TranscriptText.modelChars("Hi, there!")).isEqualTo("hi there".length());
    }
}
