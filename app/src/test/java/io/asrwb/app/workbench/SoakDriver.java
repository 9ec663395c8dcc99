package io.asrwb.app.workbench;

import io.asrwb.app.FxCalls;
import io.asrwb.app.training.TrainingViewModel;
import io.asrwb.app.transcribe.ModelChoice;
import io.asrwb.app.transcribe.TranscribeViewModel;
import io.asrwb.engine.store.AppDirs;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import javafx.application.Platform;
import javafx.stage.Stage;

/**
 * The soak benchmark's app ({@code bench/soak.sh}): the real app, headless, for a given time —
 * tiny trainings one after another on the Training tab, a file transcribed every 10 s on the
 * Transcribe tab (the demo model and the newest trained checkpoint in turn), and every 5 minutes a
 * remote job ({@link SoakRemoteCycle}) whose SSH connections are dropped mid-run and re-made. The
 * counts and every error go to a status file that the sampler reads beside /proc.
 *
 * <p>Usage: {@code SoakDriver SECONDS STATUS_FILE CLIP REMOTE_CONFIG HOST DATASET SSHD_PID
 * REMOTE_HOME [REMOTE_EVERY_S]}. Exits 1 when an error occurred.
 */
public final class SoakDriver {

    private static final Duration TRANSCRIBE_EVERY = Duration.ofSeconds(10);

    private final SoakCounts counts;
    private final Path clip;
    private WorkbenchApp app;
    private Workbench wb;
    private boolean trainingStarted;
    private boolean transcribing;
    private int transcriptionsStarted;

