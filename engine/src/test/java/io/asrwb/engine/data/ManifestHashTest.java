package io.asrwb.engine.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class ManifestHashTest {

    @Test
    void sameUtterancesInAnyOrderHashTheSameAndAnyChangeShows() {
        Utterance a = new Utterance("a", "a.wav", 1.23456, "hello", "", Split.TRAIN);
        Utterance b = new Utterance("b", "b.wav", 2.0, "world", "s1", Split.TEST);
        String h = ManifestHash.of(List.of(a, b));
        assertThat(h).hasSize(64).isEqualTo(ManifestHash.of(List.of(b, a)));
        assertThat(
                        ManifestHash.of(
                                List.of(
                                        a,
                                        new Utterance(
                                                "b", "b.wav", 2.0, "world!", "s1", Split.TEST))))
                .isNotEqualTo(h);
        // durations are compared to 4 decimals: manifests round them
        assertThat(
                        ManifestHash.of(
                                List.of(
                                        new Utterance(
                                                "a", "a.wav", 1.23466, "hello", "", Split.TRAIN),
                                        b)))
                .isNotEqualTo(h);
        assertThat(
                        ManifestHash.of(
                                List.of(
                                        new Utterance(
                                                "a", "a.wav", 1.234561, "hello", "", Split.TRAIN),
                                        b)))
                .isEqualTo(h);
    }

    @Test
    void fourDecimalsMatchFormat() {
        for (double v : new double[] {0, 0.1, 1.23456, 12.99995, 3.00004, 0.00005, 123456.7}) {
            assertThat(ManifestHash.appendFourDecimals(new StringBuilder(), v).toString())
                    .isEqualTo(String.format(Locale.ROOT, "%.4f", v));
        }
    }
}
