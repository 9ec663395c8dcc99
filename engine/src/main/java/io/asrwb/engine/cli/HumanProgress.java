package io.asrwb.engine.cli;

import io.asrwb.engine.train.ComputeBackend;
import io.asrwb.engine.train.TrainingEvent;
import io.asrwb.engine.train.TrainingEvent.BatchSkipped;
import io.asrwb.engine.train.TrainingEvent.CheckpointSaved;
import io.asrwb.engine.train.TrainingEvent.EvalCompleted;
import io.asrwb.engine.train.TrainingEvent.RunFinished;
import io.asrwb.engine.train.TrainingEvent.RunStarted;
import io.asrwb.engine.train.TrainingEvent.StepCompleted;
import io.asrwb.engine.train.TrainingListener;
import java.util.Locale;

/** Training progress for people: every 10th step, every evaluation and checkpoint, the end. */
final class HumanProgress implements TrainingListener {

  private static final int STEP_EVERY = 10;

  private final CliOutput out;

  HumanProgress(CliOutput out) {
    this.out = out;
  }

  @Override
  public void on(TrainingEvent event) {
    if (event instanceof RunStarted e) {
      out.human(String.format(Locale.ROOT, "%s %s at step %d: %,d parameters on %s %s",
          e.resumed() ? "resuming" : "training", e.runDir(), e.step(), e.parameters(),
          ComputeBackend.nameOf(e.backend()), e.devices()));
    } else if (event instanceof StepCompleted e && e.step() % STEP_EVERY == 0) {
      out.human(String.format(Locale.ROOT,
          "step %6d  epoch %3d  loss %8.4f  lr %.2e  %6.1f utt/s  %6.1f audio-s/s",
          e.step(), e.epoch(), e.loss(), e.lr(), e.utterancesPerSecond(), e.audioSecondsPerSecond()));
    } else if (event instanceof EvalCompleted e) {
      out.human(String.format(Locale.ROOT, "eval at step %d: loss %.4f  WER %.2f %%  CER %.2f %%",
          e.step(), e.loss(), 100 * e.wer(), 100 * e.cer()));
    } else if (event instanceof CheckpointSaved e) {
      out.human("checkpoint " + e.path() + (e.best() ? " (best so far)" : ""));
    } else if (event instanceof BatchSkipped e) {
      out.human("step " + e.step() + ": " + e.reason() + " " + e.utteranceIds());
    } else if (event instanceof RunFinished e) {
      out.human("finished at step " + e.step() + ": " + e.reason().name().toLowerCase(Locale.ROOT));
    }
    // RunFailed: TrainingSession prints it once, on stderr, as every failure is
  }
}
