package io.asrwb.engine.curve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.engine.curve.NestedSubsets.Subset;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.curation.SplitRequest.By;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Nested subsets: each a prefix of the next, a share of the audio, whole speakers when asked. */
class NestedSubsetsTest {

    /** 8 speakers × 5 utterances of 1..5 s. */
    private static List<Utterance> corpus() {
        List<Utterance> out = new ArrayList<>();
        for (int s = 0; s < 8; s++) {
            for (int u = 0; u < 5; u++) {
                out.add(
                        new Utterance(
                                "s" + s + "-u" + u,
                                "a.wav",
                                1 + u,
                                "text",
                                "spk" + s,
                                Split.TRAIN,
                                Map.of()));
            }
        }
        return out;
    }

    @Test
    void eachSubsetHoldsTheOneBeforeAndItsShareOfTheAudio() {
        List<Subset> subsets =
                NestedSubsets.draw(corpus(), List.of(0.1, 0.25, 0.5, 1.0), By.UTTERANCE, 7);

        assertThat(subsets).hasSize(4);
        for (int i = 1; i < subsets.size(); i++) {
            assertThat(subsets.get(i).ids()).containsAll(subsets.get(i - 1).ids());
            assertThat(subsets.get(i).seconds()).isGreaterThan(subsets.get(i - 1).seconds());
        }
        double total = 8 * (1 + 2 + 3 + 4 + 5);
        for (Subset s : subsets) {
            // the shortest prefix reaching the share: at most one utterance (≤ 5 s) beyond it
            assertThat(s.seconds()).isBetween(s.fraction() * total, s.fraction() * total + 5);
        }
        assertThat(subsets.get(3).ids()).hasSize(40);
        assertThat(subsets.get(3).hours()).isEqualTo(total / 3600);
    }

    @Test
    void theSameSeedDrawsTheSameWhateverTheOrderAndAnotherSeedDrawsOtherwise() {
        List<Utterance> shuffled = new ArrayList<>(corpus());
        Collections.reverse(shuffled);
        List<Double> fractions = List.of(0.25, 1.0);

        List<String> a = NestedSubsets.draw(corpus(), fractions, By.UTTERANCE, 7).get(0).ids();
        List<String> b = NestedSubsets.draw(shuffled, fractions, By.UTTERANCE, 7).get(0).ids();
        List<String> c = NestedSubsets.draw(corpus(), fractions, By.UTTERANCE, 8).get(0).ids();

        assertThat(b).isEqualTo(a);
        assertThat(c).isNotEqualTo(a);
    }

    @Test
    void bySpeakerTakesWholeSpeakersNested() {
        List<Subset> subsets = NestedSubsets.draw(corpus(), List.of(0.25, 0.5, 1.0), By.SPEAKER, 3);

        Set<String> before = new HashSet<>();
        for (Subset s : subsets) {
            Map<String, Long> perSpeaker =
                    s.ids().stream()
                            .collect(
                                    Collectors.groupingBy(
                                            id -> id.substring(0, id.indexOf('-')),
                                            Collectors.counting()));
            assertThat(perSpeaker.values()).allMatch(n -> n == 5);
            assertThat(s.speakers()).isEqualTo(perSpeaker.size());
            assertThat(s.ids()).containsAll(before);
            before.addAll(s.ids());
        }
        assertThat(subsets.get(0).speakers()).isEqualTo(2);
        assertThat(subsets.get(2).speakers()).isEqualTo(8);
    }

    @Test
    void refusesSpeakerlessUtterancesBySpeakerAndFractionsTooCloseToTell() {
        List<Utterance> withAnonymous = new ArrayList<>(corpus());
        withAnonymous.add(new Utterance("x", "a.wav", 1, "t", null, Split.TRAIN, Map.of()));

        assertThatThrownBy(() -> NestedSubsets.draw(withAnonymous, List.of(1.0), By.SPEAKER, 1))
                .isInstanceOf(CurveRefusedException.class)
                .hasMessageContaining("1 of 41 training utterances have no speaker")
                .hasMessageContaining("--by utterance");
        assertThatThrownBy(
                        () -> NestedSubsets.draw(corpus(), List.of(0.1, 0.11, 1.0), By.SPEAKER, 1))
                .isInstanceOf(CurveRefusedException.class)
                .hasMessageContaining("fractions 0.1 and 0.11 give the same 1 of 8 speakers");
    }
}
