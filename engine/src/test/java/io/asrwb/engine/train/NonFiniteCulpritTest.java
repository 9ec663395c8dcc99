package io.asrwb.engine.train;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.events.TrainingEvent.BatchSkipped;
import io.asrwb.engine.events.TrainingEvent.FinishReason;
import io.asrwb.engine.events.TrainingEvent.RunFinished;
import io.asrwb.engine.events.TrainingEvent.StepCompleted;
import io.asrwb.engine.events.TrainingEvent.UtteranceFlagged;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A non-finite loss names the utterance behind it (icefall#580): a clip of NaN samples among good
 * ones is found by probing its batch, named with audio, transcript and reason, left out, and the
 * step goes on with its batch mates; a clip too short for its transcript is named with the numbers
 * that make its CTC loss infinite. Real tiny DS2 runs, two epochs.
 */
class NonFiniteCulpritTest {

    @TempDir Path dir;

    @Test
    void aNanClipIsNamedLeftOutAndItsBatchMatesStillTrain() throws Exception {
        Path wav = dir.resolve("wav");
        List<Utterance> train = fiveGood(wav);
        Utterance poison = TrainerRuns.notANumber(wav, "poison", 0.7);
        train.add(poison);

        List<TrainingEvent> events =
                TrainerRuns.run(
                        Trainer.start(
                                TrainerRuns.inputs(
                                        TrainerRuns.config("  epochs: 2\n"),
                                        dir.resolve("run"),
                                        train)));

        assertThat(flags(events))
                .singleElement()
                .satisfies(
                        f -> {
                            assertThat(f.utteranceId()).isEqualTo("poison");
                            assertThat(f.audio()).isEqualTo(poison.audio());
                            assertThat(f.transcript()).isEqualTo("yes");
                            assertThat(f.reason())
                                    .startsWith("non-finite")
                                    .contains("features hold NaN or infinite values");
                        });
        // 6 utterances in batches of 3: 2 batches an epoch, each trained, the poisoned one on the
        // other two
        assertThat(steps(events)).hasSize(4).allSatisfy(s -> assertThat(s.loss()).isFinite());
        assertThat(TrainerRuns.skips(events))
                .hasSize(2) // once an epoch
                .allSatisfy(
                        s -> {
                            assertThat(s.utteranceIds()).containsExactly("poison");
                            assertThat(s.wholeBatch()).isFalse();
                            assertThat(s.reason()).contains("poison: non-finite");
                        });
        assertThat(events.get(events.size() - 1))
                .isInstanceOf(RunFinished.class)
                .extracting(e -> ((RunFinished) e).reason())
                .isEqualTo(FinishReason.MAX_EPOCHS);
    }

    @Test
    void anAccumulatedStepLeavesTheNanClipOutOfItsBatchToo() throws Exception {
        Path wav = dir.resolve("wav");
        List<Utterance> train = fiveGood(wav);
        train.add(TrainerRuns.notANumber(wav, "poison", 0.7));

        List<TrainingEvent> events =
                TrainerRuns.run(
                        Trainer.start(
                                TrainerRuns.inputs(
                                        TrainerRuns.config("  epochs: 2\n  accumulate: 2\n"),
                                        dir.resolve("run"),
                                        train)));

        assertThat(flags(events))
                .extracting(UtteranceFlagged::utteranceId)
                .containsExactly("poison");
        // both batches of an epoch in one step, the poisoned one without its NaN clip
        assertThat(steps(events)).hasSize(2).allSatisfy(s -> assertThat(s.loss()).isFinite());
        assertThat(TrainerRuns.skips(events))
                .hasSize(2)
                .allSatisfy(s -> assertThat(s.utteranceIds()).containsExactly("poison"));
    }

    @Test
    void aClipTooShortForItsTranscriptIsNamedWithTheFramesItLacks() throws Exception {
        Path wav = dir.resolve("wav");
        List<Utterance> train = fiveGood(wav);
        // 0.3 s gives 16 output frames; 42 characters cannot fit
        Utterance crammed =
                TrainerRuns.tone(wav, "crammed", 0.3, "go forward ten meters and turn left please");
        train.add(crammed);
        RunConfig config = TrainerRuns.config("  epochs: 2\n");

        List<TrainingEvent> events =
                TrainerRuns.run(
                        Trainer.start(TrainerRuns.inputs(config, dir.resolve("run"), train)));

        assertThat(flags(events))
                .singleElement()
                .satisfies(
                        f -> {
                            assertThat(f.utteranceId()).isEqualTo("crammed");
                            assertThat(f.audio()).isEqualTo(crammed.audio());
                            assertThat(f.transcript()).isEqualTo(crammed.transcript());
                            assertThat(f.reason())
                                    .isEqualTo(
                                            "CTC loss is infinite: 42 labels need at least 42"
                                                    + " output frames, the clip gives 16");
                        });
        assertThat(steps(events)).hasSize(4).allSatisfy(s -> assertThat(s.loss()).isFinite());
        assertThat(TrainerRuns.skips(events)).noneMatch(BatchSkipped::wholeBatch);
    }

    /** Five tones saying "yes" or "no": with a sixth clip, two batches of 3 an epoch. */
    private static List<Utterance> fiveGood(Path wav) throws java.io.IOException {
        List<Utterance> train = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            train.add(TrainerRuns.tone(wav, "good" + i, 0.6 + 0.05 * i, i % 2 == 0 ? "yes" : "no"));
        }
        return train;
    }

    private static List<UtteranceFlagged> flags(List<TrainingEvent> events) {
        return events.stream()
                .filter(UtteranceFlagged.class::isInstance)
                .map(UtteranceFlagged.class::cast)
                .toList();
    }

    private static List<StepCompleted> steps(List<TrainingEvent> events) {
        return events.stream()
                .filter(StepCompleted.class::isInstance)
                .map(StepCompleted.class::cast)
                .toList();
    }
}