    private SoakDriver(SoakCounts counts, Path clip) {
        this.counts = counts;
        this.clip = clip;
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 8) {
            System.err.println(
                    "usage: SoakDriver SECONDS STATUS_FILE CLIP REMOTE_CONFIG HOST DATASET"
                            + " SSHD_PID REMOTE_HOME [REMOTE_EVERY_S]");
            System.exit(2);
        }
        Duration length = Duration.ofSeconds(Long.parseLong(args[0]));
        SoakCounts counts = new SoakCounts(Path.of(args[1]));
        Duration remoteEvery = Duration.ofSeconds(args.length > 8 ? Long.parseLong(args[8]) : 300);
        Platform.startup(() -> {});
        SoakDriver driver = new SoakDriver(counts, Path.of(args[2]));
        try {
            driver.open();
            SoakRemoteCycle remote =
                    new SoakRemoteCycle(
                            driver.wb.jobs(),
                            counts,
                            args[3],
                            args[4],
                            args[5],
                            Long.parseLong(args[6]),
                            Path.of(args[7]),
                            AppDirs.ofSystem().dataDir().resolve("remote-jobs"));
            driver.loop(length, remoteEvery, remote);
        } catch (Exception | AssertionError e) {
            counts.error("the soak driver stopped: " + e);
            e.printStackTrace();
        } finally {
            counts.finish();
            FxCalls.call(
                    () -> {
                        driver.app.stop();
                        return null;
                    });
        }
        System.exit(counts.errors() == 0 ? 0 : 1);
    }

    private void open() throws Exception {
        fx(
                () -> {
                    app = new WorkbenchApp();
                    Stage stage = new Stage();
                    app.start(stage);
                    stage.setWidth(1024);
                    stage.setHeight(640);
                    wb = app.workbench();
                    // every view the soak drives is built once, as a user opening its tab would
                    wb.show(View.TRANSCRIBE);
                    wb.show(View.REMOTE_JOBS);
                    wb.show(View.TRAINING);
                    HyperparametersSoak.apply(wb.hyperparameters());
                    wb.training().refreshDatasets();
                    wb.transcribe().refreshModels();
                    return null;
                });
        await("a dataset to train on", () -> wb.training().canStartProperty().get());
        await("a model to transcribe with", () -> !wb.transcribe().models().isEmpty());
    }

    private void loop(Duration length, Duration remoteEvery, SoakRemoteCycle remote)
            throws Exception {
        Instant end = Instant.now().plus(length);
        Instant nextTranscription = Instant.now();
        Instant nextRemote = Instant.now().plus(Duration.ofSeconds(30));
        Thread remoteThread = null;
        while (Instant.now().isBefore(end)) {
            fx(this::keepTraining);
            if (Instant.now().isAfter(nextTranscription)) {
                nextTranscription = nextTranscription.plus(TRANSCRIBE_EVERY);
                fx(this::transcribeAgain);
            } else {
                fx(this::checkTranscription);
            }
            if (Instant.now().isAfter(nextRemote)
                    && (remoteThread == null || !remoteThread.isAlive())) {
                nextRemote = Instant.now().plus(remoteEvery);
                remoteThread = new Thread(remote, "soak-remote");
                remoteThread.start();
            }
            counts.save();
            Thread.sleep(500);
        }
        // the time is up: let the work in hand end, so its outcome is counted too
        await("the last training", () -> !wb.training().runningProperty().get());
        fx(this::keepTrainingOnce);
        await("the last transcription", () -> !wb.transcribe().busyProperty().get());
        fx(this::checkTranscription);
        if (remoteThread != null) {
            // a round started just before the end is waited for 5 minutes at most (not counted
            // when it has not ended: it is neither a success nor an error)
            remoteThread.join(Duration.ofMinutes(5).toMillis());
        }
    }

    /** On the FX thread: counts the run that ended and starts the next. */
    private Void keepTraining() {
        TrainingViewModel training = wb.training();
        if (training.runningProperty().get()) {
            return null;
        }
        keepTrainingOnce();
        training.start();
        trainingStarted = true;
        return null;
    }

    private Void keepTrainingOnce() {
        if (trainingStarted && !wb.training().runningProperty().get()) {
            trainingStarted = false;
            String status = wb.training().statusProperty().get();
            if (status.contains("finished at step")) {
                counts.training();
            } else {
                counts.error("training: " + status);
            }
        }
        return null;
    }

    /** On the FX thread: counts the transcription that ended and starts the next. */
    private Void transcribeAgain() {
        TranscribeViewModel t = wb.transcribe();
        checkTranscription();
        if (t.busyProperty().get()) {
            return null; // still at the last one under load: the next waits its turn
        }
        transcriptionsStarted++;
        t.refreshModels();
        // the demo model and a trained checkpoint in turn: each load is a model cached
        t.modelProperty()
                .set(transcriptionsStarted % 2 == 0 ? t.models().get(0) : trainedModel(t.models()));
        t.transcribeFile(clip);
        transcribing = t.busyProperty().get();
        if (!transcribing) {
            counts.error(
                    "transcription did not start: "
                            + t.statusProperty().get()
                            + " "
                            + t.errorProperty().get());
        }
        return null;
    }

    /**
     * The newest checkpoint of the newest run that has ended (the demo model while there is
     * none): the running run's checkpoints are pruned as it goes (keep_last), so one listed now
     * may be gone when it is loaded — which the Transcribe tab then says, and is no leak.
     */
    private static ModelChoice trainedModel(List<ModelChoice> models) {
        Comparator<ModelChoice> byPath = Comparator.comparing(m -> m.checkpoint().toString());
        List<ModelChoice> trained =
                models.subList(1, models.size()).stream().sorted(byPath).toList();
        if (trained.isEmpty()) {
            return models.get(0);
        }
        Path running = runOf(trained.get(trained.size() - 1));
        return trained.stream()
                .filter(m -> !runOf(m).equals(running))
                .max(byPath)
                .orElse(models.get(0));
    }

    private static Path runOf(ModelChoice checkpoint) {
        return checkpoint.checkpoint().getParent().getParent();
    }

    private Void checkTranscription() {
        TranscribeViewModel t = wb.transcribe();
        if (!transcribing || t.busyProperty().get()) {
            return null;
        }
        transcribing = false;
        if (!t.errorProperty().get().isEmpty()) {
            counts.error("transcription: " + t.errorProperty().get());
        } else if (t.latencyMsProperty().get() < 0) {
            counts.error("transcription: no transcript (" + t.statusProperty().get() + ")");
        } else {
            counts.transcription();
        }
        return null;
    }

    private static <T> T fx(Callable<T> work) throws Exception {
        return FxCalls.call(work);
    }

    /** Waits for a condition read on the FX thread (10 minutes at most: the soak's slowest). */
    static void await(String what, Callable<Boolean> condition) throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(10));
        while (!fx(condition)) {
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("no " + what + " within 10 minutes");
            }
            Thread.sleep(200);
        }
    }
}
