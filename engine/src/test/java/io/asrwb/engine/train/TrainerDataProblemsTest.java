package io.asrwb.engine.train;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.events.TrainingEvent.BatchSkipped;
import io.asrwb.engine.events.TrainingEvent.RunFailed;
import io.asrwb.engine.events.TrainingEvent.RunFinished;
import io.asrwb.engine.events.TrainingEvent.StepCompleted;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad data never stops a run silently and never poisons it: unusable utterances are left out and
 * reported by id while training goes on; only batch after batch of non-finite loss ends the run,
 * with a message that says what to do.
 */
class TrainerDataProblemsTest {

    @TempDir Path dir;

    @Test
    void emptyAndInfeasibleTranscriptsAreSkippedByIdAndTrainingGoesOn() throws Exception {
        Path wav = dir.resolve("wav");
        List<Utterance> train = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            train.add(TrainerRuns.tone(wav, "good" + i, 0.6 + 0.05 * i, i % 2 == 0 ? "yes" : "no"));
        }
        train.add(TrainerRuns.tone(wav, "empty", 0.7, ""));
        // 0.3 s gives 15 output frames; 40 letters cannot fit
        train.add(
                TrainerRuns.tone(
                        wav, "crammed", 0.3, "go forward ten meters and turn left please"));
        RunConfig config = TrainerRuns.config("  epochs: 2\n");

        List<TrainingEvent> events =
                TrainerRuns.run(
                        Trainer.start(TrainerRuns.inputs(config, dir.resolve("run"), train)));

        assertThat(events.get(events.size() - 1))
                .isEqualTo(
                        new RunFinished(
                                ((RunFinished) events.get(events.size() - 1)).step(),
                                TrainingEvent.FinishReason.MAX_EPOCHS));
        List<BatchSkipped> skips = TrainerRuns.skips(events);
        assertThat(skips)
                .filteredOn(s -> s.utteranceIds().contains("empty"))
                .hasSize(2) // once per epoch
                .allSatisfy(
                        s -> {
                            assertThat(s.reason()).contains("empty transcript");
                            assertThat(s.wholeBatch()).isFalse();
                        });
        assertThat(skips)
                .filteredOn(s -> s.utteranceIds().contains("crammed"))
                .hasSize(2)
                .allSatisfy(
                        s -> {
                            assertThat(s.reason()).contains("crammed").contains("too_few_frames");
                            assertThat(s.wholeBatch()).isFalse();
                        });
        assertThat(skips)
                .allSatisfy(s -> assertThat(s.utteranceIds()).containsAnyOf("empty", "crammed"));
        // 7 utterances in batches of 3: 3 plan batches per epoch; a batch of "empty" alone has
        // nothing
        // left to train on, every other one trains
        List<StepCompleted> steps =
                events.stream()
                        .filter(StepCompleted.class::isInstance)
                        .map(StepCompleted.class::cast)
                        .toList();
        assertThat(steps)
                .hasSizeGreaterThanOrEqualTo(5)
                .allSatisfy(s -> assertThat(s.loss()).isFinite());
        assertThat(steps.stream().map(StepCompleted::epoch).distinct()).containsExactly(0, 1);
    }

    @Test
    void nonFiniteBatchesInARowEndTheRunWithAClearMessage() throws Exception {
        Path wav = dir.resolve("wav");
        List<Utterance> train = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            train.add(TrainerRuns.notANumber(wav, "nan" + i, 0.5 + 0.01 * i));
        }
        RunConfig config = TrainerRuns.config("  epochs: 5\n  max_non_finite_batches: 3\n");

        List<TrainingEvent> events =
                TrainerRuns.run(
                        Trainer.start(TrainerRuns.inputs(config, dir.resolve("run"), train)));

        assertThat(events).noneMatch(StepCompleted.class::isInstance);
        List<BatchSkipped> skips = TrainerRuns.skips(events);
        assertThat(skips)
                .hasSize(3)
                .allSatisfy(
                        s -> {
                            assertThat(s.wholeBatch()).isTrue();
                            assertThat(s.reason()).startsWith("non-finite");
                            assertThat(s.utteranceIds())
                                    .hasSize(3)
                                    .allSatisfy(id -> assertThat(id).startsWith("nan"));
                        });
        TrainingEvent last = events.get(events.size() - 1);
        assertThat(last).isInstanceOf(RunFailed.class);
        RunFailed failed = (RunFailed) last;
        assertThat(failed.step()).isEqualTo(3);
        assertThat(failed.message())
                .contains("3 batches in a row gave a non-finite loss or gradient")
                .contains(skips.get(2).utteranceIds().get(0))
                .contains("optim.lr");
    }
}
