package io.asrwb.remote.cli;

import io.asrwb.engine.cli.Bounded;
import io.asrwb.engine.cli.CliOutput;
import io.asrwb.engine.store.Catalog;
import io.asrwb.remote.jobs.bundle.BundleProgress;
import io.asrwb.remote.jobs.core.BackendRequest;
import io.asrwb.remote.jobs.core.JobConfigs;
import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.JobSpec;
import io.asrwb.remote.jobs.core.LaunchPlan;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code asrwb job submit --host NAME --config CFG --dataset NAME [--backend auto|cpu|cuda]}:
 * prints the job id.
 */
@Command(
        name = "submit",
        mixinStandardHelpOptions = true,
        description =
                "Send a training job to a box and start it there, detached. Prints the job id"
                        + " (progress goes to stderr); follow it with `asrwb job attach ID`.")
final class JobSubmitCommand implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Option(
            names = "--host",
            required = true,
            split = ",",
            paramLabel = "NAME",
            description = "the box (more, comma-separated: where to go on if it cannot be reached)")
    List<String> hosts;

    @Option(
            names = "--config",
            required = true,
            paramLabel = "CFG.yaml",
            description =
                    "run config (YAML), or a preset name: tiny, small, large, wav2letter,"
                            + " streaming")
    String config;

    @Option(
            names = "--dataset",
            required = true,
            paramLabel = "NAME",
            description = "dataset of the local catalog; its curated manifest and audio are sent")
    String dataset;

    @Option(
            names = "--mode",
            defaultValue = "single",
            paramLabel = "single|spark",
            description =
                    "single: one process on one box (default); spark: one model trained on several"
                            + " boxes (Spark: driver and master on the first, a worker on each)")
    String mode;

    @Option(
            names = "--spark-master",
            defaultValue = "",
            paramLabel = "spark://HOST:PORT",
            description =
                    "--mode spark: use this running Spark cluster instead of starting one (its"
                            + " workers must have the engine's jars); the driver runs on the first"
                            + " --host")
    String sparkMaster;

    @Option(
            names = "--spark-cores",
            defaultValue = "" + LaunchPlan.Spark.DEFAULT_CORES,
            paramLabel = "N",
            converter = Bounded.PositiveInt.class,
            description =
                    "--mode spark: model replicas per box (1 per GPU; default: 1); with"
                            + " --spark-master, replicas of the whole job")
    int sparkCores;

    @Option(
            names = "--spark-worker-memory",
            defaultValue = LaunchPlan.Spark.DEFAULT_WORKER_MEMORY,
            paramLabel = "SIZE",
            description = "--mode spark: memory of each box's executor, e.g. 4g (default: 4g)")
    String sparkWorkerMemory;

    @Option(
            names = "--spark-port",
            defaultValue = "" + LaunchPlan.Spark.DEFAULT_MASTER_PORT,
            paramLabel = "PORT",
            converter = Bounded.Port.class,
            description =
                    "--mode spark: port of the master started on the first box (default: 7077)")
    int sparkPort;

    @Option(
            names = "--backend",
            defaultValue = "auto",
            paramLabel = "auto|cpu|cuda",
            description =
                    "ND4J backend, decided per host: auto (default) trains on CUDA where the host"
                        + " has NVIDIA GPUs and this build carries the CUDA jars (lib-cuda), else"
                        + " on the CPU; cuda is refused before anything is sent when either is"
                        + " missing")
    String backend;

    @Option(
            names = "--max-restarts",
            defaultValue = "3",
            paramLabel = "N",
            converter = Bounded.NonNegativeInt.class,
            description = "resume a run that died (not stopped) at most N times (default: 3)")
    int maxRestarts;

    @Override
    public Integer call() throws IOException {
        RemoteMain main = RemoteMain.of(spec);
        CliOutput out = main.output();
        LaunchPlan plan =
                switch (mode) {
                    case LaunchPlan.SingleNode.MODE -> new LaunchPlan.SingleNode(hosts);
                    case LaunchPlan.Spark.MODE ->
                            new LaunchPlan.Spark(
                                    hosts, sparkMaster, sparkCores, sparkWorkerMemory, sparkPort);
                    default ->
                            throw new IllegalArgumentException(
                                    "--mode must be single or spark, was '" + mode + "'");
                };
        JobSpec jobSpec =
                new JobSpec(
                        dataset,
                        JobConfigs.yaml(config),
                        plan,
                        maxRestarts,
                        BackendRequest.parse(backend));
        JobRecord job;
        try (Catalog catalog = main.openCatalog()) {
            job = JobCommand.jobs(main, catalog).submit(jobSpec, progress(main.err()));
        }
        out.human(job.id().value());
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("id", job.id().value());
        f.put("host", job.host());
        f.put("state", job.state().word());
        f.put("backend", job.backend());
        out.record("job-submitted", f);
        return 0;
    }

    /** Bytes sent, one stderr line per 10 % of the runtime and of the audio; the rest by name. */
    private static BundleProgress progress(PrintWriter err) {
        Map<String, Long> shown = new LinkedHashMap<>();
        return new BundleProgress() {
            @Override
            public void progress(String part, long done, long total) {
                boolean bytes = part.equals("runtime") || part.equals("audio");
                long tenth = total <= 0 ? 10 : done * 10 / total;
                if ((bytes || tenth == 10) && !Long.valueOf(tenth).equals(shown.put(part, tenth))) {
                    err.println(
                            bytes
                                    ? String.format(
                                            Locale.ROOT,
                                            "asrwb: sending %s: %d%% of %.1f MB to" + " send",
                                            part,
                                            tenth * 10,
                                            total / 1e6)
                                    : "asrwb: sent the " + part + " files");
                    err.flush();
                }
            }

            @Override
            public void warn(String message) {
                err.println("asrwb: warning: " + message);
                err.flush();
            }
        };
    }
}
