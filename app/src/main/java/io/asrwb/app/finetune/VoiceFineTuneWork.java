package io.asrwb.app.finetune;

import io.asrwb.app.AppContext;
import io.asrwb.app.tasks.TaskContext;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.events.TrainingEvent.FinishReason;
import io.asrwb.engine.events.TrainingEvent.RunFailed;
import io.asrwb.engine.events.TrainingEvent.RunFinished;
import io.asrwb.engine.events.TrainingEvent.StepCompleted;
import io.asrwb.engine.store.HeldOutTakes;
import io.asrwb.engine.train.PreparedRun;
import io.asrwb.engine.train.RunLauncher;
import io.asrwb.engine.train.Trainer;
import io.asrwb.engine.train.finetune.VoiceRecipe;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The fine-tuning itself, on the task thread: the held-out takes marked, the recipe made for the
 * training takes left, the run prepared in its folder and trained, recorded as every run is
 * (events.jsonl, the catalog's run row), each step reported as progress.
 */
final class VoiceFineTuneWork {

    /** The seed of the held-out choice: fixed, so the same takes stay held out run after run. */
    static final long SEED = 22;

    private VoiceFineTuneWork() {}

    /**
     * @param started handed the trainer once it exists, so a cancel can stop it after its step
     */
    static FineTuneOutcome run(
            AppContext ctx,
            String dataset,
            Path base,
            Path runDir,
            long stepCap,
            Consumer<Trainer> started,
            TaskContext context)
            throws IOException {
        HeldOutTakes.Result split = HeldOutTakes.mark(ctx.catalog(), dataset, SEED, ctx.clock());
        if (split.training() == 0) {
            throw new IllegalArgumentException(
                    "every take of "
                            + dataset
                            + " is held out or in the val split: none to train on");
        }
        RunConfig config = VoiceRecipe.of(dataset, base, split.training(), stepCap);
        long steps = config.train().maxSteps();
        context.progress(0, steps, "preparing " + runDir.getFileName() + "…");
        try (PreparedRun run = RunLauncher.prepareNew(ctx.catalog(), config, runDir)) {
            run.trainer()
                    .addListener(
                            event -> {
                                if (event instanceof StepCompleted s) {
                                    context.progress(
                                            s.step(),
                                            steps,
                                            String.format(
                                                    Locale.ROOT,
                                                    "step %d / %d · loss %.3f",
                                                    s.step(),
                                                    steps,
                                                    s.loss()));
                                }
                            });
            started.accept(run.trainer());
            TrainingEvent end = run.runRecorded(ctx.catalog(), ctx.clock());
            if (end instanceof RunFailed failed) {
                throw new IOException(
                        "fine-tuning failed at step " + failed.step() + ": " + failed.message());
            }
            RunFinished finished = (RunFinished) end;
            return new FineTuneOutcome(
                    run.runDir(),
                    split.heldOut().size(),
                    split.training(),
                    steps,
                    finished.step(),
                    finished.reason() == FinishReason.STOPPED_BY_USER);
        }
    }
}
