package io.asrwb.remote.jobs;

import io.asrwb.engine.train.TrainingEvent;
import io.asrwb.engine.train.TrainingEvent.BatchSkipped;
import io.asrwb.engine.train.TrainingEvent.CheckpointSaved;
import io.asrwb.engine.train.TrainingEvent.EvalCompleted;
import io.asrwb.engine.train.TrainingEvent.RunFailed;
import io.asrwb.engine.train.TrainingEvent.RunFinished;
import io.asrwb.engine.train.TrainingEvent.RunStarted;
import io.asrwb.engine.train.TrainingEvent.StepCompleted;
import java.util.Locale;
import java.util.Optional;

/** Which training events end a job, and in which state ({@link JobState#endedBy}). */
final class RunEnd implements TrainingEvent.Visitor<Optional<JobState>> {

  @Override
  public Optional<JobState> finished(RunFinished e) {
    return Optional.of(new JobState.Finished(e.reason().name().toLowerCase(Locale.ROOT)));
  }

  @Override
  public Optional<JobState> failed(RunFailed e) {
    return Optional.of(new JobState.Failed(e.message()));
  }

  @Override
  public Optional<JobState> started(RunStarted e) {
    return Optional.empty();
  }

  @Override
  public Optional<JobState> step(StepCompleted e) {
    return Optional.empty();
  }

  @Override
  public Optional<JobState> eval(EvalCompleted e) {
    return Optional.empty();
  }

  @Override
  public Optional<JobState> checkpoint(CheckpointSaved e) {
    return Optional.empty();
  }

  @Override
  public Optional<JobState> skipped(BatchSkipped e) {
    return Optional.empty();
  }
}
