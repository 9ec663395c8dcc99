package io.asrwb.engine.cli;

import io.asrwb.engine.curve.CurveEta;
import io.asrwb.engine.curve.CurveListener;
import io.asrwb.engine.curve.CurvePoint;
import io.asrwb.engine.curve.CurveState;
import io.asrwb.engine.curve.Fractions;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.events.TrainingEvent.StepCompleted;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/** A learning curve's progress on the terminal: a line per point started and done, with the ETA. */
final class CurveProgress implements CurveListener {

    private static final int STEP_EVERY = 10;

    private final CliOutput out;

    CurveProgress(CliOutput out) {
        this.out = out;
    }

    @Override
    public void note(String line) {
        out.note(line);
    }

    @Override
    public void pointStarted(CurveState state, int index) {
        CurvePoint p = state.points().get(index);
        out.human(
                String.format(
                        Locale.ROOT,
                        "point %d/%d: %s of the training data (%s) in %s",
                        index + 1,
                        state.points().size(),
                        Fractions.format(p.fraction()),
                        size(p),
                        p.runDir()));
    }

    @Override
    public void training(TrainingEvent event) {
        if (event instanceof StepCompleted s && s.step() % STEP_EVERY == 0) {
            out.human(String.format(Locale.ROOT, "  step %6d  loss %8.4f", s.step(), s.loss()));
        }
    }

    @Override
    public void pointDone(CurveState state, int index, OptionalDouble etaSeconds) {
        CurvePoint p = state.points().get(index);
        int left = state.points().size() - state.done().size();
        String eta =
                left == 0
                        ? "all points done"
                        : etaSeconds.isPresent()
                                ? "ETA "
                                        + CurveEta.format(etaSeconds.getAsDouble())
                                        + " for "
                                        + left
                                        + " more"
                                : left + " more";
        out.human("  " + describe(p) + "; " + eta);
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("index", index);
        f.put("point", p);
        f.put("left", left);
        f.put("etaSeconds", etaSeconds.isPresent() ? etaSeconds.getAsDouble() : null);
        out.record("learning-curve-point", f);
    }

    static String describe(CurvePoint p) {
        String result =
                p.status() == CurvePoint.Status.DONE
                        ? String.format(
                                Locale.ROOT,
                                "WER %.2f %%  CER %.2f %%",
                                100 * p.wer(),
                                100 * p.cer())
                        : p.status().name().toLowerCase(Locale.ROOT);
        return String.format(
                Locale.ROOT,
                "%5s  %s  %s  (%s)",
                Fractions.format(p.fraction()),
                size(p),
                result,
                CurveEta.format(p.seconds()));
    }

    private static String size(CurvePoint p) {
        return String.format(
                Locale.ROOT,
                "%.3g h, %d utterances%s",
                p.hours(),
                p.utterances(),
                p.speakers() > 0 ? ", " + p.speakers() + " speakers" : "");
    }
}
