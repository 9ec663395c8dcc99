package io.asrwb.engine.cli;

import io.asrwb.engine.events.JsonLinesWriter;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.events.TrainingEvent.RunFailed;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.train.PreparedRun;
import io.asrwb.engine.train.Trainer;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.OptionalInt;

/**
 * What {@code train} and {@code resume} add to a {@link PreparedRun}: the notes and progress on
 * the terminal (human or porcelain JSON lines) and Ctrl-C as a clean stop.
 */
final class TrainingSession {

    private static final Duration STOP_WAIT = Duration.ofMinutes(2);

    private TrainingSession() {}

    /** Runs the prepared run to its end; returns the CLI exit code. */
    static int run(PreparedRun run, Catalog catalog, CliOutput out) throws IOException {
        run.notes().forEach(out::note);
        Trainer trainer = run.trainer();
        JsonLinesWriter porcelain = out.porcelain() ? JsonLinesWriter.to(out.writer()) : null;
        trainer.addListener(porcelain != null ? porcelain : new HumanProgress(out));
        TrainingEvent end;
        OptionalInt signalled;
        try (StopOnSignal signals =
                StopOnSignal.install("asrwb-stop-training", trainer::stop, STOP_WAIT)) {
            end = run.runRecorded(catalog, Clock.systemUTC());
            signalled = signals.exitStatus();
        }
        if (end instanceof RunFailed failed) {
            out.note(failed.message()); // one line on stderr; porcelain has the failed event too
            return ExitCodes.FAILED;
        }
        return signalled.orElse(ExitCodes.OK); // stopped by TERM: 143, as a shell tells it
    }
}
