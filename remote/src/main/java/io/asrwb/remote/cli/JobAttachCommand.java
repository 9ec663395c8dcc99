package io.asrwb.remote.cli;

import io.asrwb.engine.cli.Bounded;
import io.asrwb.engine.cli.CliOutput;
import io.asrwb.engine.cli.ExitCodes;
import io.asrwb.engine.cli.StopOnSignal;
import io.asrwb.engine.events.EventLine;
import io.asrwb.engine.store.Catalog;
import io.asrwb.remote.jobs.core.JobId;
import io.asrwb.remote.jobs.core.JobState;
import io.asrwb.remote.jobs.follow.Detach;
import io.asrwb.remote.jobs.follow.EventSink;
import io.asrwb.remote.jobs.follow.FollowOptions;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code asrwb job attach ID}: the job's events until it ends, from where the last attach left
 * off. With {@code --porcelain} the lines are the engine's events.jsonl lines, verbatim.
 */
@Command(
        name = "attach",
        mixinStandardHelpOptions = true,
        description =
                "Stream the job's events until it ends, going on from where the last attach"
                    + " stopped; reconnects after network drops and restarts a run that died (up to"
                    + " its --max-restarts) or hangs (--hang-timeout). Ctrl-C detaches; the job"
                    + " goes on.")
final class JobAttachCommand implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Parameters(paramLabel = "ID", description = "the job (`asrwb job list`)")
    String id;

    @Option(
            names = "--hang-timeout",
            defaultValue = "30",
            paramLabel = "MINUTES",
            converter = Bounded.NonNegativeLong.class,
            description =
                    "a run alive but silent (no event line) this long counts as hung: it is killed"
                            + " and resumed from its newest checkpoint (default: 30; 0: never)")
    long hangTimeoutMinutes;

    /** Where Ctrl-C cannot be caught, how long the JVM's exit waits for the detach. */
    private static final Duration DETACH_WAIT = Duration.ofSeconds(10);

    @Override
    public Integer call() throws InterruptedException {
        RemoteMain main = RemoteMain.of(spec);
        CliOutput out = main.output();
        JobState end;
        Detach detach = new Detach();
        // Ctrl-C or TERM: stop before the next line, so the next attach neither repeats nor skips
        // one
        try (StopOnSignal signals =
                        StopOnSignal.install("asrwb-detach", detach::request, DETACH_WAIT);
                Catalog catalog = main.openCatalog()) {
            FollowOptions follow =
                    FollowOptions.DEFAULTS.withHangTimeout(Duration.ofMinutes(hangTimeoutMinutes));
            end = JobCommand.jobs(main, catalog, follow).attach(new JobId(id), sink(out), detach);
        }
        if (detach.requested()) { // lines may be left even of an ended job: said so either way
            out.note(
                    "detached from job "
                            + id
                            + " ("
                            + end.word()
                            + "); it goes on: `asrwb job attach "
                            + id
                            + "` follows it again from the next line");
            return ExitCodes.CANCELLED;
        }
        out.note("job " + id + " " + end.word() + describe(end));
        return end instanceof JobState.Finished || end instanceof JobState.Stopped ? 0 : 1;
    }

    /** The lines as they come: verbatim with --porcelain, else as people read them. */
    private static EventSink sink(CliOutput out) {
        return new EventSink() {
            @Override
            public void event(String line, EventLine event) {
                if (out.porcelain()) {
                    out.writer().println(line);
                    out.writer().flush();
                } else {
                    AttachLines.human(event).ifPresent(out::human);
                }
            }

            @Override
            public void note(String message) {
                out.note(message);
            }
        };
    }

    private static String describe(JobState end) {
        if (end instanceof JobState.Finished f) {
            return " (" + f.reason() + ")";
        } else if (end instanceof JobState.Failed f) {
            return ": " + f.message();
        } else if (end instanceof JobState.Lost l) {
            return ": " + l.message();
        }
        return "";
    }
}
