package io.asrwb.remote.cli;

import io.asrwb.engine.cli.CliOutput;
import io.asrwb.engine.store.Catalog;
import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.JobRepository;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code asrwb job list}: newest first. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List the jobs.")
final class JobListCommand implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        RemoteMain main = RemoteMain.of(spec);
        CliOutput out = main.output();
        List<JobRecord> jobs;
        try (Catalog catalog = main.openCatalog()) {
            jobs = new JobRepository(catalog, Clock.systemUTC()).list();
        }
        if (jobs.isEmpty()) {
            out.human(
                    "no jobs; submit one with `asrwb job submit --host NAME --config tiny"
                            + " --dataset NAME`");
        }
        for (JobRecord j : jobs) {
            out.human(
                    j.id()
                            + "\t"
                            + j.state().word()
                            + "\t"
                            + j.host()
                            + "\t"
                            + j.backendLabel()
                            + "\t"
                            + j.spec().dataset()
                            + "\trestarts "
                            + j.restarts()
                            + "/"
                            + j.spec().maxRestarts()
                            + "\t"
                            + j.createdAt());
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("id", j.id().value());
            f.put("state", j.state().word());
            f.put("host", j.host());
            f.put("hosts", j.spec().plan().hosts());
            f.put("mode", j.spec().plan().mode());
            f.put("backend", j.backend());
            f.put("backendRequested", j.spec().backend().word());
            f.put("dataset", j.spec().dataset());
            f.put("restarts", j.restarts());
            f.put("maxRestarts", j.spec().maxRestarts());
            f.put("createdAt", j.createdAt().toString());
            out.record("job", f);
        }
        return 0;
    }
}
