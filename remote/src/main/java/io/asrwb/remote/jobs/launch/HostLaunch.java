package io.asrwb.remote.jobs.launch;

import io.asrwb.engine.config.ConfigException;
import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.store.Catalog;
import io.asrwb.remote.hosts.GpuProbe;
import io.asrwb.remote.jobs.bundle.BackendChoice;
import io.asrwb.remote.jobs.bundle.BundleProgress;
import io.asrwb.remote.jobs.bundle.DatasetExport;
import io.asrwb.remote.jobs.bundle.JobBundle;
import io.asrwb.remote.jobs.bundle.RuntimeJars;
import io.asrwb.remote.jobs.core.JobId;
import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.JobRepository;
import io.asrwb.remote.jobs.core.JobSpec;
import io.asrwb.remote.jobs.core.JobState;
import io.asrwb.remote.jobs.core.LaunchPlan;
import io.asrwb.remote.jobs.core.LocalFiles;
import io.asrwb.remote.jobs.core.SessionFactory;
import io.asrwb.remote.ssh.ExecResult;
import io.asrwb.remote.ssh.SshException;
import io.asrwb.remote.ssh.SshSession;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * Puts a job on a host: checks the host, decides its backend, sends the bundle ({@link
 * JobBundle}) and starts the run with the plan's {@link PlanLauncher}. Used to submit a job and to
 * move one to the next host of its plan.
 */
public final class HostLaunch {

    private final Catalog catalog;
    private final JobRepository jobs;
    private final SessionFactory sessions;
    private final Launchers launchers;
    private final Path stagingRoot;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    /**
     * @param stagingRoot a local scratch folder for the manifests and small files being sent
     */
    public HostLaunch(
            Catalog catalog,
            JobRepository jobs,
            SessionFactory sessions,
            Launchers launchers,
            Path stagingRoot,
            Clock clock) {
        this.catalog = catalog;
        this.jobs = jobs;
        this.sessions = sessions;
        this.launchers = launchers;
        this.stagingRoot = stagingRoot;
        this.clock = clock;
    }

    /** What is done on a host once the bundle is there; true to start the run as a resume. */
    @FunctionalInterface
    public interface BeforeStart {
        boolean prepare(SshSession ssh, HostRun run) throws IOException;
    }

    /**
     * Records the job, sends its bundle to the plan's first host and starts it there. What cannot
     * run there (a backend the host or this build lacks) is refused before anything is recorded or
     * sent; a submission that fails later leaves the job {@link JobState.Lost} with the reason.
     */
    public JobRecord submit(JobSpec spec, BundleProgress progress) throws IOException {
        requireValidConfig(spec.configYaml());
        try (SshSession ssh = sessions.open(spec.plan().hosts().get(0))) {
            HostRun run = prepareHost(ssh, spec, spec.plan().hosts().get(0));
            JobRecord job = jobs.add(JobId.generate(clock.instant(), random), spec);
            try {
                return launch(ssh, job, run, progress, (host, hostRun) -> false);
            } catch (IOException | RuntimeException e) {
                jobs.setState(job.id(), new JobState.Lost("submission failed: " + e.getMessage()));
                throw e;
            }
        }
    }

    /**
     * Sends the job's bundle to its host and starts the run there: a new one, or a resume when
     * {@code beforeStart} says so (it put a checkpoint there).
     */
    public JobRecord launchOn(JobRecord job, BundleProgress progress, BeforeStart beforeStart)
            throws IOException {
        try (SshSession ssh = sessions.open(job.host())) {
            return launch(
                    ssh, job, prepareHost(ssh, job.spec(), job.host()), progress, beforeStart);
        }
    }

    /**
     * Checks the host and decides its backend from its GPUs, probed now over this session (the
     * inventory keeps no test results, and a driver may have come or gone since the last test).
     */
    private HostRun prepareHost(SshSession ssh, JobSpec spec, String host) {
        requireJava(ssh);
        boolean spark = spec.plan() instanceof LaunchPlan.Spark;
        RuntimeJars jars = spark ? launchers.sparkJars() : launchers.engineJars();
        List<String> notes = new ArrayList<>();
        BackendChoice backend =
                BackendChoice.choose(
                        spec.backend(),
                        host,
                        spark ? List.of() : GpuProbe.gpus(ssh, notes),
                        jars.hasCuda(),
                        spark);
        notes.addAll(backend.warnings());
        return new HostRun(
                backend, backend.jars(jars), backend.configFor(spec.configYaml(), host), notes);
    }

    private JobRecord launch(
            SshSession ssh,
            JobRecord job,
            HostRun run,
            BundleProgress progress,
            BeforeStart beforeStart)
            throws IOException {
        Path staging = stagingRoot.resolve(job.id().value());
        try {
            run.warnings().forEach(progress::warn);
            DatasetExport dataset =
                    DatasetExport.write(catalog, job.spec().dataset(), staging.resolve("data"));
            PlanLauncher launcher = launchers.of(job.spec().plan());
            new JobBundle(run.jars(), run.configYaml()).send(ssh, job, dataset, staging, progress);
            jobs.setBackend(job.id(), run.backend().word());
            launcher.prepare(ssh, job, progress);
            long pid = launcher.start(ssh, job, beforeStart.prepare(ssh, run));
            return jobs.setState(job.id(), new JobState.Running(pid));
        } finally {
            try {
                LocalFiles.deleteTree(staging);
            } catch (IOException e) {
                // scratch files of a submission; the next submission gets a folder of its own
            }
        }
    }

    /** A config the engine would refuse is refused here, before anything is sent or started. */
    private static void requireValidConfig(String yaml) {
        try {
            RunConfigYaml.standard().readValidated(yaml, "the job's config", Path.of(""));
        } catch (ConfigException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    private static void requireJava(SshSession ssh) {
        ExecResult java = ssh.exec(List.of("sh", "-c", "command -v java"));
        if (!java.succeeded()) {
            throw new SshException(
                    "there is no `java` on the PATH of "
                            + ssh.label()
                            + " for non-interactive logins; install Java 17 there (e.g. `apt-get"
                            + " install openjdk-17-jre-headless`); `asrwb host test` shows what it"
                            + " finds");
        }
    }
}
