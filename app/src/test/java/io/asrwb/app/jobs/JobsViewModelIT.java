package io.asrwb.app.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.remote.RemoteServices;
import io.asrwb.app.remote.SshPrompts;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.app.training.Metric;
import io.asrwb.engine.checkpoint.CheckpointStore;
import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.JobState;
import io.asrwb.remote.jobs.core.LaunchPlan;
import io.asrwb.remote.jobs.core.RemoteLayout;
import io.asrwb.remote.ssh.HostKeyDecision;
import io.asrwb.remote.ssh.PassphrasePrompt;
import io.asrwb.remote.testing.JobTestBed;
import io.asrwb.remote.testing.TestRuntime;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Remote jobs tab's view model as a plain object on real parts: a loopback SSH server running
 * the real engine, a real H2 catalog with demo utterances, a tiny real training job. The current-
 * thread task runner makes submit follow the job to its end before it returns.
 */
@Timeout(300)
class JobsViewModelIT {

    @TempDir Path dir;

    @Test
    void aSubmittedJobIsFollowedIntoTheChartsAndLanesFetchedAndReplayedAfterARestart()
            throws Exception {
        try (JobTestBed bed = new JobTestBed(dir, "demo", 6)) {
            Path config = Files.writeString(dir.resolve("job.yaml"), JobTestBed.config(12, 4));
            JobsViewModel vm = viewModel(bed);
            List<Path> fetched = new ArrayList<>();
            vm.onFetched(fetched::add);
            vm.refresh();
            assertThat(vm.hostNames()).containsExactly(JobTestBed.HOST);
            assertThat(vm.datasetNames()).containsExactly("demo");

            assertThat(vm.submit(onTheBox(config))).as(vm.statusProperty()::get).isTrue();
            vm.drain();

            JobRow job = vm.selectedProperty().get();
            assertThat(job).as(vm.statusProperty()::get).isNotNull();
            assertThat(job.job().state())
                    .as(vm.statusProperty()::get)
                    .isInstanceOf(JobState.Finished.class);
            assertThat(job.step()).isEqualTo(12);
            assertThat(job.backend()).isEqualTo("cpu"); // auto, on a box with no nvidia-smi
            assertThat(vm.shownSeries())
                    .singleElement()
                    .satisfies(
                            s -> {
                                assertThat(s.points(Metric.TRAIN_LOSS)).hasSize(12);
                                assertThat(s.points(Metric.LEARNING_RATE)).hasSize(12);
                                assertThat(s.points(Metric.THROUGHPUT)).isNotEmpty();
                            });
            assertThat(vm.lanes())
                    .singleElement()
                    .satisfies(
                            l -> {
                                assertThat(l.node()).isEqualTo(JobTestBed.HOST);
                                assertThat(l.step()).isEqualTo(12);
                                assertThat(l.stepSeconds()).isPositive();
                                assertThat(l.lastHeartbeat()).isNotNull();
                                assertThat(l.health()).isEqualTo(LaneHealth.IDLE);
                            });
            assertThat(vm.canStopProperty().get()).isFalse();
            assertThat(vm.canResumeProperty().get()).as("a finished job is not resumed").isFalse();

            vm.fetchSelected();

            assertThat(fetched).as(vm.statusProperty()::get).hasSize(1);
            assertThat(CheckpointStore.openReadOnly(fetched.get(0)).latest())
                    .hasValueSatisfying(c -> assertThat(c.step()).isEqualTo(12));
            assertThat(vm.statusProperty().get()).contains("step 12");

            // the app restarts: the job's charts come back from the local mirror, not the host
            JobsViewModel reopened = JobsViewModel.opened(ctx(bed), services(bed));
            reopened.selectedProperty().set(reopened.jobs().get(0));
            assertThat(reopened.shownSeries().get(0).points(Metric.TRAIN_LOSS)).hasSize(12);
            assertThat(reopened.jobs().get(0).stepText()).isEqualTo("12");
        }
    }

    @Test
    void aWrongRequestIsRefusedWithItsReason() {
        try (JobTestBed bed = new JobTestBed(dir, "demo", 2)) {
            JobsViewModel vm = viewModel(bed);
            assertThat(vm.submit(new SubmitRequest(List.of(), "tiny", "demo", "single", 0)))
                    .isFalse();
            assertThat(vm.statusProperty().get()).contains("choose at least one host");
            assertThat(
                            vm.submit(
                                    new SubmitRequest(
                                            List.of("box"), "no-such.yaml", "demo", "single", 0)))
                    .isFalse();
            assertThat(vm.statusProperty().get()).contains("no such config file: no-such.yaml");
            assertThat(
                            vm.submit(
                                    new SubmitRequest(
                                            List.of("box"),
                                            "tiny",
                                            "demo",
                                            "spark",
                                            0,
                                            "auto",
                                            new SparkSettings("", 1, "lots", 7077))))
                    .isFalse();
            assertThat(vm.statusProperty().get()).contains("worker memory must look like 4g");
            vm.refresh();
            assertThat(vm.jobs()).isEmpty();
        }
    }

