package io.asrwb.remote.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.cli.Main;
import io.asrwb.engine.events.EventLine;
import io.asrwb.remote.jobs.bundle.BundleProgress;
import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.JobSpec;
import io.asrwb.remote.jobs.core.JobState;
import io.asrwb.remote.jobs.core.LaunchPlan;
import io.asrwb.remote.jobs.launch.SparkJobLauncher;
import io.asrwb.remote.spark.SparkBoxLayout;
import io.asrwb.remote.ssh.TransferListener;
import io.asrwb.remote.testing.EventRecorder;
import io.asrwb.remote.testing.JobTestBed;
import io.asrwb.remote.testing.TestRuntime;
import io.asrwb.remote.testing.TestSshServer;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A multi-node job on two "hosts" (two SSH servers on loopback): submitted in Spark mode it gets
 * a master and a worker on the first host, a worker on the second, and its driver on the first;
 * the driver is killed at its first checkpoint and frozen (a silent hang) at its second, and each
 * time resumed on a restarted cluster; the run completes, every event line is streamed once, the
 * cluster is gone afterwards and the fetched checkpoint transcribes locally.
 */
@Timeout(600)
class RemoteSparkJobIT {

    @TempDir Path dir;

    @Test
    void aSparkJobOnTwoHostsSurvivesItsDriversDeathAndHangAndItsCheckpointTranscribes()
            throws Exception {
        try (JobTestBed bed = new JobTestBed(dir, "demo", 8)) {
            TestSshServer second = bed.addHost("box-b");
            bed.seedJars(TestRuntime.spark().jars());
            RemoteJobs jobs =
                    new RemoteJobs(
                            bed.catalog,
                            bed.sessions(),
                            TestRuntime::jars,
                            TestRuntime::spark,
                            dir.resolve("staging-spark"),
                            JobTestBed.FOLLOW.withHangTimeout(Duration.ofSeconds(90)),
                            Clock.systemUTC());
            // two replicas, averaging every batch: a round is 2 steps
            String config =
                    JobTestBed.config(10, 4)
                            .replaceFirst("averaging_frequency: \\d+", "averaging_frequency: 1");
            JobRecord job =
                    jobs.submit(
                            new JobSpec(
                                    "demo",
                                    config,
                                    new LaunchPlan.Spark(
                                            List.of(JobTestBed.HOST, "box-b"),
                                            "",
                                            1,
                                            "768m",
                                            freePort()),
                                    3),
                            BundleProgress.ignore());
            List<ProcessHandle> frozen = new ArrayList<>();
            EventRecorder sink =
                    new EventRecorder() {
                        int checkpoints;

                        @Override
                        public void event(String line, EventLine event) {
                            super.event(line, event);
                            if (line.contains("\"type\":\"checkpoint\"")) {
                                checkpoints++;
                                if (checkpoints == 1) {
                                    RemoteJobFaultsIT.signalJava(bed, job.id(), true);
                                } else if (checkpoints == 2) {
                                    frozen.add(RemoteJobFaultsIT.freezeJava(bed, job.id()));
                                }
                            }
                        }
                    };

            JobState end = jobs.attach(job.id(), sink);

            assertThat(end)
                    .as(() -> RemoteJobLifecycleIT.diagnosis(bed, job.id()) + sink.notes)
                    .isInstanceOf(JobState.Finished.class);
            assertThat(jobs.repository().require(job.id()).restarts()).isEqualTo(2);
            assertThat(sink.notes)
                    .anyMatch(
                            n ->
                                    n.contains("exit status 137")
                                            && n.contains("from its newest checkpoint"));
            assertThat(sink.notes)
                    .anyMatch(
                            n ->
                                    n.contains("hung")
                                            && n.contains("killed it")
                                            && n.contains("from its newest checkpoint"));
            assertThat(frozen).hasSize(1);
            frozen.get(0).onExit().orTimeout(30, TimeUnit.SECONDS).join();
            assertThat(sink.events)
                    .filteredOn(
                            e ->
                                    e.contains("\"type\":\"started\"")
                                            && e.contains("\"resumed\":true"))
                    .hasSize(2);
            assertThat(sink.events).isEqualTo(RemoteJobLifecycleIT.remoteEvents(bed, job.id()));
            assertThat(sink.events.get(sink.events.size() - 1))
                    .contains("\"type\":\"finished\"")
                    .contains("\"step\":10");
            // both hosts had a worker; the cluster was stopped when the run ended
            SparkBoxLayout layout = SparkJobLauncher.layout(job.id());
            for (Path home : List.of(bed.server.home(), second.home())) {
                // the resumed driver's executors ran on both (the logs are those of the restarted
                // daemons)
                assertThat(home.resolve(layout.log("worker")))
                        .content()
                        .contains("Asked to launch executor");
                assertThat(home.resolve(layout.pidFile("worker"))).doesNotExist();
            }
            assertThat(bed.server.home().resolve(layout.pidFile("master"))).doesNotExist();

            Path out = dir.resolve("fetched");
            Checkpoint checkpoint = jobs.fetch(job.id(), out, TransferListener.ignore());
            assertThat(checkpoint.step()).isEqualTo(10);
            Path audio;
            try (Stream<Path> files = Files.walk(dir.resolve("corpus"))) {
                audio = files.filter(f -> f.toString().endsWith(".flac")).findFirst().orElseThrow();
            }
            StringWriter text = new StringWriter();
            StringWriter err = new StringWriter();
            int exit =
                    Main.commandLine(new PrintWriter(text), new PrintWriter(err))
                            .execute(
                                    "--db",
                                    dir.resolve("transcribe-catalog").toString(),
                                    "transcribe",
                                    "--model",
                                    out.toString(),
                                    audio.toString());
            assertThat(exit).as(err.toString()).isZero();
            assertThat(text.toString()).startsWith(audio + "\t");
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
