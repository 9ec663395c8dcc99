package io.asrwb.engine.curve;

import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.events.TrainingEvent.EvalCompleted;
import io.asrwb.engine.events.TrainingEvent.FinishReason;
import io.asrwb.engine.events.TrainingEvent.RunFailed;
import io.asrwb.engine.events.TrainingEvent.RunFinished;
import io.asrwb.engine.events.TrainingEvent.StepCompleted;
import io.asrwb.engine.inference.ModelDecoding;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogCorpus;
import io.asrwb.engine.train.PreparedRun;
import io.asrwb.engine.train.RunLauncher;
import io.asrwb.engine.train.SplitScore;
import io.asrwb.engine.train.Trainer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/**
 * Runs a learning curve: each point is trained exactly as {@code asrwb train} trains (through
 * {@link RunLauncher}, in its own run folder, on the subset its {@code train-subset.txt} lists),
 * then scored on the same evaluation split. The state file is rewritten after every step of a
 * point, so a rerun skips finished points and resumes an interrupted training from its newest
 * checkpoint. {@link #stop()} ends the current training at its next step, as Ctrl-C ends a run.
 */
public final class LearningCurve {

    private final Catalog catalog;
    private final CurveRequest request;
    private final Path dir;
    private final CurveListener listener;
    private volatile boolean stopped;
    private volatile Trainer current;

    public LearningCurve(Catalog catalog, CurveRequest request, Path dir, CurveListener listener) {
        this.catalog = catalog;
        this.request = request;
        this.dir = dir;
        this.listener = listener;
    }

    /** Asks the curve to stop after the current step; a rerun continues from there. */
    public void stop() {
        stopped = true;
        Trainer trainer = current;
        if (trainer != null) {
            trainer.stop();
        }
    }

    /**
     * Trains and scores every point not done yet; the plot is the caller's (it has every point).
     *
     * @return the state at the end: every point done, or fewer when stopped or a training failed
     * @throws CurveRefusedException when the request cannot be run (see {@link CurvePlan})
     */
    public CurveState run() throws IOException {
        CurveState state = CurvePlan.prepare(catalog, request, dir);
        List<CurvePoint> points = state.points();
        for (int i = 0; i < points.size() && !stopped; i++) {
            if (state.points().get(i).status() == CurvePoint.Status.DONE) {
                continue;
            }
            listener.pointStarted(state, i);
            long start = System.nanoTime();
            if (state.points().get(i).status() == CurvePoint.Status.PENDING) {
                Trained trained = train(dir.resolve(state.points().get(i).runDir()));
                CurvePoint p = state.points().get(i);
                state =
                        state.with(
                                i,
                                p.with(
                                        trained.finished()
                                                ? CurvePoint.Status.TRAINED
                                                : CurvePoint.Status.PENDING,
                                        null,
                                        null,
                                        secondsSince(start),
                                        trained.audioSeconds()));
                state.write(dir);
                if (!trained.finished()) {
                    return state; // stopped, or the run failed: its events.jsonl says why
                }
                start = System.nanoTime();
            }
            EvalCompleted score = evaluate(state, state.points().get(i));
            CurvePoint p = state.points().get(i);
            state =
                    state.with(
                            i,
                            p.with(
                                    CurvePoint.Status.DONE,
                                    score.wer(),
                                    score.cer(),
                                    secondsSince(start),
                                    0));
            state.write(dir);
            listener.pointDone(state, i, CurveEta.secondsLeft(state, request.recipe()));
        }
        return state;
    }

    /** Whether the point's training reached its end, and the audio it went through this time. */
    private record Trained(boolean finished, double audioSeconds) {}

    private Trained train(Path runDir) throws IOException {
        boolean started = Files.isRegularFile(runDir.resolve(RunLauncher.CONFIG_FILE));
        if (started) {
            listener.note("resuming the interrupted training in " + runDir);
        }
        try (PreparedRun run =
                started
                        ? RunLauncher.prepareResume(catalog, runDir, null)
                        : RunLauncher.prepareNew(catalog, request.recipe(), runDir)) {
            run.notes().forEach(listener::note);
            double[] audio = {0};
            run.trainer()
                    .addListener(
                            e -> {
                                if (e instanceof StepCompleted s) {
                                    audio[0] += s.audioSecondsPerSecond() * s.seconds();
                                }
                                listener.training(e);
                            });
            current = run.trainer();
            if (stopped) {
                return new Trained(false, 0);
            }
            TrainingEvent end = run.runRecorded(catalog, Clock.systemUTC());
            current = null;
            if (end instanceof RunFailed failed) {
                listener.note("training in " + runDir + " failed: " + failed.message());
            }
            boolean finished =
                    end instanceof RunFinished f && f.reason() != FinishReason.STOPPED_BY_USER;
            return new Trained(finished, audio[0]);
        }
    }

    private EvalCompleted evaluate(CurveState state, CurvePoint point) throws IOException {
        TrainedModel model = TrainedModel.load(dir.resolve(point.runDir()));
        Transcriber transcriber = ModelDecoding.of(model).transcriber(model);
        SplitChoice split =
                SplitChoice.parse(state.evalSplit())
                        .orElseThrow(() -> new IOException("unknown split " + state.evalSplit()));
        List<Utterance> utterances =
                CatalogCorpus.split(
                        catalog,
                        state.dataset(),
                        split,
                        model.alphabet().alphabet(),
                        transcriber.normaliser());
        return SplitScore.score(transcriber, utterances);
    }

    private static double secondsSince(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