    @Test
    void aSparkRequestGoesToTheRemoteSparkLaunch() {
        try (JobTestBed bed = new JobTestBed(dir, "demo", 2)) {
            RemoteServices services =
                    new RemoteServices(
                            bed.catalog,
                            new SshPrompts(
                                    k -> HostKeyDecision.TRUST_AND_SAVE, PassphrasePrompt.none()),
                            JobTestBed.FAST,
                            JobTestBed.FOLLOW,
                            TestRuntime::jars,
                            () -> {
                                throw new IllegalStateException("asked for Spark's runtime");
                            },
                            dir.resolve("app-remote-jobs"),
                            Clock.systemUTC());
            JobsViewModel vm = new JobsViewModel(ctx(bed), services);
            vm.refresh();

            // accepted (no longer refused as "not available in this build"): it reaches RemoteJobs'
            // Spark launch, which asks for Spark's jars before it sends anything (RemoteSparkJobIT
            // runs a whole Spark job through the same RemoteJobs.submit)
            assertThat(
                            vm.submit(
                                    new SubmitRequest(
                                            List.of(JobTestBed.HOST),
                                            "tiny",
                                            "demo",
                                            LaunchPlan.Spark.MODE,
                                            0)))
                    .isTrue();

            assertThat(vm.statusProperty().get()).contains("asked for Spark's runtime");
            vm.refresh();
            assertThat(vm.jobs()).as("refused before anything is recorded or sent").isEmpty();
        }
    }

    /**
     * The app closes while a job is followed: the follower stops before its next line, so the local
     * mirror holds exactly the lines up to the saved offset (none is delivered twice at the next
     * start), and the job goes on.
     */
    @Test
    void closingDetachesTheFollowerBetweenTwoLines() throws Exception {
        try (JobTestBed bed = new JobTestBed(dir, "demo", 6)) {
            Path config = Files.writeString(dir.resolve("job.yaml"), JobTestBed.config(2000, 500));
            JobsViewModel vm = viewModel(bed);
            vm.refresh();
            Path mirrors = dir.resolve("app-remote-jobs");
            AtomicReference<Throwable> closing = new AtomicReference<>();
            Thread app =
                    new Thread(
                            () -> {
                                try {
                                    awaitMirroredLines(mirrors, 4);
                                    vm.detachFollowers(Duration.ofSeconds(60));
                                } catch (Throwable t) {
                                    closing.set(t);
                                }
                            },
                            "closing app");
            app.start();

            // the current-thread runner follows here until the detach
            assertThat(vm.submit(onTheBox(config))).as(vm.statusProperty()::get).isTrue();
            app.join();

            assertThat(closing.get()).isNull();
            JobRecord job = bed.jobs.list().get(0);
            assertThat(job.state()).as("the job goes on").isInstanceOf(JobState.Running.class);
            byte[] remote =
                    Files.readAllBytes(bed.server.home().resolve(RemoteLayout.events(job.id())));
            String delivered =
                    new String(remote, 0, (int) job.eventsOffset(), StandardCharsets.UTF_8);
            assertThat(job.eventsOffset()).isPositive();
            assertThat(Files.readString(mirrorOf(mirrors))).isEqualTo(delivered);
        }
    }

    private static void awaitMirroredLines(Path mirrors, int lines) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (System.nanoTime() - deadline < 0) {
            Path mirror = Files.isDirectory(mirrors) ? mirrorOf(mirrors) : null;
            if (mirror != null
                    && Files.isRegularFile(mirror)
                    && Files.readAllLines(mirror).size() >= lines) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("fewer than " + lines + " lines mirrored in 3 minutes");
    }

    /** The one job's mirror under {@code mirrors}, or null before it exists. */
    private static Path mirrorOf(Path mirrors) throws Exception {
        try (Stream<Path> files = Files.walk(mirrors)) {
            return files.filter(f -> f.getFileName().toString().equals(EventMirror.FILE))
                    .findFirst()
                    .orElse(null);
        }
    }

    /** The demo dataset trained with {@code config} on the test bed's one host. */
    private static SubmitRequest onTheBox(Path config) {
        return new SubmitRequest(
                List.of(JobTestBed.HOST), config.toString(), "demo", LaunchPlan.SingleNode.MODE, 0);
    }

    private JobsViewModel viewModel(JobTestBed bed) {
        return new JobsViewModel(ctx(bed), services(bed));
    }

    private static AppContext ctx(JobTestBed bed) {
        return new AppContext(
                bed.catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "tester");
    }

    private RemoteServices services(JobTestBed bed) {
        return new RemoteServices(
                bed.catalog,
                new SshPrompts(k -> HostKeyDecision.TRUST_AND_SAVE, PassphrasePrompt.none()),
                JobTestBed.FAST,
                JobTestBed.FOLLOW,
                TestRuntime::jars,
                dir.resolve("app-remote-jobs"),
                Clock.systemUTC());
    }
}
