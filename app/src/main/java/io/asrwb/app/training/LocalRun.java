package io.asrwb.app.training;

import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.app.tasks.TaskRunner;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.train.PreparedRun;
import io.asrwb.engine.train.Trainer;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The run training on this machine: the trainer runs on a task thread and only appends its events
 * to a lock-free queue; {@link #drain} folds what queued up into the live series, the progress and
 * the ETA on the FX thread.
 */
final class LocalRun {

    /** Makes the run ready to train (new or resumed); holds the run folder's lock. */
    interface Preparation {
        PreparedRun prepare() throws IOException;
    }

    private final TaskRunner tasks;
    private final Catalog catalog;
    private final Clock clock;
    private final Queue<TrainingEvent> pending = new ConcurrentLinkedQueue<>();
    private final AtomicLong plannedSteps = new AtomicLong();
    private volatile Trainer activeTrainer;
    private volatile boolean stopRequested;
    private final EtaEstimate eta = new EtaEstimate();
    final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    final ReadOnlyStringWrapper progressText = new ReadOnlyStringWrapper("");

    /** The live run's series; null before the first run. */
    private RunSeries live;

    /** Feeds the live series; made anew for each run launched. */
    private ChartFeed feed;

    private String liveRunDir;
    private long step;

    LocalRun(TaskRunner tasks, Catalog catalog, Clock clock) {
        this.tasks = tasks;
        this.catalog = catalog;
        this.clock = clock;
    }

    /** The live run's series (first on the charts); null before the first run. */
    RunSeries series() {
        return live;
    }

    String runDir() {
        return liveRunDir;
    }

    /** Whether {@code runDir} is the folder being trained now. */
    boolean isLive(String runDir) {
        return running.get() && runDir.equals(liveRunDir);
    }

    /** A run of {@code runDir} is about to start: {@code series} is live, the progress starts over. */
    void begin(Path runDir, RunSeries series) {
        live = series;
        pending.clear();
        plannedSteps.set(0);
        stopRequested = false;
        eta.reset();
        step = 0;
        feed = new ChartFeed(live, 0);
        liveRunDir = runDir.toString();
        running.set(true);
    }

    /**
     * Trains what {@code preparation} makes ready, after {@link #begin}.
     *
     * @param ended called on the FX thread when the run ends, with its failure or null
     */
    void train(String title, Preparation preparation, Consumer<Throwable> ended) {
        tasks.run(
                title,
                task -> {
                    try (PreparedRun run = preparation.prepare()) { // holds the run folder's lock
                        plannedSteps.set(run.trainer().plannedSteps());
                        run.trainer().addListener(pending::add);
                        activeTrainer = run.trainer();
                        if (stopRequested) {
                            run.trainer().stop();
                        }
                        return run.runRecorded(catalog, clock);
                    }
                },
                new TaskCallbacks<TrainingEvent>(
                        end -> end(ended, null),
                        failure -> end(ended, failure),
                        () -> end(ended, null),
                        (p, m) -> {}));
    }

    /** Asks the run to end after its current step, with a checkpoint. */
    void stop() {
        stopRequested = true;
        Trainer trainer = activeTrainer;
        if (trainer != null) {
            trainer.stop();
        }
    }

    /** Folds the queued events into the series, progress and ETA; what they asked of the rest. */
    DrainedEvents drain() {
        List<TrainingEvent> batch = new ArrayList<>();
        TrainingEvent event;
        while ((event = pending.poll()) != null) {
            batch.add(event);
        }
        DrainedEvents drained = DrainedEvents.of(batch);
        drained.stepSeconds.forEach(eta::recordStep);
        if (feed != null) {
            feed.foldEvents(batch); // a resume voids the live points after its step
            step = feed.step();
        }
        showProgress();
        return drained;
    }

    private void end(Consumer<Throwable> ended, Throwable failure) {
        activeTrainer = null;
        ended.accept(failure);
    }

    private void showProgress() {
        long total = plannedSteps.get();
        progress.set(total > 0 ? Math.min(1, (double) step / total) : 0);
        String text = total > 0 ? "step " + step + " / " + total : "";
        if (running.get() && total > 0) {
            text +=
                    eta.remaining(step, total)
                            .map(d -> " · ETA " + EtaEstimate.format(d))
                            .orElse("");
        }
        progressText.set(text);
    }
}
