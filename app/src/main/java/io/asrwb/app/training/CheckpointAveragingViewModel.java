package io.asrwb.app.training;

import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.app.tasks.TaskRunner;
import io.asrwb.engine.train.average.CheckpointAverager;
import io.asrwb.engine.train.average.MemberChoice;
import java.nio.file.Path;
import java.util.Objects;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * "Average last N…" on the Training tab: averages the selected run's newest N checkpoints into
 * {@code RUN/averaged/last-N-step-S} (which the Transcribe tab lists beside the run's checkpoints)
 * through the engine's {@link CheckpointAverager}, off the FX thread.
 */
public final class CheckpointAveragingViewModel {

    private final TaskRunner tasks;
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");

    public CheckpointAveragingViewModel(TaskRunner tasks) {
        this.tasks = tasks;
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** What the last averaging did, or why it could not. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** Shows why a request was not started (a bad N typed in the dialog). */
    public void reject(String why) {
        status.set(why);
    }

    /** Where averaging the last {@code n} of a run whose newest checkpoint is {@code step} goes. */
    public static Path outputOf(Path runDir, int n, long newestStep) {
        return runDir.resolve(CheckpointAverager.AVERAGES_FOLDER)
                .resolve("last-" + n + "-step-" + newestStep);
    }

    /**
     * Averages the newest {@code n} checkpoints of {@code run}; {@code done} runs afterwards on the
     * caller's thread (the FX thread in the app), whether it worked or not.
     */
    public void averageLast(RunRow run, long newestStep, int n, Runnable done) {
        Path runDir = Path.of(run.runDir());
        Path out = outputOf(runDir, n, newestStep);
        busy.set(true);
        status.set("averaging the last " + n + " checkpoints of " + runDir.getFileName() + "…");
        tasks.run(
                "Average checkpoints",
                task -> CheckpointAverager.average(runDir, MemberChoice.last(n), out),
                TaskCallbacks.<CheckpointAverager.Result>of(
                        result -> {
                            busy.set(false);
                            status.set(
                                    "averaged "
                                            + result.averagedFrom().members().size()
                                            + " checkpoints into "
                                            + runDir.relativize(result.checkpoint())
                                            + " (on the Transcribe tab; 'asrwb eval --model "
                                            + result.checkpoint()
                                            + "' scores it)");
                            done.run();
                        },
                        failure -> {
                            busy.set(false);
                            status.set(
                                    Objects.requireNonNullElse(
                                            failure.getMessage(), failure.toString()));
                            done.run();
                        }));
    }
}
