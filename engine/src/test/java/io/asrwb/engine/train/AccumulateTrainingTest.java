package io.asrwb.engine.train;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.checkpoint.CheckpointStore;
import io.asrwb.engine.checkpoint.LoadedCheckpoint;
import io.asrwb.engine.config.ConfigFields;
import io.asrwb.engine.config.ConfigViolation;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.events.TrainingEvent.RunFinished;
import io.asrwb.engine.events.TrainingEvent.StepCompleted;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real short runs with {@code train.accumulate: 2}: 9 utterances in batches of 2 are 5 plan batches
 * an epoch, so 3 steps (2 + 2 + the epoch's last batch alone), and a run stopped mid-epoch resumes
 * onto the same groups and ends with the uninterrupted run's parameters, bitwise.
 */
class AccumulateTrainingTest {

    @TempDir Path dir;

    @Test
    void anEpochTakesOneStepPerTwoBatchesAndResumesOntoTheSameGroups() throws Exception {
        RunConfig config = config(false);
        List<Utterance> train = utterances();
        Path straight = dir.resolve("straight");
        Trainer whole = Trainer.start(TrainerRuns.inputs(config, straight, train));
        assertThat(whole.plannedSteps()).isEqualTo(6);
        List<TrainingEvent> events = TrainerRuns.run(whole);
        List<StepCompleted> steps = steps(events);
        assertThat(steps).extracting(StepCompleted::step).containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
        assertThat(steps).extracting(StepCompleted::epoch).containsExactly(0, 0, 0, 1, 1, 1);
        assertThat(steps).allSatisfy(s -> assertThat(s.loss()).isFinite().isPositive());
        assertThat(events.get(events.size() - 1)).isInstanceOf(RunFinished.class);

        Path split = dir.resolve("split");
        Trainer first = Trainer.start(TrainerRuns.inputs(config, split, train));
        first.addListener(
                e -> {
                    if (e instanceof StepCompleted s && s.step() == 2) {
                        first.stop();
                    }
                });
        List<Double> losses = new ArrayList<>(losses(TrainerRuns.run(first)));
        LoadedCheckpoint atTwo = latest(split);
        assertThat(atTwo.state().step()).isEqualTo(2);
        // the position counts plan batches: two steps of two batches each
        assertThat(atTwo.state().epoch()).isEqualTo(0);
        assertThat(atTwo.state().batchInEpoch()).isEqualTo(4);

        TrainingInputs again = TrainerRuns.inputs(config, split, train);
        RunSetup setup = RunSetup.of(config, again.alphabet());
        losses.addAll(
                losses(
                        TrainerRuns.run(
                                ResumePlan.decide(again, setup, null).trainer(again, setup))));

        assertThat(losses).isEqualTo(losses(events));
        assertThat(latest(split).graph().params()).isEqualTo(latest(straight).graph().params());
    }

    @Test
    void batchNormTrainsWithEachBatchsStatistics() throws Exception {
        List<TrainingEvent> events =
                TrainerRuns.run(
                        Trainer.start(
                                TrainerRuns.inputs(config(true), dir.resolve("bn"), utterances())));

        assertThat(steps(events)).hasSize(6).allSatisfy(s -> assertThat(s.loss()).isFinite());
        assertThat(events.get(events.size() - 1)).isInstanceOf(RunFinished.class);
    }

    @Test
    void theValidatorHoldsAccumulateTo1Through1024() throws Exception {
        RunConfig config = config(false);

        assertThat(ConfigFields.with(config, "train.accumulate", 0).validate())
                .extracting(ConfigViolation::path)
                .containsExactly("train.accumulate");
        assertThat(ConfigFields.with(config, "train.accumulate", 1025).validate())
                .extracting(ConfigViolation::path)
                .containsExactly("train.accumulate");
        assertThat(ConfigFields.with(config, "train.accumulate", 1024).validate()).isEmpty();
    }

    private static RunConfig config(boolean batchNorm) throws Exception {
        RunConfig config = TrainerRuns.config("  epochs: 2\n  accumulate: 2\n");
        config = ConfigFields.with(config, "data.batch_size", 2);
        if (batchNorm) {
            config = ConfigFields.with(config, "model.conv_batch_norm", true);
        }
        assertThat(config.validate()).isEmpty();
        assertThat(config.train().accumulate()).isEqualTo(2);
        return config;
    }

    private List<Utterance> utterances() throws Exception {
        List<Utterance> train = new ArrayList<>();
        String[] words = {"yes", "no", "go", "stop", "up", "on", "off", "left", "down"};
        for (int i = 0; i < words.length; i++) {
            train.add(TrainerRuns.tone(dir.resolve("wav"), "u" + i, 0.5 + 0.1 * i, words[i]));
        }
        return train;
    }

    private static LoadedCheckpoint latest(Path runDir) throws Exception {
        CheckpointStore store = CheckpointStore.openReadOnly(runDir);
        return store.load(store.latest().orElseThrow());
    }

    private static List<StepCompleted> steps(List<TrainingEvent> events) {
        return events.stream()
                .filter(StepCompleted.class::isInstance)
                .map(StepCompleted.class::cast)
                .toList();
    }

    private static List<Double> losses(List<TrainingEvent> events) {
        return steps(events).stream().map(StepCompleted::loss).toList();
    }
}
