package io.asrwb.remote.cli;

import io.asrwb.engine.cli.CliOutput;
import io.asrwb.engine.store.Catalog;
import io.asrwb.remote.jobs.core.JobId;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code asrwb job stop ID}. */
@Command(
        name = "stop",
        mixinStandardHelpOptions = true,
        description =
                "Stop a job: TERM (it finishes its step and writes its last event), KILL after"
                        + " 30 s. Its checkpoints stay; it is not restarted automatically.")
final class JobStopCommand implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Parameters(paramLabel = "ID", description = "the job")
    String id;

    @Override
    public Integer call() {
        RemoteMain main = RemoteMain.of(spec);
        CliOutput out = main.output();
        try (Catalog catalog = main.openCatalog()) {
            JobCommand.jobs(main, catalog).stop(new JobId(id));
        }
        out.human("stopped job " + id);
        out.record("job-stopped", Map.of("id", id));
        return 0;
    }
}
