package io.asrwb.engine.cli;

import io.asrwb.engine.events.JsonLinesWriter;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.events.TrainingEvent.RunFailed;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.train.PreparedRun;
import io.asrwb.engine.train.Trainer;
import java.io.IOException;
import java.time.Clock;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What {@code train} and {@code resume} add to a {@link PreparedRun}: the notes and progress on
 * the terminal (human or porcelain JSON lines) and Ctrl-C as a clean stop.
 */
final class TrainingSession {

    private static final long STOP_WAIT_SECONDS = 120;

    private TrainingSession() {}

    /** Runs the prepared run to its end; returns the CLI exit code. */
    static int run(PreparedRun run, Catalog catalog, CliOutput out) throws IOException {
        run.notes().forEach(out::note);
        Trainer trainer = run.trainer();
        JsonLinesWriter porcelain = out.porcelain() ? JsonLinesWriter.to(out.writer()) : null;
        trainer.addListener(porcelain != null ? porcelain : new HumanProgress(out));
        CountDownLatch ended = new CountDownLatch(1);
        Thread stopOnSignal =
                new Thread(
                        () -> {
                            trainer.stop();
                            try {
                                ended.await(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        },
                        "asrwb-stop-training");
        Runtime.getRuntime().addShutdownHook(stopOnSignal);
        TrainingEvent end;
        try {
            end = run.runRecorded(catalog, Clock.systemUTC());
        } finally {
            ended.countDown();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(stopOnSignal);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running: it waited for us
        }
        if (end instanceof RunFailed failed) {
            out.note(failed.message()); // one line on stderr; porcelain has the failed event too
            return ExitCodes.FAILED;
        }
        return ExitCodes.OK;
    }
}
