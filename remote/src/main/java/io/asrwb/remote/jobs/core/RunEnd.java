package io.asrwb.remote.jobs.core;

import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.events.TrainingEvent.RunFailed;
import io.asrwb.engine.events.TrainingEvent.RunFinished;
import java.util.Locale;
import java.util.Optional;

/** Which training events end a job, and in which state ({@link JobState#endedBy}). */
final class RunEnd extends TrainingEvent.Some<Optional<JobState>> {

    @Override
    protected Optional<JobState> otherwise(TrainingEvent e) {
        return Optional.empty(); // only a finished or failed run ends its job
    }

    @Override
    public Optional<JobState> finished(RunFinished e) {
        return Optional.of(new JobState.Finished(e.reason().name().toLowerCase(Locale.ROOT)));
    }

    @Override
    public Optional<JobState> failed(RunFailed e) {
        return Optional.of(new JobState.Failed(e.message()));
    }
}
