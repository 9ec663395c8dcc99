package io.asrwb.remote.cli;

import io.asrwb.engine.store.Catalog;
import io.asrwb.remote.jobs.RemoteJobs;
import io.asrwb.remote.jobs.bundle.RuntimeJars;
import io.asrwb.remote.jobs.follow.FollowOptions;
import java.time.Clock;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code asrwb job …}: training jobs on remote boxes. */
@Command(
        name = "job",
        mixinStandardHelpOptions = true,
        description = "Training jobs on remote boxes: submit, attach, stop, fetch, list.",
        subcommands = {
            JobSubmitCommand.class,
            JobAttachCommand.class,
            JobStopCommand.class,
            JobFetchCommand.class,
            JobListCommand.class
        })
final class JobCommand implements Runnable {

    @Spec CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(), "Missing command: job submit|attach|stop|fetch|list");
    }

    /** The jobs of the open catalog, reached through its hosts. */
    static RemoteJobs jobs(RemoteMain main, Catalog catalog) {
        return jobs(main, catalog, FollowOptions.DEFAULTS);
    }

    /** The same, followed with {@code follow}'s timings. */
    static RemoteJobs jobs(RemoteMain main, Catalog catalog, FollowOptions follow) {
        return new RemoteJobs(
                catalog,
                Connections.sessions(catalog, Connections.connector(main, null)),
                RuntimeJars::ofRunningEngine,
                main.catalogPath().resolveSibling("remote-staging"),
                follow,
                Clock.systemUTC());
    }
}
