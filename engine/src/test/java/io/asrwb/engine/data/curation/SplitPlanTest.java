package io.asrwb.engine.data.curation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.curation.SplitRequest.By;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The deal of utterances to train, val and test: by speaker, by utterance, seeded, refused. */
class SplitPlanTest {

    /** {@code speakers} speakers with 10 utterances each ("s3-07"). */
    private static List<SplitPlan.Row> rows(int speakers) {
        List<SplitPlan.Row> rows = new ArrayList<>();
        for (int s = 0; s < speakers; s++) {
            for (int u = 0; u < 10; u++) {
                rows.add(new SplitPlan.Row(String.format("s%d-%02d", s, u), "s" + s));
            }
        }
        return rows;
    }

    private static SplitRequest request(double val, double test, By by, long seed) {
        return new SplitRequest(val, test, Optional.ofNullable(by), seed);
    }

    @Test
    void bySpeakerNoVoiceIsInTwoSplitsAndTheSharesAreNear() {
        List<SplitPlan.Row> rows = rows(20);
        SplitPlan plan = SplitPlan.of(rows, request(0.1, 0.2, null, 7));

        assertThat(plan.by()).isEqualTo(By.SPEAKER);
        Map<String, Set<Split>> splitsOfSpeaker = new HashMap<>();
        for (SplitPlan.Row r : rows) {
            splitsOfSpeaker
                    .computeIfAbsent(r.speaker(), k -> new HashSet<>())
                    .add(plan.splits().get(r.id()));
        }
        assertThat(splitsOfSpeaker.values()).allSatisfy(s -> assertThat(s).hasSize(1));
        assertThat(plan.utterances())
                .containsEntry(Split.VAL, 20)
                .containsEntry(Split.TEST, 40)
                .containsEntry(Split.TRAIN, 140);
        assertThat(plan.speakers())
                .containsEntry(Split.VAL, 2)
                .containsEntry(Split.TEST, 4)
                .containsEntry(Split.TRAIN, 14);
    }

    @Test
    void theSameSeedDealsTheSameWayWhateverTheRowOrderAndAnotherSeedOtherwise() {
        List<SplitPlan.Row> rows = rows(12);
        List<SplitPlan.Row> reversed = new ArrayList<>(rows);
        java.util.Collections.reverse(reversed);

        SplitPlan a = SplitPlan.of(rows, request(0.2, 0.2, null, 3));
        SplitPlan b = SplitPlan.of(reversed, request(0.2, 0.2, null, 3));
        SplitPlan c = SplitPlan.of(rows, request(0.2, 0.2, null, 4));

        assertThat(b.splits()).isEqualTo(a.splits());
        assertThat(c.splits()).isNotEqualTo(a.splits());
    }

    @Test
    void byUtteranceEverySplitGetsItsShareRounded() {
        List<SplitPlan.Row> rows = new ArrayList<>();
        for (int i = 0; i < 45; i++) {
            rows.add(new SplitPlan.Row("u" + i, ""));
        }
        SplitPlan plan = SplitPlan.of(rows, request(0.1, 0.1, null, 1));

        assertThat(plan.by()).as("no speakers: by utterance").isEqualTo(By.UTTERANCE);
        assertThat(plan.utterances())
                .containsEntry(Split.VAL, 4)
                .containsEntry(Split.TEST, 4)
                .containsEntry(Split.TRAIN, 37);
        assertThat(plan.speakers()).isEmpty();
    }

    @Test
    void aSplitThatWouldBeEmptyIsRefusedInWords() {
        assertThatThrownBy(() -> SplitPlan.of(rows(2), request(0.1, 0.1, null, 1)))
                .isInstanceOf(SplitRefusedException.class)
                .hasMessage(
                        "2 speakers cannot fill train, val and test with at least one speaker"
                                + " each; use --by utterance or add speakers");
        assertThatThrownBy(() -> SplitPlan.of(rows(1), request(0, 0.1, null, 1)))
                .hasMessageStartingWith(
                        "1 speaker cannot fill train and test with at least one speaker each");
        List<SplitPlan.Row> two = List.of(new SplitPlan.Row("a", ""), new SplitPlan.Row("b", ""));
        assertThatThrownBy(() -> SplitPlan.of(two, request(0.3, 0.3, By.UTTERANCE, 1)))
                .hasMessageStartingWith(
                        "2 utterances cannot fill train, val and test with at least one utterance");
        List<SplitPlan.Row> mixed = new ArrayList<>(rows(3));
        mixed.add(new SplitPlan.Row("anonymous", ""));
        assertThatThrownBy(() -> SplitPlan.of(mixed, request(0.1, 0.1, By.SPEAKER, 1)))
                .hasMessage(
                        "1 of 31 utterances have no speaker, and splitting by speaker needs one on"
                                + " every utterance; use --by utterance");
        assertThat(SplitPlan.of(mixed, request(0.1, 0.1, null, 1)).by()).isEqualTo(By.UTTERANCE);
    }

    @Test
    void sharesThatLeaveNothingToTrainOrNothingToHoldOutAreRefused() {
        assertThatThrownBy(() -> request(0.5, 0.5, null, 1))
                .isInstanceOf(SplitRefusedException.class)
                .hasMessageContaining("leave nothing to train on");
        assertThatThrownBy(() -> request(0, 0, null, 1))
                .hasMessageContaining("nothing would be held out");
        assertThatThrownBy(() -> request(-0.1, 0.1, null, 1))
                .hasMessageStartingWith("val -0.1: expected a share");
    }
}
