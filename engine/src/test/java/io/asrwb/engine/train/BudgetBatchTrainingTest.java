package io.asrwb.engine.train;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.config.ConfigFields;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.batching.BatchPlanner;
import io.asrwb.engine.data.batching.PlanEntry;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.events.TrainingEvent.StepCompleted;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real run with {@code data.max_batch_seconds} steps through the budget's batches. */
class BudgetBatchTrainingTest {

    @TempDir Path dir;

    @Test
    void anEpochTakesOneStepPerBudgetBatch() throws Exception {
        List<Utterance> train = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            double seconds = 0.4 + 0.2 * i; // 0.4 .. 2.6 s
            train.add(TrainerRuns.tone(dir.resolve("wav"), "u" + i, seconds, "yes"));
        }
        RunConfig config = TrainerRuns.config("  epochs: 1\n");
        config = ConfigFields.with(config, "data.max_duration_s", 3.0);
        config = ConfigFields.with(config, "data.batch_size", 100);
        config = ConfigFields.with(config, "data.max_batch_seconds", 3.0);
        assertThat(config.validate()).isEmpty();

        List<TrainingEvent> events =
                TrainerRuns.run(
                        Trainer.start(TrainerRuns.inputs(config, dir.resolve("run"), train)));

        int budgetBatches =
                BatchPlanner.forTraining(config.data())
                        .plan(PlanEntry.of(train), config.train().seed(), 0)
                        .size();
        int fixedBatches =
                new BatchPlanner(100, 1, false)
                        .plan(PlanEntry.of(train), config.train().seed(), 0)
                        .size();
        // 3 s of padded audio holds at most one 2.6 s utterance but several short ones.
        assertThat(budgetBatches).isBetween(6, 11);
        assertThat(fixedBatches).isEqualTo(1);
        assertThat(events.stream().filter(StepCompleted.class::isInstance).count())
                .isEqualTo(budgetBatches);
    }
}
